import { describe, expect, it } from 'vitest';
import { computeDashboard, type DashboardInput } from './index.js';
import { bill, income } from './testing/builders.js';

const TODAY = '2026-03-10'; // Tuesday; coming Sunday 3/15; end of next week 3/22

const input: DashboardInput = {
  today: TODAY,
  bills: [
    bill({ id: 'rent', name: 'Rent', amountCents: 150_000, dueDate: '2026-02-01', priority: 'high', category: 'rent', recurring: 'monthly' }),
    bill({ id: 'power', name: 'Power', amountCents: 9_000, dueDate: '2026-03-14', recurring: 'monthly' }),
    bill({ id: 'car', name: 'Car insurance', amountCents: 60_000, dueDate: '2026-03-20', category: 'insurance', recurring: 'quarterly' }),
  ],
  incomes: [income({ id: 'job', source: 'Job', amountCents: 250_000, frequency: 'biweekly', nextDate: '2026-02-27' })],
  savingsGoals: [{ goalType: 'emergency_fund', currentAmountCents: 100_000 }],
};

describe('computeDashboard', () => {
  const dashboard = computeDashboard(input);

  it('summarises the month (docs/product/signed-in.md §9 normalisation)', () => {
    // Job pays 3/13 and 3/27 in March: $5000. Bills: 1500 + 90 + 600 / 3 = $1790.
    expect(dashboard.summary).toEqual({
      monthlyIncomeCents: 500_000,
      monthlyBillsCents: 179_000,
      spendingBalanceCents: 321_000,
      savingsRatePercent: 64.2,
      billsPercentOfIncome: 35.8,
      // Power on 3/14 is the only bill due through Sunday 3/15.
      upcomingBillsThisWeek: { count: 1, totalCents: 9_000, endDate: '2026-03-15' },
    });
  });

  it('builds the emergency fund from 6 x monthly bills', () => {
    expect(dashboard.emergencyFund).toEqual({ goalCents: 1_074_000, currentCents: 100_000, progressPercent: 9 });
  });

  it('sorts the payment schedule by suggested date', () => {
    const dates = dashboard.paymentSchedule.map((s) => s.suggestedDate);
    expect(dates).toEqual([...dates].sort());
    expect(dashboard.paymentSchedule[0]).toMatchObject({ billName: 'Power', dueDate: '2026-03-14', suggestedDate: '2026-03-11' });
    expect(dashboard.paymentSchedule.every((s) => s.confidence >= 50 && s.confidence <= 100)).toBe(true);
  });

  it('fills the windows with the default 7-day Later window and a 30-day income horizon', () => {
    expect(dashboard.laterWindowDays).toBe(7);
    expect(dashboard.incomeHorizonDays).toBe(30);
    expect(dashboard.windows.thisWeek.items.map((i) => `${i.date} ${i.kind}`)).toEqual(['2026-03-13 income', '2026-03-14 bill']);
    expect(dashboard.windows.nextWeek.items.map((i) => `${i.date} ${i.kind}`)).toEqual(['2026-03-20 bill']);
    expect(dashboard.windows.later.items.map((i) => `${i.date} ${i.kind}`)).toEqual(['2026-03-27 income']);
  });

  it('grows the Later window and the income horizon together', () => {
    const wider = computeDashboard({ ...input, laterWindowDays: 28 });
    expect(wider.incomeHorizonDays).toBe(42);
    expect(wider.windows.later.endDate).toBe('2026-04-21');
    expect(wider.windows.later.items.map((i) => `${i.date} ${i.kind}`)).toEqual([
      '2026-03-27 income', '2026-04-01 bill', '2026-04-10 income', '2026-04-14 bill',
    ]);
  });

  it('gives at most 4 tips and the quick stats', () => {
    expect(dashboard.tips.map((t) => t.id)).toEqual(['emergency-fund-grow', 'bills-due-soon', 'diversify-income', 'bills-share']);
    expect(dashboard.quickStats).toEqual({ monthName: 'March', daysRemainingInMonth: 21, upcomingBillsCount: 2, upcomingBillsEndDate: '2026-03-22' });
  });

  it('falls back to the bank analytics income and savings rate when given', () => {
    const result = computeDashboard({ ...input, incomes: [], bankAnalytics: { monthlyIncomeCents: 200_000, savingsRatePercent: 5 } });
    expect(result.summary.monthlyIncomeCents).toBe(200_000);
    expect(result.tips.map((t) => t.id)).toContain('low-savings-rate');
  });

  it('works with no data at all', () => {
    const empty = computeDashboard({ today: TODAY, bills: [], incomes: [], savingsGoals: [] });
    expect(empty.paymentSchedule).toEqual([]);
    expect(empty.tips.map((t) => t.id)).toEqual(['add-income-first']);
    expect(empty.emergencyFund).toEqual({ goalCents: 0, currentCents: 0, progressPercent: 0 });
  });

  it('rejects a bad clock', () => {
    expect(() => computeDashboard({ ...input, today: '03/10/2026' })).toThrow(RangeError);
  });

  it('is a pure function of its input', () => {
    expect(computeDashboard(input)).toEqual(dashboard);
    expect(JSON.parse(JSON.stringify(dashboard))).toEqual(dashboard);
  });
});
