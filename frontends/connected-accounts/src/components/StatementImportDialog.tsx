import {
  CSV_DATE_FORMATS,
  CSV_PRESETS,
  CSV_SIGN_CONVENTIONS,
  CSV_SIGN_LABELS,
  FILE_ACCOUNT_TYPES,
  STATEMENT_LIMITS,
  STATEMENT_MESSAGES,
  completeCsvMapping,
  csvPresetById,
  csvPresetMapping,
  type BankAccountDto,
  type CsvMappingDraft,
  type CsvSignConvention,
  type FileAccountType,
  type StatementImportRequest,
  type StatementImportResponse,
  type StatementPreview,
  type StatementRow,
} from '@paycadence/contracts';
import { Alert, ApiError, Badge, Button, Checkbox, Modal, Select, Spinner, TextField, cx, formatDate } from '@paycadence/web-kit';
import { useEffect, useId, useRef, useState, type ChangeEvent, type DragEvent } from 'react';
import { useReloadAfterStatement, useStatementApi } from '../hooks/statement-queries.js';
import { formatMoney, signedTransactionAmount } from '../model/format.js';
import {
  DATE_FORMAT_LABELS,
  FILE_ACCOUNT_TYPE_OPTIONS,
  STATEMENT_ACCEPT,
  fillUnknown,
  suggestedAccountName,
} from '../model/statement.js';

const FAILED = 'The file could not be read right now. Please try again in a moment.';
const OTHER_PRESET = '';

/** The server's own words for a refused file ('This file is larger than 5 MB…'); a bare gateway 413 says the same. */
function errorText(error: unknown): string {
  if (!(error instanceof ApiError)) return FAILED;
  if (error.status === 413) return STATEMENT_MESSAGES.tooLarge;
  const ownWords = error.status === 0 || (error.status >= 400 && error.status < 500 && error.status !== 401) || error.status === 502;
  return ownWords && error.message && !error.message.startsWith('Request failed with status') ? error.message : FAILED;
}

type AccountChoice = { kind: 'new' } | { kind: 'existing'; accountId: string };
interface NewAccount {
  name: string;
  /** Until the person types a name, it follows the bank and type ('Chase Checking'). */
  nameEdited: boolean;
  type: FileAccountType;
  /** Until the person picks a type, a preset's kind of account sets it. */
  typeEdited: boolean;
  institution: string;
}
type Done = { result: StatementImportResponse; undone: string | null };

export interface StatementImportDialogProps {
  /** The accounts fed by statement files: a file can go into one of these instead of a new account. */
  fileAccounts: BankAccountDto[];
  onClose: () => void;
}

/**
 * Import a statement file (OFX, QFX, CSV): choose or drop the file, check what the server read from it (and for a
 * CSV which columns hold what), pick the account, import; the import can be undone from here or the account list.
 */
