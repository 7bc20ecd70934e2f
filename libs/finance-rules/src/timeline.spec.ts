import { describe, expect, it } from 'vitest';
import { buildPaymentSchedule, buildTimeline, type Bill, type IncomeSource } from './index.js';

const bills: Bill[] = [
  { id: 'rent', name: 'Rent', amountCents: 120_000, dueDate: '2026-03-15', priority: 'high', category: 'rent', recurring: 'monthly' },
  { id: 'gym', name: 'Gym', amountCents: 4_000, dueDate: '2026-03-12', priority: 'low', category: 'subscriptions', recurring: 'weekly' },
];
const incomes: IncomeSource[] = [{ id: 'job', source: 'Job', amountCents: 200_000, frequency: 'biweekly', nextDate: '2026-03-11' }];
const TODAY = '2026-03-10';

describe('buildTimeline (docs/product/signed-in.md §2 Planner totals, §9 ranges)', () => {
  it.each([
    // Job: Mar 11, 25, Apr 8 = $6,000. Rent Mar 15 + Gym Mar 12, 19, 26, Apr 2, 9 = $1,200 + $200.
    ['a month (Mar 10 - Apr 9)', TODAY, '2026-04-09', { incomeCents: 600_000, billsCents: 140_000, netCents: 460_000 }],
    // Nothing before the first due or pay date: Job from Mar 11, Gym from Mar 12.
    ['a week starting before the first dates', '2026-03-05', '2026-03-16', { incomeCents: 200_000, billsCents: 124_000, netCents: 76_000 }],
    ['a single day without items', TODAY, TODAY, { incomeCents: 0, billsCents: 0, netCents: 0 }],
  ])('totals income, bills and net flow for %s', (_name, from, to, totals) => {
    const range = buildTimeline(bills, incomes, [], from, to);
    expect(range).toMatchObject({ from, to, totals });
  });

  it.each([
    ['2026-03-05', '2026-03-16', ['2026-03-11 income Job', '2026-03-12 bill Gym', '2026-03-15 bill Rent']],
    ['2026-03-25', '2026-03-26', ['2026-03-25 income Job', '2026-03-26 bill Gym']],
    // The monthly bill repeats on its day of the month.
    ['2026-04-15', '2026-04-15', ['2026-04-15 bill Rent']],
  ])('lists %s to %s by date', (from, to, expected) => {
    expect(buildTimeline(bills, incomes, [], from, to).items.map((i) => `${i.date} ${i.kind} ${i.name}`)).toEqual(expected);
  });

  it('orders a day by kind, then by name', () => {
    const sameDay: Bill[] = [
      { ...bills[0]!, id: 'b', name: 'Water', dueDate: '2026-03-11', recurring: 'once' },
      { ...bills[0]!, id: 'a', name: 'Power', dueDate: '2026-03-11', recurring: 'once' },
    ];
    const day = buildTimeline(sameDay, incomes, [], '2026-03-11', '2026-03-11');
    expect(day.items.map((i) => `${i.kind} ${i.name}`)).toEqual(['income Job', 'bill Power', 'bill Water']);
    expect(day.items[0]).toEqual({ key: 'income:job:2026-03-11', kind: 'income', date: '2026-03-11', name: 'Job', amountCents: 200_000 });
  });

  it('adds the payment suggestions of the range on their suggested date, outside the totals', () => {
    const schedule = buildPaymentSchedule(bills, incomes, TODAY);
    const range = buildTimeline(bills, incomes, schedule, TODAY, '2026-03-16');
    const payments = range.items.filter((i) => i.kind === 'payment');
    expect(payments.length).toBeGreaterThan(0);
    for (const payment of payments) {
      const suggestion = schedule.find((s) => `payment:${s.id}` === payment.key)!;
      expect(payment).toEqual({ key: payment.key, kind: 'payment', date: suggestion.suggestedDate, name: suggestion.billName, amountCents: suggestion.billAmountCents, dueDate: suggestion.dueDate });
    }
    expect(range.totals).toEqual(buildTimeline(bills, incomes, [], TODAY, '2026-03-16').totals);
  });

  it('answers an empty range with zero totals', () => {
    expect(buildTimeline([], [], [], TODAY, TODAY)).toEqual({ from: TODAY, to: TODAY, items: [], totals: { incomeCents: 0, billsCents: 0, netCents: 0 } });
  });
});
