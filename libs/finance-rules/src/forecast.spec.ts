import { describe, expect, it } from 'vitest';
import { computeForecast, type ForecastInput } from './forecast.js';
import { explainBillMove, explainLowBalance, explainSafeToSpend } from './forecast-text.js';
import type { Bill, IncomeSource } from './types.js';

// A frozen clock: Saturday 28 November 2026.
const TODAY = '2026-11-28';

const bill = (over: Partial<Bill> & Pick<Bill, 'id' | 'name' | 'amountCents' | 'dueDate'>): Bill => ({
  priority: 'medium',
  category: 'other',
  recurring: 'monthly',
  ...over,
});
const salary = (over: Partial<IncomeSource> = {}): IncomeSource => ({
  id: 'inc-teach',
  source: 'Teaching salary',
  amountCents: 240_000,
  frequency: 'monthly',
  nextDate: '2026-12-01',
  ...over,
});
const rent = bill({ id: 'b-rent', name: 'Rent', amountCents: 145_000, dueDate: '2026-11-29', priority: 'high', category: 'rent' });
const phone = bill({ id: 'b-phone', name: 'Phone', amountCents: 6_000, dueDate: '2026-11-30', priority: 'low' });
const usDate = (iso: string) => `${Number(iso.slice(5, 7))}/${Number(iso.slice(8, 10))}/${iso.slice(0, 4)}`;

const forecast = (over: Partial<ForecastInput>) => computeForecast({ bills: [], incomes: [], today: TODAY, ...over });

