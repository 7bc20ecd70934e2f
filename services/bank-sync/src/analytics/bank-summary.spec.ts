import { MAX_BANK_MONTHLY_INCOME_CENTS, MIN_BANK_SAVINGS_RATE_PERCENT } from '@paycadence/contracts';
import { monthlyBreakdown, summary, type MonthTotals } from './analytics-math.js';
import { bankSummaryFigures } from './bank-summary.js';

// The window the analytics read on 2026-03-10: 2025-10 .. 2026-03 (March still running).
const TODAY = '2026-03-10';
const month = (name: string, income: number, expenses: number, transactionCount = 10): MonthTotals => ({ month: name, income, expenses, transactionCount });

describe('bankSummaryFigures', () => {
  it("averages the income of the last 3 complete months and carries the analytics' savings rate", () => {
    const breakdown = monthlyBreakdown(TODAY, [
      month('2025-10', 9000, 1000), // outside the 3 complete months: not in the average, in the rate
      month('2025-11', 1000, 1000),
      month('2025-12', 3000, 2500),
      month('2026-01', 3100.1, 2900),
      month('2026-02', 2900.2, 2800),
      month('2026-03', 1500, 400), // running month: not in the average
    ]);
    // (3000.00 + 3100.10 + 2900.20) / 3 = 3000.10; the rate is the analytics' six-month rate, the one the bank
    // screen shows: (20500.30 - 10600.00) / 20500.30 = 48.3%.
    expect(bankSummaryFigures(breakdown)).toEqual({ monthlyIncomeCents: 300_010, savingsRatePercent: 48.3 });
    expect(bankSummaryFigures(breakdown).savingsRatePercent).toBe(summary(breakdown).rate);
  });

  it('does not count months before the bank history began as months without pay', () => {
    const breakdown = monthlyBreakdown(TODAY, [month('2026-02', 2500, 2400), month('2026-03', 100, 50)]);
    expect(bankSummaryFigures(breakdown).monthlyIncomeCents).toBe(250_000);
  });

  it('counts a complete month with transactions but no pay as 0 income', () => {
    const breakdown = monthlyBreakdown(TODAY, [month('2025-12', 3000, 100), month('2026-01', 0, 900, 4), month('2026-02', 3000, 100)]);
    expect(bankSummaryFigures(breakdown).monthlyIncomeCents).toBe(200_000);
  });

  it('gives the clear (both null) when there is no data at all, as after the last bank is disconnected', () => {
    expect(bankSummaryFigures(monthlyBreakdown(TODAY, []))).toEqual({ monthlyIncomeCents: null, savingsRatePercent: null });
  });

  it('sends no savings rate without income (the rate means nothing then), but still the 0 income of spending-only months', () => {
    expect(bankSummaryFigures(monthlyBreakdown(TODAY, [month('2026-02', 0, 500)]))).toEqual({ monthlyIncomeCents: 0, savingsRatePercent: null });
  });

  it('keeps a negative rate, floored at what finance accepts, and caps the income at what it stores', () => {
    expect(bankSummaryFigures(monthlyBreakdown(TODAY, [month('2026-02', 100, 300)])).savingsRatePercent).toBe(-200);
    expect(bankSummaryFigures(monthlyBreakdown(TODAY, [month('2026-02', 0.01, 5000)])).savingsRatePercent).toBe(MIN_BANK_SAVINGS_RATE_PERCENT);
    expect(bankSummaryFigures(monthlyBreakdown(TODAY, [month('2026-02', 20_000_000_000, 0)])).monthlyIncomeCents).toBe(MAX_BANK_MONTHLY_INCOME_CENTS);
  });
});
