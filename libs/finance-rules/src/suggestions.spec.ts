import type { BillPriorityValue } from '@paycadence/contracts';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  buildPaymentSchedule,
  confidenceBand,
  payDaysBeforeDue,
  pickIncomeForBill,
  scoreConfidence,
  suggestPayment,
  suggestedPayDate,
  type BillOccurrence,
  type IncomeOccurrence,
} from './index.js';
import { bill, income } from './testing/builders.js';

const TODAY = '2026-03-10';

const neutral = { daysBeforeDue: 5, daysAfterIncome: 5, billAmountCents: 10_000, incomeAmountCents: 100_000 };

describe('confidence (docs/product/signed-in.md §5: start 100, deductions, floor 50)', () => {
  it.each([
    ['no deduction', {}, 100],
    ['days before due 0 (under 1): -40', { daysBeforeDue: 0 }, 60],
    ['days before due -1 (under 1): -40', { daysBeforeDue: -1 }, 60],
    ['days before due 1 (under 3): -20', { daysBeforeDue: 1 }, 80],
    ['days before due 2 (under 3): -20', { daysBeforeDue: 2 }, 80],
    ['days before due 3: none', { daysBeforeDue: 3 }, 100],
    ['days before due 10: none', { daysBeforeDue: 10 }, 100],
    ['days before due 11 (over 10): -15', { daysBeforeDue: 11 }, 85],
    ['ratio 0.81 (above 0.8): -25', { billAmountCents: 81_000 }, 75],
    ['ratio exactly 0.8 (above 0.5): -15', { billAmountCents: 80_000 }, 85],
    ['ratio 0.51 (above 0.5): -15', { billAmountCents: 51_000 }, 85],
    ['ratio exactly 0.5 (above 0.3): -5', { billAmountCents: 50_000 }, 95],
    ['ratio 0.31 (above 0.3): -5', { billAmountCents: 31_000 }, 95],
    ['ratio exactly 0.3: none', { billAmountCents: 30_000 }, 100],
    ['zero income counts as ratio above 0.8: -25', { incomeAmountCents: 0 }, 75],
    ['days after income 0 (under 1): -15', { daysAfterIncome: 0 }, 85],
    ['days after income -2 (under 1): -15', { daysAfterIncome: -2 }, 85],
    ['days after income 1 (under 3): -5', { daysAfterIncome: 1 }, 95],
    ['days after income 2 (under 3): -5', { daysAfterIncome: 2 }, 95],
    ['days after income 3: none', { daysAfterIncome: 3 }, 100],
    ['deductions add up: -20 -15 -5 = 60', { daysBeforeDue: 2, billAmountCents: 60_000, daysAfterIncome: 1 }, 60],
    ['exactly the floor: -40 -5 -5 = 50', { daysBeforeDue: 0, billAmountCents: 40_000, daysAfterIncome: 2 }, 50],
    ['floor 50: -40 -25 -15 would be 20', { daysBeforeDue: 0, billAmountCents: 90_000, daysAfterIncome: 0 }, 50],
  ])('%s', (_label, overrides, expected) => {
    expect(scoreConfidence({ ...neutral, ...overrides })).toBe(expected);
  });
});

describe('confidence bands (docs/product/signed-in.md §5: 90 target, 75 good, 60 caution, else alert)', () => {
  it.each([
    [100, 'target'],
    [90, 'target'],
    [89, 'good'],
    [75, 'good'],
    [74, 'caution'],
    [60, 'caution'],
    [59, 'alert'],
    [50, 'alert'],
  ])('%i -> %s', (confidence, band) => {
    expect(confidenceBand(confidence)).toBe(band);
  });
});

describe('suggested pay date (docs/product/signed-in.md §5: -5 high, -4 above $1000, else -3; before today -> tomorrow)', () => {
  it.each([
    ['high priority: due - 5', 'high', 5_000, '2026-03-30', '2026-03-25'],
    ['high priority wins over a large amount', 'high', 200_000, '2026-03-30', '2026-03-25'],
    ['$1000.01 is above 1000: due - 4', 'medium', 100_001, '2026-03-30', '2026-03-26'],
    ['exactly $1000 is not above: due - 3', 'medium', 100_000, '2026-03-30', '2026-03-27'],
    ['low priority small bill: due - 3', 'low', 5_000, '2026-03-30', '2026-03-27'],
    ['before today moves to tomorrow', 'medium', 5_000, '2026-03-12', '2026-03-11'],
    ['high priority before today moves to tomorrow', 'high', 5_000, '2026-03-14', '2026-03-11'],
    ['landing on today stays today', 'medium', 5_000, '2026-03-13', '2026-03-10'],
    ['a bill due today is paid today: tomorrow would be late', 'low', 5_000, TODAY, TODAY],
  ] as const)('%s', (_label, priority: BillPriorityValue, amountCents, dueDate, expected) => {
    expect(suggestedPayDate(dueDate, priority, amountCents, TODAY)).toBe(expected);
  });

  it.each([
    ['high', 1, 5],
    ['medium', 100_001, 4],
    ['low', 100_000, 3],
  ] as const)('payDaysBeforeDue(%s, %i) = %i', (priority, amount, days) => {
    expect(payDaysBeforeDue(priority, amount)).toBe(days);
  });
});

