import {
  STATEMENT_MESSAGES,
  type AccountsResponse,
  type AnalyticsResponse,
  type BankAccountDto,
  type BankItemDto,
  type BankSuggestionsResponse,
  type StatementImportDto,
  type StatementPreview,
  type TransactionDto,
} from '@paycadence/contracts';

export const ITEM_ID = '0b6a3c1e-2d4f-4a5b-8c6d-7e8f9a0b1c2d';
export const LOCKED_ITEM_ID = '1c7b4d2f-3e5a-4b6c-9d7e-8f9a0b1c2d3e';

export const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

export function item(overrides: Partial<BankItemDto> = {}): BankItemDto {
  return {
    id: ITEM_ID,
    institution_id: 'ins_109511',
    institution_name: 'Tartan Bank',
    status: 'active',
    sync_state: 'idle',
    last_synced_at: minutesAgo(5.5),
    last_error: null,
    transaction_count: 1234,
    source: 'plaid',
    ...overrides,
  };
}

export function account(overrides: Partial<BankAccountDto> = {}): BankAccountDto {
  return {
    id: 'acc-1',
    account_name: 'Plaid Checking',
    account_type: 'depository',
    account_subtype: 'checking',
    mask: '0000',
    current_balance: 1234.56,
    available_balance: 1200,
    currency_code: 'USD',
    last_updated: minutesAgo(5.5),
    plaid_item_id: ITEM_ID,
    institution_name: 'Tartan Bank',
    ...overrides,
  };
}

export const accountsBody = (items: BankItemDto[] = [item()], accounts: BankAccountDto[] = [account()]): AccountsResponse => ({ success: true, items, accounts });

export function transaction(overrides: Partial<TransactionDto> = {}): TransactionDto {
  return {
    id: 'tx-1',
    amount: 54.2,
    transaction_date: '2026-11-20',
    merchant_name: 'Corner Grocer',
    description: 'CORNER GROCER #12',
    category: ['Food and Drink', 'Groceries'],
    pending: false,
    bank_accounts: { account_name: 'Plaid Checking' },
    bills: null,
    is_income: false,
    is_bill: false,
    ...overrides,
  };
}

export function analyticsBody(overrides: Partial<AnalyticsResponse['analytics']> = {}): AnalyticsResponse {
  return {
    success: true,
    analytics: {
      summary: { totalIncome: 5200, totalExpenses: 3900, netSavings: 1300 },
      savings: { rate: 25, trend: 'improving' },
      bills: [
        { name: 'Rent', category: 'rent', frequency: 'monthly', nextDueDate: '2026-12-01', averageAmount: 1450, lastAmount: 1450, priceChanged: false, confidence: 0.95 },
        { name: 'City Power', category: 'utilities', frequency: 'monthly', nextDueDate: '2026-12-08', averageAmount: 92.5, lastAmount: 101, priceChanged: true, confidence: 0.75 },
        { name: 'Gym Club', category: 'subscriptions', frequency: 'monthly', nextDueDate: '2026-12-12', averageAmount: 30, lastAmount: 30, priceChanged: false, confidence: 0.5 },
      ],
      income: [{ source: 'Acme Payroll', type: 'salary', frequency: 'biweekly', nextExpected: '2026-12-04', averageAmount: 2600, reliability: 0.98 }],
      expensesByCategory: { groceries: { total: 600, count: 12, average: 50 }, dining: { total: 240, count: 8, average: 30 } },
      monthlyBreakdown: ['2026-06', '2026-07', '2026-08', '2026-09', '2026-10', '2026-11'].map((month, i) => ({
        month,
        income: 5000 + i * 40,
        expenses: 3800 + i * 20,
        savings: 1200 + i * 20,
        savingsRate: 24,
        transactionCount: 80,
      })),
      categorySummary: { total_transactions: 480, income: { count: 12, amount: 31200 }, bills: { count: 36, amount: 9100 }, expenses: { count: 432, amount: 14300 } },
      ...overrides,
    },
  };
}

export const EMPTY_ANALYTICS = analyticsBody({
  summary: { totalIncome: 0, totalExpenses: 0, netSavings: 0 },
  savings: { rate: 0, trend: 'stable' },
  bills: [],
  income: [],
  expensesByCategory: {},
  monthlyBreakdown: [],
  categorySummary: { total_transactions: 0, income: { count: 0, amount: 0 }, bills: { count: 0, amount: 0 }, expenses: { count: 0, amount: 0 } },
});

