import {
  FILE_ACCOUNT_TYPES,
  type AccountsResponse,
  type BankAccountDto,
  type CsvDateFormat,
  type CsvMappingDraft,
  type FileAccountType,
} from '@paycadence/contracts';

// What the statement import dialog decides on the client: labels, what the server's answer fills in, and which
// accounts a file may go into. The server reads the file; these only shape requests (a preset's mapping and when a
// mapping is complete are the contracts' rules).

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
