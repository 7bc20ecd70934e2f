// Statement files (ours: docs/product links banks through Plaid only). A person who will not link a bank
// downloads a statement from it (OFX 1.x or 2.x, QFX, CSV) and imports it on Connected Accounts; the file's
// transactions land in a file-fed account and feed detection, analytics, paid status and the rest exactly as a
// linked bank's do. How it works and why: docs/statement-files.md.
import { z } from 'zod';
import { safeString } from './text.js';

export const STATEMENT_LIMITS = {
  /** The largest file taken (the gateway lets 6 MB through to bank-sync). */
  maxBytes: 5 * 1024 * 1024,
  /** Transactions dated before this are refused: no bank statement goes back further, a wrong date format does. */
  earliestDate: '1990-01-01',
  /** Rows of a CSV file the preview shows as the file has them. */
  previewRows: 8,
  /** An uploaded file waits this long for its import, then is deleted unread. */
  uploadTtlMinutes: 60,
  /** Imports listed for undo, newest first. */
  listedImports: 50,
} as const;

export const STATEMENT_FORMATS = ['ofx', 'qfx', 'csv'] as const;
export type StatementFormat = (typeof STATEMENT_FORMATS)[number];

/** The date layouts a CSV file may use; a file whose every day is 12 or less fits two and must be told which. */
export const CSV_DATE_FORMATS = ['MM/DD/YYYY', 'DD/MM/YYYY', 'YYYY-MM-DD'] as const;
export type CsvDateFormat = (typeof CSV_DATE_FORMATS)[number];

/** How a CSV file writes money out: negative amounts, positive amounts, or its own debit and credit columns. */
export const CSV_SIGN_CONVENTIONS = ['out_negative', 'out_positive', 'debit_credit'] as const;
export type CsvSignConvention = (typeof CSV_SIGN_CONVENTIONS)[number];

export const CSV_SIGN_LABELS: Record<CsvSignConvention, string> = {
  out_negative: 'Money out is negative in this file',
  out_positive: 'Money out is positive in this file',
  debit_credit: 'Money out and money in are in separate columns',
};

/** The kinds of file-fed account, with the bank account type and subtype the rest of the product reads. */
export const FILE_ACCOUNT_TYPES = {
  checking: { label: 'Checking', type: 'depository', subtype: 'checking' },
  savings: { label: 'Savings', type: 'depository', subtype: 'savings' },
  credit_card: { label: 'Credit card', type: 'credit', subtype: 'credit card' },
} as const;
export type FileAccountType = keyof typeof FILE_ACCOUNT_TYPES;
export const FILE_ACCOUNT_TYPE_VALUES = Object.keys(FILE_ACCOUNT_TYPES) as [FileAccountType, ...FileAccountType[]];

export const STATEMENT_MESSAGES = {
  importButton: 'Import a statement file',
  dialogTitle: 'Import a statement file',
  dialogIntro:
    'Download a statement from your bank’s website (OFX, QFX or CSV) and drop it here. We read it on our server, keep its transactions and delete the file.',
  dropHere: 'Drop the file here, or choose one',
  chooseFile: 'Choose a file',
  importAction: 'Import',
  importing: 'Importing…',
  undo: 'Undo this import',
  undone: (n: number) => `Import undone: ${n} transaction${n === 1 ? '' : 's'} removed.`,
  imported: (added: number, already: number) =>
    `Imported ${added} new transaction${added === 1 ? '' : 's'}${already ? `; ${already} ${already === 1 ? 'was' : 'were'} already here` : ''}.`,
  counts: (fresh: number, already: number) => `${fresh} new, ${already} already here`,
  fileAccountNote: 'From statement files',
  lastImport: 'Last import',
  // Refusals: each changes nothing.
  emptyFile: 'This file is empty.',
  tooLarge: 'This file is larger than 5 MB. Download a shorter period from your bank.',
  wrongType: 'This is not an OFX, QFX or CSV statement file.',
  entitiesRefused: 'This file declares XML entities, which a bank statement never does. It was not read.',
  malformedOfx: (where: string) => `This OFX file could not be read: ${where}.`,
  malformedCsv: (line: number, why: string) => `This CSV file could not be read at line ${line}: ${why}.`,
  noTransactions: 'This file holds no transactions.',
  severalAccounts: 'This file holds several accounts. Download one account at a time from your bank.',
  unmappable: 'We could not tell which columns hold the date, description and amount. Choose them below.',
  badDate: (line: number, value: string) => `Line ${line}: “${value}” is not a date in the chosen format.`,
  dateOutOfRange: (line: number, value: string) => `Line ${line}: ${value} is in the future or before 1990.`,
  badAmount: (line: number, value: string) => `Line ${line}: “${value}” is not an amount.`,
  ambiguousDates: 'The dates in this file could be month first or day first. Choose which.',
  uploadGone: 'This upload has expired. Choose the file again.',
  accountNotFound: 'That account was not found among your file accounts.',
  importNotFound: 'That import was not found.',
  accountChoice: 'Choose the account this file belongs to, or name a new one.',
} as const;