const DUE = '2026-04-10';
const payday = (daysBeforeDue: number, source = `pay-${daysBeforeDue}`): IncomeOccurrence => ({
  incomeId: source,
  source,
  amountCents: 200_000,
  date: addDays(DUE, -daysBeforeDue),
  frequency: 'biweekly',
});

describe('income choice (docs/product/signed-in.md §5: eligible 0-30 days before due; prefer latest 3-14, else first eligible)', () => {
  it.each([
    ['income on the due date (0 days) is eligible', [0], 0],
    ['30 days before is eligible', [30], 30],
    ['31 days before is not', [31], null],
    ['income after the due date is not', [-1], null],
    ['latest in 3-14 wins over later and earlier ones', [20, 14, 10, 3, 1], 3],
    ['14 days is preferred over 2 and 20', [20, 14, 2], 14],
    ['15 is outside the preferred range: first eligible (earliest) wins', [15, 2], 15],
    ['no preferred: first eligible is the earliest', [1, 2, 20], 20],
    ['31-day income is skipped as first eligible', [31, 30, 1], 30],
  ])('%s', (_label, leads, expected) => {
    const sorted = leads.map((d) => payday(d)).sort((a, b) => (a.date < b.date ? -1 : 1));
    const picked = pickIncomeForBill(DUE, sorted);
    expect(picked === null ? null : Number(picked.source.slice(4))).toBe(expected);
  });
});

describe('suggestPayment', () => {
  const rent: BillOccurrence = {
    billId: 'rent', billName: 'Rent', amountCents: 120_000, dueDate: '2026-04-01', priority: 'high', category: 'rent', recurring: 'monthly',
  };

  it('fills every PaymentSuggestion field of docs/product/signed-in.md §3', () => {
    const job: IncomeOccurrence = { incomeId: 'job', source: 'Job', amountCents: 200_000, date: '2026-03-27', frequency: 'biweekly' };
    const s = suggestPayment(rent, [job], TODAY);
    expect(s).toMatchObject({
      id: 'rent:2026-04-01',
      billId: 'rent',
      billName: 'Rent',
      billAmountCents: 120_000,
      dueDate: '2026-04-01',
      suggestedDate: '2026-03-27',
      paymentSource: 'Job',
      incomeId: 'job',
      incomeDate: '2026-03-27',
      incomeAmountCents: 200_000,
      daysBeforeDue: 5,
      daysAfterIncome: 0,
      priority: 'high',
      // ratio 0.6: -15; paid the day the income arrives: -15.
      confidence: 70,
      band: 'caution',
    });
    expect(s?.reasoning).toContain('High priority, so pay 5 days before the due date.');
    expect(s?.reasoning).toContain('Paid from your Job ($2,000.00) of 3/27/2026, the day you pay.');
    expect(s).toMatchObject({ plannedDate: '2026-03-27', adjustments: [] });
  });

  it('fills every field of an at-risk entry paid from the current balance', () => {
    const s = suggestPayment({ ...rent, dueDate: '2026-03-12' }, [], TODAY);
    expect(s).toMatchObject({
      suggestedDate: '2026-03-11',
      funding: 'current-balance',
      paymentSource: null,
      incomeId: null,
      incomeDate: null,
      incomeAmountCents: null,
      daysBeforeDue: 1,
      daysAfterIncome: null,
      confidence: 50,
      band: 'alert',
    });
    expect(s.reasoning).toBe(
      'High priority, so pay 5 days before the due date. That date has passed, so pay tomorrow (3/11/2026). No paycheck arrives in the 30 days before it is due, so it comes out of your current balance.',
    );
  });

  it('never suggests a date before the paycheck that funds it: a paycheck on the due date pays that day', () => {
    const soon: BillOccurrence = { ...rent, dueDate: '2026-03-12', priority: 'low', amountCents: 5_000 };
    const job: IncomeOccurrence = { incomeId: 'job', source: 'Job', amountCents: 200_000, date: '2026-03-12', frequency: 'biweekly' };
    const s = suggestPayment(soon, [job], TODAY);
    // Paying the day the money arrives and the bill is due: -40 and -15, floored at 50; never 'Good timing'.
    expect(s).toMatchObject({ suggestedDate: '2026-03-12', funding: 'after-paycheck', daysBeforeDue: 0, daysAfterIncome: 0, confidence: 50, band: 'alert' });
    expect(s.adjustments).toEqual(['tomorrow', 'after-paycheck']);
    expect(s.reasoning).toBe(
      'Pay 3 days before the due date. That date has passed. Your Job arrives 3/12/2026, so pay the day it arrives: 3/12/2026, on the due date. Paid from your Job ($2,000.00) of 3/12/2026, the day you pay.',
    );
  });
});