describe('safe to spend until payday', () => {
  it("from the bank balance, minus the bills due before the next paycheck (the issue's example)", () => {
    const f = forecast({ bills: [rent, phone], incomes: [salary()], bankBalanceCents: 214_000 });
    expect(f.safeToSpend).toMatchObject({
      startCents: 214_000,
      nextPayday: { date: '2026-12-01' },
      untilDate: '2026-11-30',
      billsTotalCents: 151_000,
      amountCents: 63_000,
    });
    expect(f.safeToSpend.bills.map((b) => [b.billName, b.date])).toEqual([
      ['Rent', '2026-11-29'],
      ['Phone', '2026-11-30'],
    ]);
    expect(explainSafeToSpend(f.safeToSpend, { date: usDate })).toBe(
      'From your linked bank balance of $2,140.00, minus Rent $1,450.00 and Phone $60.00 due before your Teaching salary on 12/1/2026: $630.00 safe to spend.',
    );
  });

  it('a balance read days ago: the bills due since then (not paid) are taken off too', () => {
    // The gym was entered as due 11/26, so nothing before that date is owed.
    const gym = bill({ id: 'b-gym', name: 'Gym', amountCents: 4_000, dueDate: '2026-11-26' });
    const stale = forecast({ bills: [gym, rent, phone], incomes: [salary()], bankBalanceCents: 214_000, bankBalanceDate: '2026-11-25' });
    expect(stale.safeToSpend.base).toMatchObject({ kind: 'bank', paidSinceCents: 4_000, owedCents: 0 });
    expect(stale.safeToSpend).toMatchObject({ startCents: 210_000, amountCents: 59_000 });
    expect(explainSafeToSpend(stale.safeToSpend, { date: usDate })).toMatch(/^From your linked bank balance of \$2,140\.00, less \$40\.00 of bills due since it was read, minus/);
    // Marked paid: it is in the balance already.
    expect(forecast({ bills: [gym], bankBalanceCents: 10_000, bankBalanceDate: '2026-11-25', isPaid: () => true }).safeToSpend.startCents).toBe(10_000);
    // Read after it fell due and not paid: overdue, so still owed (as bill status shows it), not 'in the balance'.
    const after = forecast({ bills: [gym], bankBalanceCents: 10_000, bankBalanceDate: '2026-11-27' }).safeToSpend;
    expect(after.base).toMatchObject({ kind: 'bank', paidSinceCents: 0, owedCents: 4_000 });
    expect(after.startCents).toBe(6_000);
    expect(forecast({ bills: [gym], bankBalanceCents: 10_000, bankBalanceDate: '2026-11-27', isPaid: () => true }).safeToSpend.startCents).toBe(10_000);
  });

  it('counts a payment the schedule places before payday even when the bill is due after it', () => {
    const internet = bill({ id: 'b-net', name: 'Internet', amountCents: 5_000, dueDate: '2026-12-03' });
    const schedule = [{ id: 'b-net:2026-12-03', suggestedDate: '2026-11-30' }];
    const withSchedule = forecast({ bills: [internet], incomes: [salary()], bankBalanceCents: 10_000, paymentSchedule: schedule });
    expect(withSchedule.safeToSpend.amountCents).toBe(5_000);
    expect(withSchedule.safeToSpend.bills[0]).toMatchObject({ date: '2026-11-30', dueDate: '2026-12-03' });
    // Without a suggestion the money leaves on the due date, after the paycheck.
    expect(forecast({ bills: [internet], incomes: [salary()], bankBalanceCents: 10_000 }).safeToSpend.amountCents).toBe(10_000);
  });

  it('a bill due on payday is paid from that paycheck (income first on the same day)', () => {
    const onPayday = bill({ id: 'b-car', name: 'Car', amountCents: 30_000, dueDate: '2026-12-01' });
    const f = forecast({ bills: [onPayday], incomes: [salary()], bankBalanceCents: 10_000 });
    expect(f.safeToSpend.amountCents).toBe(10_000);
    const payday = f.days.find((d) => d.date === '2026-12-01')!;
    expect(payday).toMatchObject({ incomeCents: 240_000, billsCents: 30_000, balanceCents: 10_000 + 240_000 - 30_000 });
  });

  it('a paycheck dated today has arrived: the next paycheck is the one after it', () => {
    const f = forecast({ bills: [phone], incomes: [salary({ nextDate: TODAY })], bankBalanceCents: 50_000 });
    expect(f.safeToSpend.nextPayday?.date).toBe('2026-12-28');
    expect(f.days[0]).toMatchObject({ date: TODAY, incomeCents: 0 });
    expect(f.safeToSpend.amountCents).toBe(44_000);
  });

  it('without a bank, counts from the last paycheck less the bills due since it', () => {
    // Biweekly, next on 12/4, so the last one was 11/20; a bill due 11/25 was paid from it.
    const pay = salary({ frequency: 'biweekly', nextDate: '2026-12-04', amountCents: 150_000 });
    const gym = bill({ id: 'b-gym', name: 'Gym', amountCents: 4_000, dueDate: '2026-11-25' });
    const f = forecast({ bills: [gym, phone], incomes: [pay] });
    expect(f.safeToSpend.base).toMatchObject({ kind: 'last-paycheck', totalCents: 150_000, paidSinceCents: 4_000, owedCents: 0 });
    expect(f.safeToSpend).toMatchObject({ startCents: 146_000, billsTotalCents: 6_000, amountCents: 140_000 });
    expect(explainSafeToSpend(f.safeToSpend, { date: usDate })).toBe(
      'From your last paycheck (Teaching salary $1,500.00 on 11/20/2026), less $40.00 of bills due since then, minus Phone $60.00 due before your Teaching salary on 12/4/2026: $1,400.00 safe to spend.',
    );
  });

  it('with no paycheck within 30 days, counts the bills of the whole 30 days', () => {
    const f = forecast({ bills: [phone], incomes: [salary({ frequency: 'quarterly', nextDate: '2027-02-01' })], bankBalanceCents: 20_000 });
    expect(f.safeToSpend.nextPayday).toBeNull();
    expect(f.safeToSpend.untilDate).toBe('2026-12-28');
    // Phone on 11/30 and 12/30? 12/30 is past the horizon: one payment.
    expect(f.safeToSpend.billsTotalCents).toBe(6_000);
    expect(explainSafeToSpend(f.safeToSpend, { date: usDate })).toBe(
      'From your linked bank balance of $200.00, minus Phone $60.00 due through 12/28/2026 (no paycheck expected in that time): $140.00 safe to spend.',
    );
  });

  it('zero income and no bank: nothing to count from, no figure and no warning', () => {
    const f = forecast({ bills: [rent] });
    expect(f.safeToSpend.base.kind).toBe('none');
    expect(f.safeToSpend.amountCents).toBeNull();
    expect(f.warning).toBeNull();
    expect(explainSafeToSpend(f.safeToSpend, { date: usDate })).toBeNull();
  });

  it('an income of $0 still gives a figure, and says how short it is', () => {
    const f = forecast({ bills: [phone], incomes: [salary({ amountCents: 0, nextDate: '2026-12-10' })] });
    expect(f.safeToSpend.amountCents).toBe(-6_000);
    expect(explainSafeToSpend(f.safeToSpend, { date: usDate })).toMatch(/: you are \$60\.00 short\.$/);
  });

  it('with a bank balance, leaves out paid occurrences (the paid-status predicate), default none paid', () => {
    const isPaid = (billId: string, dueDate: string) => billId === 'b-rent' && dueDate === '2026-11-29';
    const f = forecast({ bills: [rent, phone], incomes: [salary()], bankBalanceCents: 214_000, isPaid });
    expect(f.safeToSpend.bills.map((b) => b.billName)).toEqual(['Phone']);
    expect(f.safeToSpend.amountCents).toBe(208_000);
  });

  it('without a bank, a paid occurrence still came out of the last paycheck: counted as spent today', () => {
    const pay = salary({ frequency: 'biweekly', nextDate: '2026-12-04', amountCents: 150_000 });
    const later = bill({ id: 'b-ins', name: 'Insurance', amountCents: 20_000, dueDate: '2026-12-10' });
    const isPaid = (billId: string) => billId === 'b-ins';
    const f = forecast({ bills: [phone, later], incomes: [pay], isPaid });
    expect(f.safeToSpend.bills.map((b) => [b.billName, b.date])).toEqual([
      ['Insurance', TODAY],
      ['Phone', '2026-11-30'],
    ]);
    expect(f.safeToSpend.amountCents).toBe(150_000 - 20_000 - 6_000);
    expect(f.days.find((d) => d.date === '2026-12-10')!.billsCents).toBe(0);
  });

  it('names four bills and sums the rest', () => {
    const bills = ['A', 'B', 'C', 'D', 'E', 'F'].map((name, i) => bill({ id: `b-${name}`, name, amountCents: 1_000 * (i + 1), dueDate: '2026-11-29' }));
    const f = forecast({ bills, incomes: [salary()], bankBalanceCents: 100_000 });
    expect(explainSafeToSpend(f.safeToSpend, { date: usDate })).toContain('minus A $10.00, B $20.00, C $30.00, D $40.00 and 2 more bills $110.00 due before');
  });
});