// ---------------------------------------------------------------------------------------------------------
// CSV mapping: columns by their 0-based position, so a file without a header row maps the same way.

const column = z.number().int().min(0).max(199);
const csvMappingFields = {
  /** Whether the first mapped row is the column names (skipped). */
  header_row: z.boolean(),
  /** Rows above the header (a bank's summary block) skipped before it. */
  skip_rows: z.number().int().min(0).max(50),
  date: column,
  description: column,
  amount: column.nullable(),
  debit: column.nullable(),
  credit: column.nullable(),
  balance: column.nullable(),
  date_format: z.enum(CSV_DATE_FORMATS, { error: 'Choose the date format' }),
  sign: z.enum(CSV_SIGN_CONVENTIONS),
};
export const CsvMappingSchema = z
  .object(csvMappingFields)
  .strict()
  .refine((m) => (m.sign === 'debit_credit' ? m.debit !== null && m.credit !== null : m.amount !== null), {
    message: 'Choose the amount column, or the debit and credit columns',
    path: ['amount'],
  });
/** What the preview found so far: any field it could not tell is null, for the person to choose. */
export const CsvMappingDraftSchema = z.object({
  ...csvMappingFields,
  date: column.nullable(),
  description: column.nullable(),
  date_format: z.enum(CSV_DATE_FORMATS).nullable(),
});
export type CsvMappingDraft = z.output<typeof CsvMappingDraftSchema>;
export type CsvMapping = z.output<typeof CsvMappingSchema>;

/**
 * A bank's or card issuer's own CSV download, as its help pages lay it out: the column names (compared without
 * case or spaces), which of them holds what, the date format and the sign. Rows above `header` are skipped (Bank of
 * America puts a summary first); `headerless` files (Wells Fargo) are matched by their shape instead.
 */
export interface CsvPreset {
  id: string;
  label: string;
  header: readonly string[] | null;
  /** Column count of a headerless layout. */
  headerless?: number;
  columns: { date: number; description: number; amount?: number; debit?: number; credit?: number; balance?: number };
  date_format: CsvDateFormat;
  sign: CsvSignConvention;
  account_type: FileAccountType;
}