describe('buildPaymentSchedule (docs/product/signed-in.md §9: schedule counts, income to the last due date, sorted by suggested date)', () => {
  it('matches each bill occurrence to a payday and sorts by suggested date', () => {
    const schedule = buildPaymentSchedule(
      [
        bill({ id: 'phone', name: 'Phone', dueDate: '2026-03-25', recurring: 'monthly', amountCents: 6_000, priority: 'low' }),
        bill({ id: 'car', name: 'Car', dueDate: '2026-03-20', recurring: 'once', amountCents: 150_000, priority: 'medium' }),
      ],
      [income({ id: 'job', source: 'Job', frequency: 'biweekly', nextDate: '2026-03-13', amountCents: 200_000 })],
      TODAY,
    );
    // Paydays 3/13, 3/27, 4/10, 4/24, 5/8, 5/22 (projected to the last due date, 5/25). For 4/25 none is 3-14
    // days before (4/10 is 15), so the first eligible (3/27, 29 days) wins; for 5/25, 5/22 is 3 days before.
    // 3/22 is a Sunday: the Friday before. 5/25 is Memorial Day; its pay date 5/22 is a Friday payday.
    expect(schedule.map((s) => [s.billName, s.dueDate, s.suggestedDate, s.incomeDate])).toEqual([
      ['Car', '2026-03-20', '2026-03-16', '2026-03-13'],
      ['Phone', '2026-03-25', '2026-03-20', '2026-03-13'],
      ['Phone', '2026-04-25', '2026-04-22', '2026-03-27'],
      ['Phone', '2026-05-25', '2026-05-22', '2026-05-22'],
    ]);
  });

  // Every upcoming bill is in the schedule, and an entry never claims a paycheck it is paid before.
  it.each([
    ['no income at all: current balance', [], '2026-03-20', 'current-balance', null, '2026-03-17'],
    ['a paycheck on the due date: paid that day, never before it', ['2026-03-20'], '2026-03-20', 'after-paycheck', '2026-03-20', '2026-03-20'],
    ['only income after the due date: current balance', ['2026-03-23'], '2026-03-20', 'current-balance', null, '2026-03-17'],
    ['a paycheck scheduled the Saturday after the due date arrives on the Friday it is due', ['2026-03-21'], '2026-03-20', 'after-paycheck', '2026-03-20', '2026-03-20'],
    ['only income 31 days before due: current balance', ['2026-03-10'], '2026-04-10', 'current-balance', null, '2026-04-07'],
    ['a paycheck 2 days before due, after the spec date: the business day after it', ['2026-03-18'], '2026-03-20', 'after-paycheck', '2026-03-18', '2026-03-19'],
    ['paycheck on the pay date: after-paycheck', ['2026-03-17'], '2026-03-20', 'after-paycheck', '2026-03-17', '2026-03-17'],
    ['a paycheck scheduled on a Sunday arrives the Friday before', ['2026-03-15'], '2026-03-20', 'after-paycheck', '2026-03-13', '2026-03-17'],
    ['due in 2 days, last paycheck already paid: current balance, pay tomorrow', ['2026-03-13'], '2026-03-12', 'current-balance', null, '2026-03-11'],
    ['income on a 3rd monthly due date past day 60 is found (Memorial Day: paid the Friday before; pay the Tuesday after)', ['2026-05-25'], '2026-05-28', 'after-paycheck', '2026-05-22', '2026-05-26'],
  ] as const)('%s', (_label, paydays, dueDate, funding, incomeDate, suggestedDate) => {
    const incomes = paydays.map((nextDate, i) => income({ id: `job${i}`, source: `Job ${i}`, frequency: 'quarterly', nextDate, amountCents: 200_000 }));
    const schedule = buildPaymentSchedule([bill({ id: 'b', name: 'Bill', dueDate, recurring: 'once', amountCents: 5_000, priority: 'low' })], incomes, TODAY);
    expect(schedule).toHaveLength(1);
    expect(schedule[0]).toMatchObject({ dueDate, suggestedDate, funding, incomeDate });
  });

  it('a paycheck that arrived today, before the entered next date, funds the bills after it', () => {
    // Paid Monday 1/25/2027 and already entered the next pay date, 2/25: the rent of 2/1 is paid from today's
    // paycheck, as safe to spend counts it, not "At risk" from the current balance.
    const schedule = buildPaymentSchedule(
      [bill({ id: 'rent', name: 'Rent', dueDate: '2027-02-01', recurring: 'once', amountCents: 145_000, priority: 'medium' })],
      [income({ id: 'salary', source: 'Salary', frequency: 'monthly', nextDate: '2027-02-25', amountCents: 385_000 })],
      '2027-01-25',
    );
    expect(schedule[0]).toMatchObject({ funding: 'after-paycheck', incomeDate: '2027-01-25', incomeId: 'salary' });
  });

  it('a zero-amount paycheck still funds a bill (ratio deduction, not at risk)', () => {
    const schedule = buildPaymentSchedule([bill({ dueDate: '2026-03-20', recurring: 'once', priority: 'low', amountCents: 5_000 })], [income({ nextDate: '2026-03-16', amountCents: 0 })], TODAY);
    expect(schedule[0]).toMatchObject({ funding: 'after-paycheck', confidence: 70 }); // ratio -25, paid 1 day after: -5
  });
});