export const suggestionsBody = (): BankSuggestionsResponse => ({
  success: true,
  suggestions: {
    bills: [{ id: 'sug-bill-1', name: 'Rent', amount: 1450, category: 'rent', suggestedDueDate: '2026-12-01', transactionDate: '2026-11-01', confidence: 0.95 }],
    income: [{ id: 'sug-inc-1', source: 'Acme Payroll', amount: 2600, suggestedFrequency: 'biweekly', suggestedNextDate: '2026-12-04', transactionDate: '2026-11-20', confidence: 0.8 }],
  },
});

export const FILE_ITEM_ID = '2d8c5e3a-4f6b-4c7d-8e9f-0a1b2c3d4e5f';
export const FILE_ACCOUNT_ID = '3e9d6f4b-5a7c-4d8e-9f0a-1b2c3d4e5f6a';
export const UPLOAD_ID = 'upl-7f3a9c';
export const IMPORT_ID = '4fae7a5c-6b8d-4e9f-a0b1-2c3d4e5f6a7b';

/** A file-fed account's item: never synced, its last import as `last_synced_at`. */
export const fileItem = (overrides: Partial<BankItemDto> = {}): BankItemDto =>
  item({ id: FILE_ITEM_ID, institution_id: null, institution_name: 'Houndstooth Bank', source: 'file', transaction_count: 15, ...overrides });
export const fileAccount = (overrides: Partial<BankAccountDto> = {}): BankAccountDto =>
  account({
    id: FILE_ACCOUNT_ID,
    account_name: 'Houndstooth Checking',
    mask: '4321',
    current_balance: 2050.25,
    available_balance: null,
    plaid_item_id: FILE_ITEM_ID,
    institution_name: 'Houndstooth Bank',
    ...overrides,
  });

/** An OFX file's preview: the file names its bank, account and balance; 12 of its 15 transactions are new. */
export function ofxPreview(overrides: Partial<StatementPreview> = {}): StatementPreview {
  return {
    upload_id: UPLOAD_ID,
    file_name: 'november.ofx',
    format: 'ofx',
    institution_name: 'Houndstooth Bank',
    account_type: 'checking',
    mask: '4321',
    balance: 2050.25,
    balance_date: '2026-11-30',
    account_id: null,
    csv: null,
    transactions: {
      total: 15,
      new: 12,
      already: 3,
      first_date: '2026-11-01',
      last_date: '2026-11-30',
      sample: [
        { date: '2026-11-03', description: 'OAKWOOD APTS', amount: 1450 },
        { date: '2026-11-14', description: 'ACME PAYROLL', amount: -2600 },
      ],
    },
    problem: null,
    ...overrides,
  };
}

export const CHASE_COLUMNS = ['Details', 'Posting Date', 'Description', 'Amount', 'Type', 'Balance', 'Check or Slip #'];

/** A CSV file whose columns were not recognised: nothing mapped yet, so nothing counted. */
export function csvPreview(csv: Partial<NonNullable<StatementPreview['csv']>> = {}, overrides: Partial<StatementPreview> = {}): StatementPreview {
  return ofxPreview({
    file_name: 'activity.csv',
    format: 'csv',
    institution_name: null,
    account_type: null,
    mask: null,
    balance: null,
    balance_date: null,
    csv: {
      columns: CHASE_COLUMNS,
      rows: [
        ['DEBIT', '11/03/2026', 'OAKWOOD APTS', '-1450.00', 'ACH_DEBIT', '2050.25', ''],
        ['CREDIT', '11/14/2026', 'ACME PAYROLL', '2600.00', 'ACH_CREDIT', '4650.25', ''],
      ],
      mapping: { header_row: true, skip_rows: 0, date: null, description: null, amount: null, debit: null, credit: null, balance: null, date_format: null, sign: 'out_negative' },
      preset: null,
      date_formats: [],
      ...csv,
    },
    transactions: null,
    problem: STATEMENT_MESSAGES.unmappable,
    ...overrides,
  });
}

export function statementImport(overrides: Partial<StatementImportDto> = {}): StatementImportDto {
  return {
    id: IMPORT_ID,
    account_id: FILE_ACCOUNT_ID,
    account_name: 'Houndstooth Checking',
    file_name: 'november.ofx',
    format: 'ofx',
    added: 12,
    already: 3,
    first_date: '2026-11-01',
    last_date: '2026-11-30',
    created_at: '2026-12-01T15:04:00Z',
    ...overrides,
  };
}