export const CSV_PRESETS: readonly CsvPreset[] = [
  {
    id: 'chase-checking',
    label: 'Chase checking or savings',
    header: ['Details', 'Posting Date', 'Description', 'Amount', 'Type', 'Balance', 'Check or Slip #'],
    columns: { date: 1, description: 2, amount: 3, balance: 5 },
    date_format: 'MM/DD/YYYY',
    sign: 'out_negative',
    account_type: 'checking',
  },
  {
    id: 'chase-card',
    label: 'Chase credit card',
    header: ['Transaction Date', 'Post Date', 'Description', 'Category', 'Type', 'Amount', 'Memo'],
    columns: { date: 0, description: 2, amount: 5 },
    date_format: 'MM/DD/YYYY',
    sign: 'out_negative',
    account_type: 'credit_card',
  },
  {
    id: 'bank-of-america',
    label: 'Bank of America checking or savings',
    header: ['Date', 'Description', 'Amount', 'Running Bal.'],
    columns: { date: 0, description: 1, amount: 2, balance: 3 },
    date_format: 'MM/DD/YYYY',
    sign: 'out_negative',
    account_type: 'checking',
  },
  {
    id: 'bank-of-america-card',
    label: 'Bank of America credit card',
    header: ['Posted Date', 'Reference Number', 'Payee', 'Address', 'Amount'],
    columns: { date: 0, description: 2, amount: 4 },
    date_format: 'MM/DD/YYYY',
    sign: 'out_negative',
    account_type: 'credit_card',
  },
  {
    id: 'wells-fargo',
    label: 'Wells Fargo',
    header: null,
    headerless: 5,
    columns: { date: 0, description: 4, amount: 1 },
    date_format: 'MM/DD/YYYY',
    sign: 'out_negative',
    account_type: 'checking',
  },
  {
    id: 'capital-one',
    label: 'Capital One credit card',
    header: ['Transaction Date', 'Posted Date', 'Card No.', 'Description', 'Category', 'Debit', 'Credit'],
    columns: { date: 0, description: 3, debit: 5, credit: 6 },
    date_format: 'YYYY-MM-DD',
    sign: 'debit_credit',
    account_type: 'credit_card',
  },
  {
    id: 'citi',
    label: 'Citi credit card',
    header: ['Status', 'Date', 'Description', 'Debit', 'Credit'],
    columns: { date: 1, description: 2, debit: 3, credit: 4 },
    date_format: 'MM/DD/YYYY',
    sign: 'debit_credit',
    account_type: 'credit_card',
  },
  {
    id: 'amex',
    label: 'American Express',
    header: ['Date', 'Description', 'Amount'],
    columns: { date: 0, description: 1, amount: 2 },
    date_format: 'MM/DD/YYYY',
    sign: 'out_positive',
    account_type: 'credit_card',
  },
  {
    id: 'discover',
    label: 'Discover card',
    header: ['Trans. Date', 'Post Date', 'Description', 'Amount', 'Category'],
    columns: { date: 0, description: 2, amount: 3 },
    date_format: 'MM/DD/YYYY',
    sign: 'out_positive',
    account_type: 'credit_card',
  },
  {
    id: 'us-bank',
    label: 'U.S. Bank',
    header: ['Date', 'Transaction', 'Name', 'Memo', 'Amount'],
    columns: { date: 0, description: 2, amount: 4 },
    date_format: 'YYYY-MM-DD',
    sign: 'out_negative',
    account_type: 'checking',
  },
];

/** The preset of this id, if there is one. */
export const csvPresetById = (id: string | null | undefined): CsvPreset | undefined => CSV_PRESETS.find((preset) => preset.id === id);

/** A bank's layout as a mapping; `skipRows` rows above its header (as found in the file) are skipped. */
export function csvPresetMapping(preset: CsvPreset, skipRows: number): CsvMapping {
  const c = preset.columns;
  return {
    header_row: preset.header !== null,
    skip_rows: skipRows,
    date: c.date,
    description: c.description,
    amount: c.amount ?? null,
    debit: c.debit ?? null,
    credit: c.credit ?? null,
    balance: c.balance ?? null,
    date_format: preset.date_format,
    sign: preset.sign,
  };
}

/** The draft as a mapping CsvMappingSchema takes, or null while something is still to choose. */
export function completeCsvMapping(draft: CsvMappingDraft | null): CsvMapping | null {
  const parsed = draft ? CsvMappingSchema.safeParse(draft) : null;
  return parsed?.success ? parsed.data : null;
}

// ---------------------------------------------------------------------------------------------------------
// Wire shapes

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** One transaction as the preview reads it: `amount` in the product's sign (positive is money out, as Plaid's). */
export const StatementRowSchema = z.object({ date: isoDate, description: z.string(), amount: z.number() });
export type StatementRow = z.infer<typeof StatementRowSchema>;