describe('projected balance', () => {
  it('has one entry a day for 31 days, paychecks before bills', () => {
    const f = forecast({ bills: [rent, phone], incomes: [salary()], bankBalanceCents: 214_000 });
    expect(f.days).toHaveLength(31);
    expect(f.days[0]!.date).toBe(TODAY);
    expect(f.days[30]!.date).toBe('2026-12-28');
    expect(f.days.map((d) => d.balanceCents).slice(0, 4)).toEqual([214_000, 69_000, 63_000, 303_000]);
    // Rent again on 12/29 and Phone on 12/30 are past the horizon.
    expect(f.days[30]!.balanceCents).toBe(303_000);
  });

  it('counts a weekly bill on every week and stays linear in the days', () => {
    const coffee = bill({ id: 'b-cof', name: 'Coffee club', amountCents: 1_000, dueDate: '2026-11-28', recurring: 'weekly' });
    const f = forecast({ bills: [coffee], bankBalanceCents: 10_000 });
    expect(f.days.filter((d) => d.billsCents > 0).map((d) => d.date)).toEqual(['2026-11-28', '2026-12-05', '2026-12-12', '2026-12-19', '2026-12-26']);
    expect(f.days[30]!.balanceCents).toBe(5_000);
  });

  it('does not count a bill before the date the user entered', () => {
    const later = bill({ id: 'b-new', name: 'New plan', amountCents: 2_000, dueDate: '2026-12-20' });
    const f = forecast({ bills: [later], bankBalanceCents: 10_000 });
    expect(f.days.filter((d) => d.billsCents > 0).map((d) => d.date)).toEqual(['2026-12-20']);
  });
});

