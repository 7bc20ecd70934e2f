import { computeDashboard, type Bill, type IncomeSource } from '@payday/finance-rules';
import { computeDashboardAnalytics } from './dashboard-analytics.js';
import { toDashboardResponse } from './dashboard-payload.js';

// Tuesday 2026-03-10: Salary pays 03-13 and every 2 weeks; Rent 03-20 (high), Phone 03-14, Gym weekly.
const bills: Bill[] = [
  { id: 'rent', name: 'Rent', amountCents: 120_000, dueDate: '2026-03-20', priority: 'high', category: 'rent', recurring: 'monthly' },
  { id: 'phone', name: 'Phone', amountCents: 4_550, dueDate: '2026-03-14', priority: 'medium', category: 'utilities', recurring: 'monthly' },
  { id: 'gym', name: 'Gym', amountCents: 2_999, dueDate: '2026-03-11', priority: 'low', category: 'subscriptions', recurring: 'weekly' },
];
const incomes: IncomeSource[] = [{ id: 'salary', source: 'Salary', amountCents: 300_000, frequency: 'biweekly', nextDate: '2026-03-13' }];
const today = '2026-03-10';
const dashboard = computeDashboard({ bills, incomes, savingsGoals: [], today, laterWindowDays: 14 });
const analytics = computeDashboardAnalytics(bills, incomes, today);
const rows = { bills, income: incomes, savingsGoals: [{ id: 'g1', goalType: 'emergency_fund', currentAmountCents: 50_000, targetAmountCents: null }] };
const answer = toDashboardResponse(dashboard, analytics, rows);

describe('toDashboardResponse', () => {
  it('keeps every window field the week panels read and drops the repeats', () => {
    for (const key of ['thisWeek', 'nextWeek', 'later'] as const) {
      const { items, ...rest } = dashboard.windows[key];
      const { items: sentItems, ...sentRest } = answer.windows[key];
      expect(sentRest).toEqual(rest);
      expect(sentItems).toEqual(
        items.map((item) =>
          item.kind === 'income'
            ? { kind: 'income', incomeId: item.incomeId, source: item.source, amountCents: item.amountCents, date: item.date }
            : { kind: 'bill', date: item.date, billId: item.billId, billName: item.billName, amountCents: item.amountCents },
        ),
      );
    }
    expect(answer.windows.thisWeek.items.map((i) => `${i.kind}:${i.date}`)).toEqual(['bill:2026-03-11', 'income:2026-03-13', 'bill:2026-03-14']);
  });

  it('keeps the schedule fields the schedule reads; billId stays recoverable from id', () => {
    expect(answer.paymentSchedule).toHaveLength(dashboard.paymentSchedule.length);
    answer.paymentSchedule.forEach((sent, i) => {
      const { billId, incomeAmountCents: _incomeAmountCents, ...rest } = dashboard.paymentSchedule[i]!;
      expect(sent).toEqual(rest);
      expect(sent.id.slice(0, sent.id.indexOf(':'))).toBe(billId);
    });
    expect(answer.paymentSchedule[0]).toMatchObject({ id: 'phone:2026-03-14', billName: 'Phone', suggestedDate: '2026-03-11', dueDate: '2026-03-14', incomeDate: '2026-03-13' });
  });

  it('carries the rest of the aggregate as computed, the analytics and the rows in cents', () => {
    const { windows: _w, paymentSchedule: _p, ...computed } = dashboard;
    expect(answer).toMatchObject(computed);
    expect(answer.analytics).toBe(analytics);
    expect(answer.bills[0]).toEqual({ id: 'rent', name: 'Rent', amountCents: 120_000, dueDate: '2026-03-20', priority: 'high', category: 'rent', recurring: 'monthly' });
    expect(answer.savingsGoals).toEqual(rows.savingsGoals);
  });
});

describe('computeDashboardAnalytics (spec part 2 §9 monthly normalisation)', () => {
  it('gives six months from this one with normalised income and bills', () => {
    expect(analytics.months.map((m) => m.month)).toEqual(['2026-03-01', '2026-04-01', '2026-05-01', '2026-06-01', '2026-07-01', '2026-08-01']);
    // March: Salary biweekly on 03-13 and 03-27 (and 02-27 is February) = 2 x 3000; Gym weekly on Wednesdays 03-04..03-25 = 4 x 29.99.
    expect(analytics.months[0]).toEqual({ month: '2026-03-01', incomeCents: 600_000, billsCents: 120_000 + 4_550 + 4 * 2_999 });
    // April has 5 Wednesdays (1, 8, 15, 22, 29); Salary 04-10 and 04-24.
    expect(analytics.months[1]).toEqual({ month: '2026-04-01', incomeCents: 600_000, billsCents: 120_000 + 4_550 + 5 * 2_999 });
  });

  it("sums this month's bills by category, largest first, with their counts", () => {
    expect(analytics.billsByCategory).toEqual([
      { category: 'rent', totalCents: 120_000, count: 1 },
      { category: 'subscriptions', totalCents: 4 * 2_999, count: 1 },
      { category: 'utilities', totalCents: 4_550, count: 1 },
    ]);
  });

  it('is empty of categories and zero per month without data', () => {
    const none = computeDashboardAnalytics([], [], today);
    expect(none.billsByCategory).toEqual([]);
    expect(none.months.every((m) => m.incomeCents === 0 && m.billsCents === 0)).toBe(true);
  });
});
