import { MAX_BANK_MONTHLY_INCOME_CENTS, MIN_BANK_SAVINGS_RATE_PERCENT, type BankSummaryMessage } from '@paycadence/contracts';
import { summary, type MonthlyBreakdown } from './analytics-math.js';

// The linked banks' figures finance's dashboard uses (docs/product/signed-in.md §9 income fallback, §5 savings-rate tips),
// derived from the analytics' own monthly breakdown (own transfers already excluded there). Pure: unit-tested.

/** Monthly income is the average of this many complete months (the current month is still running). */
export const SUMMARY_INCOME_MONTHS = 3;

export type BankSummaryFigures = Pick<BankSummaryMessage, 'monthlyIncomeCents' | 'savingsRatePercent'>;

/**
 * `breakdown` is the analytics' window, oldest first, ending with the current month. Monthly income averages the
 * last SUMMARY_INCOME_MONTHS complete months that have any transaction (months before the bank's history began do
 * not count as months without pay); null when none has. The savings rate is the analytics' own rate; null without
 * income in the window (the rate means nothing then). No data at all (no bank left) gives the clear: both null.
 */
export function bankSummaryFigures(breakdown: readonly MonthlyBreakdown[]): BankSummaryFigures {
  const complete = breakdown.slice(0, -1).slice(-SUMMARY_INCOME_MONTHS).filter((month) => month.transactionCount > 0);
  const incomeCents = complete.reduce((sum, month) => sum + Math.round(month.income * 100), 0);
  const { totalIncome, rate } = summary([...breakdown]);
  return {
    monthlyIncomeCents: complete.length ? Math.min(Math.round(incomeCents / complete.length), MAX_BANK_MONTHLY_INCOME_CENTS) : null,
    savingsRatePercent: totalIncome > 0 ? Math.max(rate, MIN_BANK_SAVINGS_RATE_PERCENT) : null,
  };
}
