import { describe, expect, it } from 'vitest';
import { ANALYTICS_MONTHS, computeDashboardAnalytics, type Bill, type IncomeSource } from './index.js';

// Tuesday 2026-03-10: Salary pays 03-13 and every 2 weeks; Rent 03-20 (high), Phone 03-14, Gym weekly on Wednesdays.
const bills: Bill[] = [
  { id: 'rent', name: 'Rent', amountCents: 120_000, dueDate: '2026-03-20', priority: 'high', category: 'rent', recurring: 'monthly' },
  { id: 'phone', name: 'Phone', amountCents: 4_550, dueDate: '2026-03-14', priority: 'medium', category: 'utilities', recurring: 'monthly' },
  { id: 'gym', name: 'Gym', amountCents: 2_999, dueDate: '2026-03-11', priority: 'low', category: 'subscriptions', recurring: 'weekly' },
];
const incomes: IncomeSource[] = [{ id: 'salary', source: 'Salary', amountCents: 300_000, frequency: 'biweekly', nextDate: '2026-03-13' }];
const TODAY = '2026-03-10';
const analytics = computeDashboardAnalytics(bills, incomes, TODAY);

describe('computeDashboardAnalytics (docs/product/signed-in.md §9 monthly normalisation)', () => {
  it('gives six months from this one', () => {
    expect(ANALYTICS_MONTHS).toBe(6);
    expect(analytics.months.map((m) => m.month)).toEqual(['2026-03-01', '2026-04-01', '2026-05-01', '2026-06-01', '2026-07-01', '2026-08-01']);
  });

  it.each([
    // March: Salary biweekly on 03-13 and 03-27 (02-27 is February) = 2 x 3000; Gym on Wednesdays 03-04..03-25 = 4 x 29.99.
    [0, '2026-03-01', 600_000, 120_000 + 4_550 + 4 * 2_999],
    // April: 5 Wednesdays (1, 8, 15, 22, 29); Salary 04-10 and 04-24.
    [1, '2026-04-01', 600_000, 120_000 + 4_550 + 5 * 2_999],
    // May: 4 Wednesdays (6, 13, 20, 27); Salary 05-08 and 05-22.
    [2, '2026-05-01', 600_000, 120_000 + 4_550 + 4 * 2_999],
  ])('month %i (%s) normalises income and bills', (index, month, incomeCents, billsCents) => {
    expect(analytics.months[index]).toEqual({ month, incomeCents, billsCents });
  });

  it("sums this month's bills by category, largest first, with their counts", () => {
    expect(analytics.billsByCategory).toEqual([
      { category: 'rent', totalCents: 120_000, count: 1 },
      { category: 'subscriptions', totalCents: 4 * 2_999, count: 1 },
      { category: 'utilities', totalCents: 4_550, count: 1 },
    ]);
  });

  it('is empty of categories and zero per month without data', () => {
    const none = computeDashboardAnalytics([], [], TODAY);
    expect(none.billsByCategory).toEqual([]);
    expect(none.months).toHaveLength(ANALYTICS_MONTHS);
    expect(none.months.every((m) => m.incomeCents === 0 && m.billsCents === 0)).toBe(true);
  });
});