export function StatementImportDialog({ fileAccounts, onClose }: StatementImportDialogProps) {
  const statements = useStatementApi();
  const reloadAll = useReloadAfterStatement();
  const ids = useId();
  const [uploading, setUploading] = useState(false);
  const [dragging, setDragging] = useState(false);
  // `focus`: the control that was busy is gone or disabled, so the message takes the focus (Escape and Tab stay in).
  const [error, setErrorState] = useState<{ text: string; focus: boolean } | null>(null);
  const setError = (text: string | null, focus = false) => setErrorState(text === null ? null : { text, focus });
  const [preview, setPreview] = useState<StatementPreview | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const [mapping, setMapping] = useState<CsvMappingDraft | null>(null);
  const [presetId, setPresetId] = useState(OTHER_PRESET);
  const [choice, setChoice] = useState<AccountChoice>({ kind: 'new' });
  const [newAccount, setNewAccount] = useState<NewAccount>({ name: '', nameEdited: false, type: 'checking', typeEdited: false, institution: '' });
  const [importing, setImporting] = useState(false);
  const [done, setDone] = useState<Done | null>(null);
  const [undoing, setUndoing] = useState(false);
  const previewSeq = useRef(0);

  // Where the focus goes when what held it goes away: the file input after an upload, a busy button after it answered.
  const previewHeadingRef = useRef<HTMLHeadingElement>(null);
  const doneRef = useRef<HTMLDivElement>(null);
  const errorRef = useRef<HTMLDivElement>(null);
  const fileInputRef = useRef<HTMLInputElement>(null);
  const step = done ? 'done' : preview ? 'preview' : 'choose';
  const opened = useRef(false);
  useEffect(() => {
    // On opening the Modal puts the focus on its first control; after that each step takes it.
    if (!opened.current) {
      opened.current = true;
      return;
    }
    if (step === 'preview') previewHeadingRef.current?.focus();
    else if (step === 'done') doneRef.current?.focus();
    else fileInputRef.current?.focus();
  }, [step]);
  useEffect(() => {
    if (error?.focus) errorRef.current?.focus();
  }, [error]);
  const undone = done?.undone ?? null;
  useEffect(() => {
    if (undone) doneRef.current?.focus();
  }, [undone]);

  const upload = async (file: File | undefined) => {
    if (!file || uploading) return;
    setError(null);
    // Refused here as the server would refuse it, without sending 5 MB for nothing.
    if (file.size > STATEMENT_LIMITS.maxBytes) return setError(STATEMENT_MESSAGES.tooLarge);
    if (file.size === 0) return setError(STATEMENT_MESSAGES.emptyFile);
    setUploading(true);
    try {
      start(await statements.upload(file));
    } catch (caught) {
      setError(errorText(caught));
    } finally {
      setUploading(false);
    }
  };

  /** A fresh upload: everything chosen on screen starts from what the server read. */
  const start = (answer: StatementPreview) => {
    const preset = csvPresetById(answer.csv?.preset);
    const type = answer.account_type ?? preset?.account_type ?? 'checking';
    const institution = answer.institution_name ?? '';
    setPreview(answer);
    setMapping(answer.csv?.mapping ?? null);
    setPresetId(preset?.id ?? OTHER_PRESET);
    setChoice(answer.account_id ? { kind: 'existing', accountId: answer.account_id } : { kind: 'new' });
    setNewAccount({ name: suggestedAccountName(institution, type), nameEdited: false, type, typeEdited: false, institution });
  };

  /**
   * Reads the uploaded file again with the account and mapping now on screen. The mapping goes only once it is
   * complete (the server refuses a partial one); only the newest answer is shown.
   */
  const repreview = async (next: { choice: AccountChoice; mapping: CsvMappingDraft | null; accountChanged?: boolean }) => {
    if (!preview) return;
    const seq = ++previewSeq.current;
    const complete = completeCsvMapping(next.mapping);
    const body: { account_id: string | null; mapping?: NonNullable<ReturnType<typeof completeCsvMapping>> } = {
      account_id: next.choice.kind === 'existing' ? next.choice.accountId : null,
    };
    if (complete) body.mapping = complete;
    setPreviewing(true);
    setError(null);
    try {
      const answer = await statements.preview(preview.upload_id, body);
      if (seq !== previewSeq.current) return;
      setPreview(answer);
      // An account's earlier files may tell what this one's columns are: take what is still unknown here.
      if (next.accountChanged && !complete && next.mapping && answer.csv) setMapping(fillUnknown(next.mapping, answer.csv.mapping));
    } catch (caught) {
      if (seq !== previewSeq.current) return;
      setError(errorText(caught));
      // The counts shown were for the account and columns before this change: none until a preview succeeds.
      setPreview((current) => current && { ...current, transactions: null });
    } finally {
      if (seq === previewSeq.current) setPreviewing(false);
    }
  };

  const changeMapping = (changes: Partial<CsvMappingDraft>, fromPreset = OTHER_PRESET) => {
    if (!mapping) return;
    const next = { ...mapping, ...changes };
    setMapping(next);
    setPresetId(fromPreset);
    void repreview({ choice, mapping: next });
  };

  const choosePreset = (id: string) => {
    const preset = csvPresetById(id);
    if (!preset || !mapping) {
      // 'Other': the columns stay as they are, to be changed one by one.
      setPresetId(OTHER_PRESET);
      return;
    }
    if (!newAccount.typeEdited) {
      setNewAccount((current) => ({
        ...current,
        type: preset.account_type,
        name: current.nameEdited ? current.name : suggestedAccountName(current.institution, preset.account_type),
      }));
    }
    changeMapping(csvPresetMapping(preset, mapping.skip_rows), preset.id);
  };

  const changeChoice = (next: AccountChoice) => {
    setChoice(next);
    void repreview({ choice: next, mapping, accountChanged: true });
  };

  const editNewAccount = (changes: Partial<NewAccount>) =>
    setNewAccount((current) => {
      const next = { ...current, ...changes };
      return next.nameEdited ? next : { ...next, name: suggestedAccountName(next.institution, next.type) };
    });

  const complete = completeCsvMapping(mapping);
  // The date format select says it itself when the file's dates could be either way round.
  const problem =
    preview?.problem && !(mapping?.date_format === null && preview.problem === STATEMENT_MESSAGES.ambiguousDates) ? preview.problem : null;
  const accountReady =
    choice.kind === 'existing' ? choice.accountId !== '' : newAccount.name.trim() !== '' && newAccount.institution.trim() !== '';
  const canImport = !!preview?.transactions && !previewing && !importing && accountReady && (!preview.csv || complete !== null);

  const runImport = async () => {
    if (!preview || !canImport) return;
    const body: StatementImportRequest =
      choice.kind === 'existing'
        ? { account_id: choice.accountId }
        : { new_account: { name: newAccount.name.trim(), type: newAccount.type, institution_name: newAccount.institution.trim() } };
    if (preview.csv && complete) body.mapping = complete;
    setImporting(true);
    setError(null);
    try {
      const result = await statements.import(preview.upload_id, body);
      if (!result.success) {
        setError(result.message || FAILED, true);
        return;
      }
      setDone({ result, undone: null });
      void reloadAll();
    } catch (caught) {
      setError(errorText(caught), true);
    } finally {
      setImporting(false);
    }
  };

  const undo = async () => {
    if (!done || undoing) return;
    setUndoing(true);
    setError(null);
    try {
      const answer = await statements.undo(done.result.import.id);
      setDone({ ...done, undone: answer.message });
      void reloadAll();
    } catch (caught) {
      setError(errorText(caught), true);
    } finally {
      setUndoing(false);
    }
  };

  const again = () => {
    previewSeq.current += 1;
    setPreview(null);
    setMapping(null);
    setDone(null);
    setError(null);
    setPreviewing(false);
  };

  const errorBlock = error && (
    <div ref={errorRef} tabIndex={-1} className="ca-dialog-error">
      <Alert tone="error">{error.text}</Alert>
    </div>
  );

  return (
    <Modal open title={STATEMENT_MESSAGES.dialogTitle} onClose={onClose} className="ca-statement-dialog">
      {step === 'choose' && (
        <div className="ca-statement">
          <p className="ca-statement__intro">{STATEMENT_MESSAGES.dialogIntro}</p>
          <div
            className={cx('ca-drop', dragging && 'ca-drop--over')}
            onDragEnter={(event: DragEvent) => {
              event.preventDefault();
              setDragging(true);
            }}
            onDragOver={(event: DragEvent) => {
              event.preventDefault();
              event.dataTransfer.dropEffect = 'copy';
            }}
            onDragLeave={(event: DragEvent) => {
              if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
            }}
            onDrop={(event: DragEvent) => {
              event.preventDefault();
              setDragging(false);
              void upload(event.dataTransfer.files[0]);
            }}
          >
            <p className="ca-drop__text" id={`${ids}-drop`}>
              {STATEMENT_MESSAGES.dropHere}
            </p>
            {/* The real input keeps the keyboard and screen readers' own file picker; the label is what shows. */}
            <input
              ref={fileInputRef}
              id={`${ids}-file`}
              type="file"
              accept={STATEMENT_ACCEPT}
              className="ca-drop__input"
              aria-describedby={`${ids}-drop ${ids}-limits`}
              onChange={(event: ChangeEvent<HTMLInputElement>) => {
                const file = event.target.files?.[0];
                // Cleared so choosing the same file again (after fixing it) still counts as a change.
                event.target.value = '';
                void upload(file);
              }}
            />
            <label htmlFor={`${ids}-file`} className="pc-btn pc-btn--secondary pc-btn--md ca-drop__button">
              {STATEMENT_MESSAGES.chooseFile}
            </label>
            <p className="ca-muted ca-small" id={`${ids}-limits`}>
              OFX, QFX or CSV, up to {STATEMENT_LIMITS.maxBytes / (1024 * 1024)} MB.
            </p>
          </div>
          {uploading && <Spinner inline label="Reading the file…" />}
          {errorBlock}
          <div className="ca-dialog-actions">
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
          </div>
        </div>
      )}

      {step === 'preview' && preview && (
        <div className="ca-statement">
          <h3 ref={previewHeadingRef} tabIndex={-1} className="ca-statement__file">
            <span className="ca-statement__name">{preview.file_name}</span> <Badge tone="info">{preview.format.toUpperCase()}</Badge>
          </h3>
          <FileFacts preview={preview} />

          {preview.csv && mapping && (
            <CsvMappingFields
              csv={preview.csv}
              mapping={mapping}
              presetId={presetId}
              onPreset={choosePreset}
              onChange={(changes) => changeMapping(changes)}
            />
          )}

          <div className="ca-statement__result" role="status" aria-live="polite">
            {previewing ? (
              <p className="ca-muted">Reading the file again…</p>
            ) : (
              <>
                {problem && <p className="ca-warning">{problem}</p>}
                {preview.transactions && (!preview.csv || complete) && (
                  <p className="ca-statement__counts">
                    <strong>{STATEMENT_MESSAGES.counts(preview.transactions.new, preview.transactions.already)}</strong>
                    <span className="ca-muted">
                      {' '}
                      · <time dateTime={preview.transactions.first_date}>{formatDate(preview.transactions.first_date)}</time> to{' '}
                      <time dateTime={preview.transactions.last_date}>{formatDate(preview.transactions.last_date)}</time>
                    </span>
                  </p>
                )}
              </>
            )}
          </div>
          {preview.transactions && (!preview.csv || complete) && preview.transactions.sample.length > 0 && (
            <SampleRows rows={preview.transactions.sample} total={preview.transactions.total} />
          )}

          <AccountFields
            fileAccounts={fileAccounts}
            choice={choice}
            newAccount={newAccount}
            onChoice={changeChoice}
            onNewAccount={editNewAccount}
          />

          {errorBlock}
          <div className="ca-dialog-actions">
            <Button variant="ghost" onClick={again} disabled={importing}>
              Choose another file
            </Button>
            <Button onClick={() => void runImport()} disabled={!canImport} busy={importing} busyText={STATEMENT_MESSAGES.importing}>
              {STATEMENT_MESSAGES.importAction}
            </Button>
          </div>
        </div>
      )}

      {step === 'done' && done && (
        <div className="ca-statement">
          <div ref={doneRef} tabIndex={-1} className="ca-dialog-result">
            {done.undone ? <Alert tone="info">{done.undone}</Alert> : <Alert tone="success">{done.result.message}</Alert>}
          </div>
          {!done.undone && (
            <p className="ca-muted ca-small">
              Into {done.result.import.account_name}. Bills and paychecks in it are looked for as with a linked bank.
            </p>
          )}
          {errorBlock}
          <div className="ca-dialog-actions">
            {!done.undone && (
              <Button variant="danger" onClick={() => void undo()} busy={undoing} busyText="Undoing…">
                {STATEMENT_MESSAGES.undo}
              </Button>
            )}
            <Button variant="secondary" onClick={again} disabled={undoing}>
              Import another file
            </Button>
            <Button onClick={onClose}>Close</Button>
          </div>
        </div>
      )}
    </Modal>
  );
}

