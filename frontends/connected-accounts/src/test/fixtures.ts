import type { AccountsResponse, AnalyticsResponse, BankAccountDto, BankItemDto, BankSuggestionsResponse, TransactionDto } from '@paycadence/contracts';

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
