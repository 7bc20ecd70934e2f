import { computeDashboard, computeDashboardAnalytics, type Bill, type IncomeSource } from '@paycadence/finance-rules';
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
      const { billId, ...rest } = dashboard.paymentSchedule[i]!;
      expect(sent).toEqual(rest);
      expect(sent.id.slice(0, sent.id.indexOf(':'))).toBe(billId);
    });
    // A bill due before the next paycheck is paid from the one before it, never before a paycheck arrives.
    expect(answer.paymentSchedule[0]).toMatchObject({ id: 'gym:2026-03-11', funding: 'after-paycheck', paymentSource: 'Salary', incomeDate: '2026-02-27', suggestedDate: '2026-03-11', adjustments: ['tomorrow'] });
    expect(answer.paymentSchedule[1]).toMatchObject({ id: 'phone:2026-03-14', billName: 'Phone', suggestedDate: '2026-03-11', dueDate: '2026-03-14', funding: 'after-paycheck', incomeAmountCents: 300_000 });
    // A bill no paycheck covers is sent too, paid from the current balance.
    const noIncome = toDashboardResponse(computeDashboard({ bills, incomes: [], savingsGoals: [], today, laterWindowDays: 14 }), computeDashboardAnalytics(bills, [], today), { ...rows, income: [] });
    expect(noIncome.paymentSchedule[0]).toMatchObject({ id: 'gym:2026-03-11', funding: 'current-balance', paymentSource: null, incomeDate: null, incomeAmountCents: null });
  });

  it('carries the rest of the aggregate as computed, the analytics and the rows in cents', () => {
    const { windows: _w, paymentSchedule: _p, ...computed } = dashboard;
    expect(answer).toMatchObject(computed);
    expect(answer.analytics).toBe(analytics);
    expect(answer.bills[0]).toEqual({ id: 'rent', name: 'Rent', amountCents: 120_000, dueDate: '2026-03-20', priority: 'high', category: 'rent', recurring: 'monthly' });
    expect(answer.savingsGoals).toEqual(rows.savingsGoals);
  });
});