/** What an OFX or QFX file says of its account (a CSV's balance column too), where it says it. */
function FileFacts({ preview }: { preview: StatementPreview }) {
  const facts: Array<[string, string]> = [];
  if (preview.institution_name) facts.push(['Bank', preview.institution_name]);
  if (preview.account_type) facts.push(['Account type', FILE_ACCOUNT_TYPES[preview.account_type].label]);
  if (preview.mask) facts.push(['Account', `ending in ${preview.mask}`]);
  if (preview.balance !== null) {
    facts.push(['Balance', preview.balance_date ? `${formatMoney(preview.balance)} on ${formatDate(preview.balance_date)}` : formatMoney(preview.balance)]);
  }
  if (facts.length === 0) return null;
  return (
    <dl className="ca-facts">
      {facts.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

interface CsvMappingFieldsProps {
  csv: NonNullable<StatementPreview['csv']>;
  mapping: CsvMappingDraft;
  presetId: string;
  onPreset: (id: string) => void;
  onChange: (changes: Partial<CsvMappingDraft>) => void;
}

/** The first rows as the file has them, and which column holds what. */
function CsvMappingFields({ csv, mapping, presetId, onPreset, onChange }: CsvMappingFieldsProps) {
  const titleId = useId();
  const columnOptions = csv.columns.map((name, index) => ({ value: String(index), label: name.trim() || `Column ${index + 1}` }));
  const column = (value: string) => (value === '' ? null : Number(value));
  const columnSelect = (label: string, field: 'date' | 'description' | 'amount' | 'debit' | 'credit' | 'balance', optional = false) => (
    <Select
      label={label}
      value={mapping[field] === null ? '' : String(mapping[field])}
      placeholder={optional ? 'None' : 'Choose a column'}
      options={columnOptions}
      onChange={(event) => onChange({ [field]: column(event.target.value) })}
    />
  );
  // Only the layouts every date in the file fits, once the date column is known; a preset's own is kept listed.
  const formats = csv.date_formats.length > 0 ? [...csv.date_formats] : [...CSV_DATE_FORMATS];
  if (mapping.date_format && !formats.includes(mapping.date_format)) formats.push(mapping.date_format);

  return (
    <section className="ca-csv" aria-labelledby={titleId}>
      <h4 id={titleId} className="ca-statement__subtitle">
        The columns of this file
      </h4>
      {/* Scrolls sideways on a phone; focusable so a keyboard can scroll it too. */}
      <div className="ca-csv__table" role="region" aria-label="The first rows of the file" tabIndex={0}>
        <table>
          <thead>
            <tr>
              {csv.columns.map((name, index) => (
                <th key={index} scope="col">
                  {name.trim() || `Column ${index + 1}`}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {csv.rows.map((row, rowIndex) => (
              <tr key={rowIndex}>
                {row.map((cell, cellIndex) => (
                  <td key={cellIndex}>{cell}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="ca-csv__fields">
        <Select
          label="Bank layout"
          value={presetId}
          options={[...CSV_PRESETS.map((preset) => ({ value: preset.id, label: preset.label })), { value: OTHER_PRESET, label: 'Other / choose columns' }]}
          hint="Choosing your bank fills in the columns below."
          onChange={(event) => onPreset(event.target.value)}
        />
        <Select
          label="Money out and money in"
          value={mapping.sign}
          options={CSV_SIGN_CONVENTIONS.map((sign) => ({ value: sign, label: CSV_SIGN_LABELS[sign] }))}
          onChange={(event) => onChange({ sign: event.target.value as CsvSignConvention })}
        />
        {columnSelect('Date column', 'date')}
        {columnSelect('Description column', 'description')}
        {mapping.sign === 'debit_credit' ? (
          <>
            {columnSelect('Money out (debit) column', 'debit')}
            {columnSelect('Money in (credit) column', 'credit')}
          </>
        ) : (
          columnSelect('Amount column', 'amount')
        )}
        {columnSelect('Balance column (optional)', 'balance', true)}
        <Select
          label="Date format"
          value={mapping.date_format ?? ''}
          placeholder={mapping.date_format === null ? 'Choose the date format' : undefined}
          options={formats.map((format) => ({ value: format, label: DATE_FORMAT_LABELS[format] }))}
          hint={mapping.date_format === null ? STATEMENT_MESSAGES.ambiguousDates : undefined}
          aria-invalid={mapping.date_format === null ? true : undefined}
          onChange={(event) => onChange({ date_format: (event.target.value || null) as CsvMappingDraft['date_format'] })}
        />
        <Checkbox
          className="ca-csv__header"
          label="The first row is column names"
          checked={mapping.header_row}
          onChange={(event) => onChange({ header_row: event.target.checked })}
        />
      </div>
    </section>
  );
}

/** A few rows as they will be kept: the product's sign (positive is money out), shown as money out or in. */
function SampleRows({ rows, total }: { rows: StatementRow[]; total: number }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId}>
      <h4 id={titleId} className="ca-statement__subtitle">
        First {rows.length} of {total.toLocaleString('en-US')} transaction{total === 1 ? '' : 's'}
      </h4>
      <ul className="ca-transactions ca-sample">
        {rows.map((row, index) => {
          const amount = signedTransactionAmount(row.amount);
          return (
            <li key={index} className="ca-tx">
              <div className="ca-tx__main">
                <p className="ca-tx__name">{row.description}</p>
                <p className="ca-muted ca-small">
                  <time dateTime={row.date}>{formatDate(row.date)}</time>
                </p>
              </div>
              <p className={`ca-money ca-tx__amount ca-tx__amount--${amount.direction}`}>
                <span className="pc-visually-hidden">{amount.direction === 'income' ? 'Money in' : 'Money out'} </span>
                {amount.text}
              </p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

interface AccountFieldsProps {
  fileAccounts: BankAccountDto[];
  choice: AccountChoice;
  newAccount: NewAccount;
  onChoice: (choice: AccountChoice) => void;
  onNewAccount: (changes: Partial<NewAccount>) => void;
}

/** Into an account an earlier file made, or a new one named here. */
function AccountFields({ fileAccounts, choice, newAccount, onChoice, onNewAccount }: AccountFieldsProps) {
  const ids = useId();
  const accountLabel = (account: BankAccountDto) =>
    `${account.account_name} · ${account.institution_name}${account.mask ? ` · ending in ${account.mask}` : ''}`;
  const existingOptions = fileAccounts.map((account) => ({ value: account.id, label: accountLabel(account) }));
  if (choice.kind === 'existing' && choice.accountId && !fileAccounts.some((account) => account.id === choice.accountId)) {
    existingOptions.push({ value: choice.accountId, label: 'The account of an earlier import' });
  }
  return (
    <fieldset className="ca-choice" aria-describedby={`${ids}-hint`}>
      <legend className="ca-statement__subtitle">Account</legend>
      <p id={`${ids}-hint`} className="ca-muted ca-small">
        {STATEMENT_MESSAGES.accountChoice}
      </p>
      {existingOptions.length > 0 && (
        <div className="ca-choice__options">
          <label className="ca-choice__option">
            <input
              type="radio"
              name={`${ids}-choice`}
              checked={choice.kind === 'existing'}
              onChange={() => onChoice({ kind: 'existing', accountId: existingOptions[0]!.value })}
            />
            <span>Add to an existing account</span>
          </label>
          <label className="ca-choice__option">
            <input type="radio" name={`${ids}-choice`} checked={choice.kind === 'new'} onChange={() => onChoice({ kind: 'new' })} />
            <span>A new account</span>
          </label>
        </div>
      )}
      {choice.kind === 'existing' ? (
        <Select
          label="Existing account"
          value={choice.accountId}
          options={existingOptions}
          onChange={(event) => onChoice({ kind: 'existing', accountId: event.target.value })}
        />
      ) : (
        <div className="ca-choice__fields">
          <TextField
            label="Bank name"
            value={newAccount.institution}
            maxLength={100}
            autoComplete="off"
            onChange={(event) => onNewAccount({ institution: event.target.value })}
            required
          />
          <Select
            label="Account type"
            value={newAccount.type}
            options={FILE_ACCOUNT_TYPE_OPTIONS}
            onChange={(event) => onNewAccount({ type: event.target.value as FileAccountType, typeEdited: true })}
          />
          <TextField
            label="Account name"
            value={newAccount.name}
            maxLength={100}
            autoComplete="off"
            onChange={(event) => onNewAccount({ name: event.target.value, nameEdited: true })}
            required
          />
        </div>
      )}
    </fieldset>
  );
}