export const StatementPreviewSchema = z.object({
  upload_id: z.string(),
  file_name: z.string(),
  format: z.enum(STATEMENT_FORMATS),
  /** What the file says of its account, where it says it (OFX): else null and the person is asked. */
  institution_name: z.string().nullable(),
  account_type: z.enum(FILE_ACCOUNT_TYPE_VALUES).nullable(),
  mask: z.string().nullable(),
  /** The file's ledger balance (OFX LEDGERBAL) or the newest row's balance column, with its date. */
  balance: z.number().nullable(),
  balance_date: isoDate.nullable(),
  /** The file account this file goes into: the one it came from before (OFX account, or chosen), else null (a new one). */
  account_id: z.string().nullable(),
  csv: z
    .object({
      /** The column names (the header row's, else 'Column 1'…). */
      columns: z.array(z.string()),
      /** The first rows as the file has them. */
      rows: z.array(z.array(z.string())),
      /** The mapping in use: the one sent, else the account's remembered one, else a preset's, else what was detected. */
      mapping: CsvMappingDraftSchema,
      preset: z.string().nullable(),
      /** Date formats every date of the file fits, when the mapping's date column is known. */
      date_formats: z.array(z.enum(CSV_DATE_FORMATS)),
    })
    .nullable(),
  /** Null when the mapping is not complete yet (CSV); `problem` then says what to choose. */
  transactions: z
    .object({
      total: z.number().int(),
      new: z.number().int(),
      already: z.number().int(),
      first_date: isoDate,
      last_date: isoDate,
      sample: z.array(StatementRowSchema),
    })
    .nullable(),
  problem: z.string().nullable(),
});
export type StatementPreview = z.infer<typeof StatementPreviewSchema>;

const uuid = (message: string) => z.string().uuid(message);

/** POST …/statements/{uploadId}/preview: the same file read with the account and mapping chosen on screen. */
export const StatementPreviewRequestSchema = z
  .object({
    account_id: uuid('account_id must be an account id').nullish(),
    mapping: CsvMappingSchema.optional(),
  })
  .strict();
export type StatementPreviewRequest = z.input<typeof StatementPreviewRequestSchema>;

export const NewFileAccountSchema = z
  .object({
    name: safeString({ error: 'Account name is required' }).trim().min(1, 'Account name is required').max(100, 'Account name is too long'),
    type: z.enum(FILE_ACCOUNT_TYPE_VALUES, { error: 'Choose checking, savings or credit card' }),
    institution_name: safeString({ error: 'Bank name is required' }).trim().min(1, 'Bank name is required').max(100, 'Bank name is too long'),
  })
  .strict();
export type NewFileAccount = z.infer<typeof NewFileAccountSchema>;

/** POST …/statements/{uploadId}/import: into a file account of the person's, or a new one; CSV with its mapping. */
export const StatementImportRequestSchema = z
  .object({
    account_id: uuid('account_id must be an account id').optional(),
    new_account: NewFileAccountSchema.optional(),
    mapping: CsvMappingSchema.optional(),
  })
  .strict()
  .refine((body) => (body.account_id === undefined) !== (body.new_account === undefined), {
    message: STATEMENT_MESSAGES.accountChoice,
    path: ['account_id'],
  });
export type StatementImportRequest = z.input<typeof StatementImportRequestSchema>;

export const StatementImportSchema = z.object({
  id: z.string(),
  account_id: z.string(),
  account_name: z.string(),
  file_name: z.string(),
  format: z.enum(STATEMENT_FORMATS),
  added: z.number().int(),
  already: z.number().int(),
  first_date: isoDate.nullable(),
  last_date: isoDate.nullable(),
  created_at: z.string(),
});
export type StatementImportDto = z.infer<typeof StatementImportSchema>;

export const StatementImportResponseSchema = z.object({ success: z.boolean(), message: z.string(), import: StatementImportSchema });
export type StatementImportResponse = z.infer<typeof StatementImportResponseSchema>;
export const StatementImportListSchema = z.object({ success: z.boolean(), imports: z.array(StatementImportSchema) });
export type StatementImportList = z.infer<typeof StatementImportListSchema>;
export const StatementUndoResponseSchema = z.object({ success: z.boolean(), message: z.string(), removed: z.number().int() });
export type StatementUndoResponse = z.infer<typeof StatementUndoResponseSchema>;

/** Where a browser sends the file's bytes (`Content-Type: application/octet-stream`, the name in `X-File-Name`). */
export const STATEMENT_UPLOAD_PATH = '/api/plaid-production/statements';
export const STATEMENT_FILE_NAME_HEADER = 'x-file-name';