describe('low-balance warning', () => {
  it('says on which day and by how much, and moves the bill whose move past payday fixes the dip', () => {
    const f = forecast({ bills: [rent, phone], incomes: [salary()], bankBalanceCents: 148_000 });
    // 148,000 - 145,000 = 3,000 on 11/29; - 6,000 = -3,000 on 11/30; paycheck on 12/1.
    expect(f.warning).toMatchObject({ date: '2026-11-30', balanceCents: -3_000, lowestDate: '2026-11-30', shortfallCents: 3_000, beforeNextPayday: true });
    expect(f.warning!.suggestion).toMatchObject({ billName: 'Phone', toDate: '2026-12-01', fixes: true, afterDueDate: true, remainingShortfallCents: 0 });
    expect(explainLowBalance(f.warning!, { date: usDate })).toBe('On 11/30/2026 your balance is projected to fall to -$30.00, below zero: $30.00 short.');
    expect(explainBillMove(f.warning!, { date: usDate })).toBe(
      'Move Phone ($60.00, due 11/30/2026) from 11/30/2026 to 12/1/2026, when your Teaching salary arrives: that keeps your balance at or above zero. That is after its due date, so ask the biller first.',
    );
  });

  it('prefers a move that stays on or before the due date (an early suggested payment)', () => {
    const internet = bill({ id: 'b-net', name: 'Internet', amountCents: 5_000, dueDate: '2026-12-03', priority: 'high' });
    const schedule = [{ id: 'b-net:2026-12-03', suggestedDate: '2026-11-29' }];
    const f = forecast({ bills: [phone, internet], incomes: [salary()], bankBalanceCents: 8_000, paymentSchedule: schedule });
    expect(f.warning).toMatchObject({ date: '2026-11-30', shortfallCents: 3_000 });
    expect(f.warning!.suggestion).toMatchObject({ billName: 'Internet', fromDate: '2026-11-29', toDate: '2026-12-01', afterDueDate: false, fixes: true });
  });

  it('without a single fixing move, the one that shrinks the shortfall most', () => {
    const f = forecast({ bills: [rent, phone], incomes: [salary()], bankBalanceCents: 0 });
    expect(f.warning).toMatchObject({ date: '2026-11-29', lowestBalanceCents: -151_000, shortfallCents: 151_000 });
    expect(f.warning!.suggestion).toMatchObject({ billName: 'Rent', fixes: false, remainingShortfallCents: 6_000 });
    expect(explainBillMove(f.warning!, { date: usDate })).toContain('that shrinks the shortfall to $60.00');
  });

  it('no paycheck after the dip: no move to suggest, and it says so', () => {
    const f = forecast({ bills: [phone], bankBalanceCents: 1_000 });
    expect(f.warning).toMatchObject({ date: '2026-11-30', shortfallCents: 5_000, suggestion: null, noSuggestion: 'no-payday' });
    expect(explainBillMove(f.warning!, { date: usDate })).toMatch(/^No paycheck is expected after this/);
  });

  it('already below zero today with no bill to move: says so instead of naming a move', () => {
    const f = forecast({ incomes: [salary()], bankBalanceCents: -2_500 });
    expect(f.warning).toMatchObject({ date: TODAY, shortfallCents: 2_500, suggestion: null, noSuggestion: 'no-bill', beforeNextPayday: true });
    expect(explainBillMove(f.warning!, { date: usDate })).toBe(
      'No bill goes out before then, so moving one would not help: your balance is already below zero. Consider adding money before then.',
    );
  });

  it.each([
    ['exactly at the threshold: no warning', 63_000, null],
    ['one cent below it: a warning', 63_001, 1],
  ] as const)('threshold edge, %s', (_label, thresholdCents, shortfall) => {
    const f = forecast({ bills: [rent, phone], incomes: [salary()], bankBalanceCents: 214_000, thresholdCents });
    if (shortfall === null) expect(f.warning).toBeNull();
    else expect(f.warning).toMatchObject({ date: '2026-11-30', balanceCents: 63_000, shortfallCents: shortfall });
  });

  it('names the threshold when there is one', () => {
    const f = forecast({ bills: [rent, phone], incomes: [salary()], bankBalanceCents: 214_000, thresholdCents: 100_000 });
    expect(f.warning).toMatchObject({ date: '2026-11-29', shortfallCents: 37_000 });
    expect(explainLowBalance(f.warning!, { date: usDate })).toBe(
      'On 11/29/2026 your balance is projected to fall to $690.00, below your $1,000.00 minimum; at its lowest, on 11/30/2026, it is $370.00 short.',
    );
    expect(f.warning!.suggestion).toMatchObject({ billName: 'Rent', fixes: true });
  });

  it('a dip after the next paycheck is still reported, marked as after it', () => {
    const big = bill({ id: 'b-tax', name: 'Tax', amountCents: 500_000, dueDate: '2026-12-15', recurring: 'once' });
    const f = forecast({ bills: [big], incomes: [salary()], bankBalanceCents: 10_000 });
    // 10,000 + 240,000 on 12/1, then 500,000 out on 12/15; the January paycheck is past the horizon.
    expect(f.warning).toMatchObject({ date: '2026-12-15', beforeNextPayday: false, shortfallCents: 250_000, suggestion: null });
  });
});
