import { buildPaymentSchedule, type Bill, type IncomeSource } from '@payday/finance-rules';
import { buildTimeline } from './timeline.js';

const bills: Bill[] = [
  { id: 'rent', name: 'Rent', amountCents: 120_000, dueDate: '2026-03-15', priority: 'high', category: 'rent', recurring: 'monthly' },
  { id: 'gym', name: 'Gym', amountCents: 4_000, dueDate: '2026-03-12', priority: 'low', category: 'subscriptions', recurring: 'weekly' },
];
const incomes: IncomeSource[] = [{ id: 'job', source: 'Job', amountCents: 200_000, frequency: 'biweekly', nextDate: '2026-03-11' }];
const today = '2026-03-10';

describe('buildTimeline (spec part 2 §2 Planner totals, §9 ranges)', () => {
  it('totals income, bills and net flow for a month (Mar 10 - Apr 9)', () => {
    // Job: Mar 11, 25, Apr 8 = $6,000. Rent Mar 15 + Gym Mar 12, 19, 26, Apr 2, 9 = $1,200 + $200.
    const month = buildTimeline(bills, incomes, [], today, '2026-04-09');
    expect(month.totals).toEqual({ incomeCents: 600_000, billsCents: 140_000, netCents: 460_000 });
    expect(month).toMatchObject({ from: today, to: '2026-04-09' });
  });

  it('lists a week by date, income before bills on a day, never before the first due or pay date', () => {
    const week = buildTimeline(bills, incomes, [], '2026-03-05', '2026-03-16');
    expect(week.items.map((i) => `${i.date} ${i.kind} ${i.name}`)).toEqual(['2026-03-11 income Job', '2026-03-12 bill Gym', '2026-03-15 bill Rent']);
    expect(week.totals).toEqual({ incomeCents: 200_000, billsCents: 124_000, netCents: 76_000 });
    expect(week.items[0]).toEqual({ key: 'income:job:2026-03-11', kind: 'income', date: '2026-03-11', name: 'Job', amountCents: 200_000 });
  });

  it('adds the payment suggestions of the range on their suggested date, outside the totals', () => {
    const schedule = buildPaymentSchedule(bills, incomes, today);
    const range = buildTimeline(bills, incomes, schedule, today, '2026-03-16');
    const payments = range.items.filter((i) => i.kind === 'payment');
    expect(payments.length).toBeGreaterThan(0);
    for (const payment of payments) {
      const suggestion = schedule.find((s) => `payment:${s.id}` === payment.key)!;
      expect(payment).toEqual({ key: payment.key, kind: 'payment', date: suggestion.suggestedDate, name: suggestion.billName, amountCents: suggestion.billAmountCents, dueDate: suggestion.dueDate });
    }
    expect(range.totals).toEqual(buildTimeline(bills, incomes, [], today, '2026-03-16').totals);
  });

  it('answers an empty range with zero totals', () => {
    expect(buildTimeline([], [], [], today, today)).toEqual({ from: today, to: today, items: [], totals: { incomeCents: 0, billsCents: 0, netCents: 0 } });
  });
});
