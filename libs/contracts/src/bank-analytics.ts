import { z } from 'zod';
import { BILL_CATEGORY_VALUES } from './finance.js';

// docs/product/signed-in.md §3 analytics and category summary, computed by bank-sync from imported transactions and the
// recurring streams it detected. Money in dollars (two decimals), as the Connected Accounts screen reads it.

export const SAVINGS_TRENDS = ['improving', 'declining', 'stable'] as const;
export const DETECTED_FREQUENCIES = ['weekly', 'biweekly', 'semi-monthly', 'monthly', 'quarterly', 'annual'] as const;
export type DetectedFrequency = (typeof DETECTED_FREQUENCIES)[number];

export const AnalyticsBillSchema = z.object({
  name: z.string(),
  category: z.enum(BILL_CATEGORY_VALUES),
  frequency: z.enum(DETECTED_FREQUENCIES),
  nextDueDate: z.string(),
  averageAmount: z.number(),
  lastAmount: z.number(),
  priceChanged: z.boolean(),
  /** 0 to 1 (spec §5 colours: 0.9 green, 0.7 yellow, else red). */
  confidence: z.number(),
});
export const AnalyticsIncomeSchema = z.object({
  source: z.string(),
  /** 'salary' for a steady paycheck, 'variable' when amounts move (freelance, shifts). */
  type: z.enum(['salary', 'variable']),
  frequency: z.enum(DETECTED_FREQUENCIES),
  nextExpected: z.string(),
  averageAmount: z.number(),
  /** 0 to 1. */
  reliability: z.number(),
});
export const MonthlyBreakdownSchema = z.object({
  month: z.string().regex(/^\d{4}-\d{2}$/),
  income: z.number(),
  expenses: z.number(),
  savings: z.number(),
  /** Percent, one decimal; 0 when there was no income. */
  savingsRate: z.number(),
  transactionCount: z.number().int(),
});
export const CategorySummarySchema = z.object({
  total_transactions: z.number().int(),
  income: z.object({ count: z.number().int(), amount: z.number() }),
  bills: z.object({ count: z.number().int(), amount: z.number() }),
  expenses: z.object({ count: z.number().int(), amount: z.number() }),
});
export type CategorySummaryDto = z.infer<typeof CategorySummarySchema>;

export const BankAnalyticsSchema = z.object({
  summary: z.object({ totalIncome: z.number(), totalExpenses: z.number(), netSavings: z.number() }),
  savings: z.object({ rate: z.number(), trend: z.enum(SAVINGS_TRENDS) }),
  bills: z.array(AnalyticsBillSchema),
  income: z.array(AnalyticsIncomeSchema),
  expensesByCategory: z.record(z.string(), z.object({ total: z.number(), count: z.number().int(), average: z.number() })),
  /** Oldest first, the last 6 months (spec §9). */
  monthlyBreakdown: z.array(MonthlyBreakdownSchema),
  categorySummary: CategorySummarySchema,
});
export type BankAnalyticsDto = z.infer<typeof BankAnalyticsSchema>;

/** GET /analytics/{userId}. */
export const AnalyticsResponseSchema = z.object({ success: z.boolean(), analytics: BankAnalyticsSchema });
export type AnalyticsResponse = z.infer<typeof AnalyticsResponseSchema>;


/** Words kept lower case inside a category name, as Plaid's own legacy names have them ('Food and Drink'). */
const CATEGORY_MINOR_WORDS = new Set(['and', 'or', 'of', 'the', 'for', 'in', 'to', 'a', 'an']);
/** A personal finance category code: 'FOOD_AND_DRINK' (upper case, digits and underscores only). */
const CATEGORY_CODE = /^[A-Z0-9_]+$/;

/**
 * docs/product/signed-in.md §3: the label a person reads for a transaction's categories, the same on the screen and in the
 * analytics. The first non-blank element (bank-sync stores Plaid's legacy category first, then the personal
 * finance category [primary, detailed]); a code reads as words ('FOOD_AND_DRINK' → 'Food and Drink'), a
 * legacy name stays as Plaid wrote it ('Groceries'); nothing → 'Other'.
 */
export function transactionCategoryLabel(categories: readonly string[] | null | undefined): string {
  const first = (categories ?? []).map((category) => category.trim()).find(Boolean);
  if (!first) return 'Other';
  if (!CATEGORY_CODE.test(first)) return first;
  return first
    .toLowerCase()
    .split('_')
    .filter(Boolean)
    .map((word, index) => (index > 0 && CATEGORY_MINOR_WORDS.has(word) ? word : word[0]!.toUpperCase() + word.slice(1)))
    .join(' ');
}
