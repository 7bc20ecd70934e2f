import {
  CSV_PRESETS,
  FILE_ACCOUNT_TYPES,
  type AccountsResponse,
  type BankAccountDto,
  type CsvDateFormat,
  type CsvMapping,
  type CsvMappingDraft,
  type CsvPreset,
  type FileAccountType,
} from '@paycadence/contracts';

// What the statement import dialog decides on the client: when a CSV mapping is complete enough to send, what a
// preset fills in, and which accounts a file may go into. The server reads the file; these only shape requests.

/** The file picker's filter; the server still checks the content, since a drop or a renamed file skips it. */
export const STATEMENT_ACCEPT = '.ofx,.qfx,.csv,text/csv';

/** The date layouts in words, so 'DD/MM/YYYY' is not the only clue to which is which. */
export const DATE_FORMAT_LABELS: Record<CsvDateFormat, string> = {
  'MM/DD/YYYY': 'MM/DD/YYYY (month first)',
  'DD/MM/YYYY': 'DD/MM/YYYY (day first)',
  'YYYY-MM-DD': 'YYYY-MM-DD (year first)',
};

export const FILE_ACCOUNT_TYPE_OPTIONS = (Object.keys(FILE_ACCOUNT_TYPES) as FileAccountType[]).map((value) => ({
  value,
  label: FILE_ACCOUNT_TYPES[value].label,
}));

/**
 * The draft as the server's CsvMappingSchema takes it, or null while something is still to choose: the date,
 * description and date format, and the amount (or both debit and credit when the file splits them).
 */
export function completeMapping(draft: CsvMappingDraft | null): CsvMapping | null {
  if (!draft || draft.date === null || draft.description === null || draft.date_format === null) return null;
  if (draft.sign === 'debit_credit' ? draft.debit === null || draft.credit === null : draft.amount === null) return null;
  return { ...draft, date: draft.date, description: draft.description, date_format: draft.date_format };
}

/** A bank's known layout as a mapping; rows skipped above the header stay as the preview found them. */
export function mappingFromPreset(preset: CsvPreset, skipRows: number): CsvMappingDraft {
  return {
    header_row: preset.header !== null,
    skip_rows: skipRows,
    date: preset.columns.date,
    description: preset.columns.description,
    amount: preset.columns.amount ?? null,
    debit: preset.columns.debit ?? null,
    credit: preset.columns.credit ?? null,
    balance: preset.columns.balance ?? null,
    date_format: preset.date_format,
    sign: preset.sign,
  };
}

export const presetById = (id: string | null | undefined): CsvPreset | undefined => CSV_PRESETS.find((preset) => preset.id === id);

/**
 * The fields still unknown in `mine`, taken from `theirs` (what the server answered for the chosen account, such
 * as the mapping that account's files used before); what the person already chose is kept.
 */
export function fillUnknown(mine: CsvMappingDraft, theirs: CsvMappingDraft): CsvMappingDraft {
  return {
    ...mine,
    date: mine.date ?? theirs.date,
    description: mine.description ?? theirs.description,
    date_format: mine.date_format ?? theirs.date_format,
    amount: mine.sign === 'debit_credit' ? mine.amount : (mine.amount ?? theirs.amount),
    debit: mine.sign === 'debit_credit' ? (mine.debit ?? theirs.debit) : mine.debit,
    credit: mine.sign === 'debit_credit' ? (mine.credit ?? theirs.credit) : mine.credit,
  };
}

/** The accounts fed by statement files: only these can take another file (a linked bank's are Plaid's). */
export function fileAccounts(data: AccountsResponse | undefined): BankAccountDto[] {
  if (!data) return [];
  const fileItems = new Set(data.items.filter((item) => item.source === 'file').map((item) => item.id));
  return data.accounts.filter((account) => fileItems.has(account.plaid_item_id));
}

/** 'Chase Checking': the bank's name and the kind of account, until the person names it themselves. */
export function suggestedAccountName(institution: string, type: FileAccountType): string {
  return `${institution.trim()} ${FILE_ACCOUNT_TYPES[type].label}`.trim();
}

/**
 * The X-File-Name value: a header must be ASCII, so the name goes URI-encoded (as the blog's image upload sends
 * it) and the server decodes it.
 */
export const uploadFileName = (name: string): string => encodeURIComponent(name);
