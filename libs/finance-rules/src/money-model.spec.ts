// The money model of docs/money-model.md, on the cases it was written for: a teacher paid on the 25th, a nurse paid
// twice a month, a school year's summer, a freelancer's variable pay, with a frozen clock on every day of a year.
import { describe, expect, it } from 'vitest';
import {
  addDays,
  buildPaymentSchedule,
  computeDashboard,
  computeForecast,
  explainPaymentSuggestion,
  explainSafeToSpend,
  federalReserveHolidays,
  formatUsShortDate,
  fromDayNumber,
  incomeScheduleOf,
  isBusinessDay,
  monthlyIncomeCents,
  occurrencesBetween,
  payGaps,
  projectIncome,
  toDayNumber,
  type Bill,
  type IncomeSource,
} from './index.js';

const bill = (over: Partial<Bill> & Pick<Bill, 'id' | 'name' | 'amountCents' | 'dueDate'>): Bill => ({
  priority: 'medium',
  category: 'other',
  recurring: 'monthly',
  ...over,
});

// The teacher: $3,850 monthly on the 25th; on December 6 she enters each bill with its next due date.
const teaching: IncomeSource = { id: 'teach', source: 'Teaching salary', amountCents: 385_000, frequency: 'monthly', nextDate: '2026-12-25' };
const rent = bill({ id: 'rent', name: 'Rent', amountCents: 145_000, dueDate: '2027-01-01', category: 'rent' });
const phone = bill({ id: 'phone', name: 'Phone', amountCents: 6_500, dueDate: '2027-01-05' });
const car = bill({ id: 'car', name: 'Car', amountCents: 38_900, dueDate: '2026-12-12', category: 'loans' });
const teacherBills = [rent, phone, car];

const days = (from: string, to: string) => {
  const result: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) result.push(d);
  return result;
};
const dateOf = (dayNumber: number) => fromDayNumber(dayNumber);

/** What every figure must agree with, computed the long way from the public occurrence rules. */
function safeToSpendTheLongWay(bills: readonly Bill[], incomes: readonly IncomeSource[], today: string, schedule: ReturnType<typeof buildPaymentSchedule>) {
  const todayDay = toDayNumber(today);
  // Paydays of every income, both ways from its next date, a year back and 40 days ahead.
  const paydays = incomes.flatMap((income) => {
    const series = incomeScheduleOf(income);
    const out: { day: number; cents: number; index: number }[] = [];
    for (let k = -30; k < 60; k += 1) {
      const day = series.nth(k);
      if (day >= todayDay - 366 && day <= todayDay + 40) out.push({ day, cents: income.lowAmountCents ?? income.amountCents, index: k });
    }
    return out;
  });
  const lastDay = Math.max(...paydays.filter((p) => p.day <= todayDay).map((p) => p.day));
  const next = paydays.filter((p) => p.day > todayDay && p.index >= 0).map((p) => p.day);
  const nextDay = next.length ? Math.min(...next) : todayDay + 31;
  const base = paydays.filter((p) => p.day === lastDay).reduce((s, p) => s + p.cents, 0);
  let owed = 0;
  for (const b of bills) {
    // Since the last paycheck: every occurrence, before the entered date too.
    owed += b.amountCents * occurrencesBetween(b.dueDate, b.recurring, dateOf(lastDay), addDays(today, -1)).length;
    // From today to the day before payday: on its suggested date when that is earlier than the due date.
    for (const due of occurrencesBetween(b.dueDate, b.recurring, today, dateOf(nextDay + 10))) {
      if (due < b.dueDate) continue;
      const suggested = schedule.find((s) => s.id === `${b.id}:${due}`)?.suggestedDate ?? due;
      const leaves = suggested < due ? suggested : due;
      if (leaves < dateOf(nextDay)) owed += b.amountCents;
    }
  }
  return base - owed;
}

describe('the teacher of December 6, 2026', () => {
  const today = '2026-12-06';
  const schedule = buildPaymentSchedule(teacherBills, [teaching], today);
  const forecast = computeForecast({ bills: teacherBills, incomes: [teaching], today, paymentSchedule: schedule });

  it('safe to spend is $1,946.00: the 11/25 paycheck less December 1 rent, December 5 phone and the car on 12/12', () => {
    expect(forecast.safeToSpend.base).toMatchObject({ kind: 'last-paycheck', totalCents: 385_000, paidSinceCents: 151_500, owedCents: 0 });
    expect(forecast.safeToSpend.base.kind === 'last-paycheck' && forecast.safeToSpend.base.paidSince.map((o) => o.dueDate)).toEqual(['2026-12-01', '2026-12-05']);
    // December 25 is Christmas: the paycheck arrives Thursday 12/24.
    expect(forecast.safeToSpend.nextPayday?.date).toBe('2026-12-24');
    expect(forecast.safeToSpend.bills.map((b) => [b.billName, b.dueDate])).toEqual([['Car', '2026-12-12']]);
    expect(forecast.safeToSpend.amountCents).toBe(194_600);
    expect(forecast.days[0]!.balanceCents).toBe(233_500);
    expect(explainSafeToSpend(forecast.safeToSpend, { date: formatUsShortDate })).toBe(
      'From your last paycheck (Teaching salary $3,850.00 on 11/25/2026), less $1,515.00 of bills due since then, minus Car $389.00 due before your Teaching salary on 12/24/2026: $1,946.00 safe to spend.',
    );
  });

  it('the car is paid from the paycheck already in hand, not "at risk"', () => {
    const carEntry = schedule.find((s) => s.dueDate === '2026-12-12')!;
    expect(carEntry).toMatchObject({ funding: 'after-paycheck', incomeDate: '2026-11-25', suggestedDate: '2026-12-09', daysAfterIncome: 14 });
    expect(schedule.filter((s) => s.funding === 'current-balance')).toEqual([]);
  });

  it('pay dates land on business days after the paycheck: rent Monday 12/28, phone Thursday 12/31 (not Saturday 1/2)', () => {
    const rentEntry = schedule.find((s) => s.id === 'rent:2027-01-01')!;
    expect(rentEntry).toMatchObject({ suggestedDate: '2026-12-28', incomeDate: '2026-12-24' });
    const highRent = buildPaymentSchedule([{ ...rent, priority: 'high' }], [teaching], today)[0]!;
    // Sunday 12/27 would be the 5-day lead; the Thursday before is the payday itself, so the Monday after.
    expect(highRent).toMatchObject({ plannedDate: '2026-12-27', suggestedDate: '2026-12-28', adjustments: ['weekend-or-holiday'] });
    expect(explainPaymentSuggestion(highRent, formatUsShortDate)).toContain('12/27/2026 is a Sunday, so pay on 12/28/2026, a business day.');
    const phoneEntry = schedule.find((s) => s.id === 'phone:2027-01-05')!;
    expect(phoneEntry).toMatchObject({ plannedDate: '2027-01-02', suggestedDate: '2026-12-31', adjustments: ['weekend-or-holiday'] });
  });

  it('the schedule\'s sentences follow the date format passed in', () => {
    const ddmm = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
    const text = explainPaymentSuggestion(schedule.find((s) => s.id === 'phone:2027-01-05')!, ddmm);
    expect(text).toContain('02/01/2027 is a Saturday, so pay on 31/12/2026');
    expect(text).toContain('of 24/12/2026');
    expect(text).not.toMatch(/\b\d{1,2}\/\d{1,2}\/\d{4}\b(?<!\d{2}\/\d{2}\/\d{4})/);
  });
});

describe('February: a short month never pushes a pay date before its paycheck', () => {
  it('rent due 3/1 with the 5-day lead is paid Friday 2/26, the business day after the 2/25 paycheck, not 2/24', () => {
    const s = buildPaymentSchedule([{ ...rent, priority: 'high' }], [teaching], '2027-02-10').find((e) => e.dueDate === '2027-03-01')!;
    expect(s).toMatchObject({ plannedDate: '2027-02-24', suggestedDate: '2027-02-26', incomeDate: '2027-02-25', daysAfterIncome: 1, funding: 'after-paycheck' });
    expect(s.adjustments).toEqual(['after-paycheck']);
    // 3 days before due: no deduction; $1,450 of $3,850: -5; one day after the paycheck: -5.
    expect(s).toMatchObject({ confidence: 90, band: 'target' });
    expect(s.reasoning).toContain('That is before your Teaching salary arrives (2/25/2027), so pay the business day after it: 2/26/2027, 3 days before the due date.');
  });
});

describe('every day of 2027 for the teacher: one set of occurrences behind every figure', () => {
  it.each(days('2027-01-01', '2027-12-31').map((d) => [d]))('%s', (today) => {
    const schedule = buildPaymentSchedule(teacherBills, [teaching], today);
    // She marks each bill paid on its due date: nothing is overdue.
    const paidOnTime = (_id: string, due: string) => due < today;
    const forecast = computeForecast({ bills: teacherBills, incomes: [teaching], today, paymentSchedule: schedule, isPaid: paidOnTime });
    const longWay = safeToSpendTheLongWay(teacherBills, [teaching], today, schedule);
    expect(forecast.safeToSpend.amountCents).toBe(longWay);
    // Marking nothing: every occurrence from her entered dates that bill status calls overdue (due within its 62 days,
    // before this pay period) is still owed, on top.
    const unmarked = computeForecast({ bills: teacherBills, incomes: [teaching], today, paymentSchedule: schedule });
    const base = forecast.safeToSpend.base.kind === 'last-paycheck' ? forecast.safeToSpend.base.paychecks[0]!.date : today;
    const overdue = teacherBills.reduce(
      (sum, b) => sum + b.amountCents * occurrencesBetween(b.dueDate, b.recurring, addDays(today, -62), addDays(base, -1)).filter((d) => d >= b.dueDate && d < today).length,
      0,
    );
    expect(unmarked.safeToSpend.amountCents).toBe(longWay - overdue);
    // The projected balance the evening before payday is what safe to spend said was left.
    const beforePayday = forecast.days.find((d) => d.date === forecast.safeToSpend.untilDate)!;
    expect(beforePayday.balanceCents).toBe(forecast.safeToSpend.amountCents);
    for (const s of schedule) {
      expect(isBusinessDay(toDayNumber(s.suggestedDate)) || s.adjustments.includes('no-business-day')).toBe(true);
      expect(s.suggestedDate <= s.dueDate).toBe(true);
      if (s.incomeDate !== null) expect(s.suggestedDate >= s.incomeDate).toBe(true);
      if (s.band === 'target' || s.band === 'good') expect(s.funding).toBe('after-paycheck');
    }
  });
});

describe('Federal Reserve holidays and paydays', () => {
  it.each([
    [2026, ['2026-01-01', '2026-01-19', '2026-02-16', '2026-05-25', '2026-06-19', '2026-09-07', '2026-10-12', '2026-11-11', '2026-11-26', '2026-12-25']],
    // July 4 on a Sunday is observed Monday the 5th; June 19 and December 25 on a Saturday are not moved (Fed open Friday).
    [2027, ['2027-01-01', '2027-01-18', '2027-02-15', '2027-05-31', '2027-07-05', '2027-09-06', '2027-10-11', '2027-11-11', '2027-11-25']],
    [2028, ['2028-01-17', '2028-02-21', '2028-05-29', '2028-06-19', '2028-07-04', '2028-09-04', '2028-10-09', '2028-11-23', '2028-12-25']],
  ])('%i', (year, expected) => {
    expect(federalReserveHolidays(year).map(dateOf).filter((d) => isBusinessDay(toDayNumber(d)) === false && new Date(`${d}T00:00:00Z`).getUTCDay() % 6 !== 0)).toEqual(expected);
  });

  it('a payday on a weekend or holiday arrives the business day before', () => {
    const fifteenth = (nextDate: string): IncomeSource => ({ id: 'p', source: 'Pay', amountCents: 100_000, frequency: 'monthly', nextDate });
    expect(projectIncome([fifteenth('2027-05-15')], '2027-05-01', 50).map((p) => p.date)).toEqual(['2027-05-14', '2027-06-15']);
    expect(projectIncome([teaching], '2026-12-01', 30).map((p) => p.date)).toEqual(['2026-12-24']);
  });
});

describe('twice a month', () => {
  const nurse: IncomeSource = { id: 'n', source: 'Hospital', amountCents: 180_000, frequency: 'twice-monthly', nextDate: '2027-01-15', payDays: [15, 31] };
  const firstAndFifteenth: IncomeSource = { id: 'f', source: 'Payroll', amountCents: 150_000, frequency: 'twice-monthly', nextDate: '2026-12-15', payDays: [1, 15] };

  it('the 15th and the last day, each moved off weekends and holidays', () => {
    // 1/31 Sun -> Fri 1/29; 2/15 Presidents Day -> Fri 2/12; 2/28 Sun -> Fri 2/26.
    expect(projectIncome([nurse], '2027-01-10', 80).map((p) => p.date)).toEqual([
      '2027-01-15', '2027-01-29', '2027-02-12', '2027-02-26', '2027-03-15', '2027-03-31',
    ]);
  });

  it('the 1st and the 15th: New Year\'s Day pays on December 31', () => {
    expect(projectIncome([firstAndFifteenth], '2026-12-10', 40).map((p) => p.date)).toEqual(['2026-12-15', '2026-12-31', '2027-01-15']);
  });

  it('counts two paychecks in every month of the monthly plan', () => {
    for (const month of days('2027-01-01', '2027-12-31').filter((d) => d.endsWith('-10'))) {
      expect(monthlyIncomeCents([nurse], month)).toBe(360_000);
    }
  });

  it('the last paycheck before today is the base: a nurse on the 20th counts from the 15th', () => {
    const f = computeForecast({ bills: [], incomes: [nurse], today: '2027-03-20' });
    expect(f.safeToSpend.base).toMatchObject({ kind: 'last-paycheck', totalCents: 180_000, paychecks: [{ date: '2027-03-15' }] });
    expect(f.safeToSpend.nextPayday?.date).toBe('2027-03-31');
  });
});

describe('a school year: paid September to June, nothing in July and August', () => {
  const district: IncomeSource = { ...teaching, nextDate: '2027-05-25', paidMonths: [1, 2, 3, 4, 5, 6, 9, 10, 11, 12] };

  it('skips the summer in every projection and in the monthly plan', () => {
    expect(projectIncome([district], '2027-06-01', 120).map((p) => p.date)).toEqual(['2027-06-25', '2027-09-24']);
    expect(monthlyIncomeCents([district], '2027-07-15')).toBe(0);
    expect(monthlyIncomeCents([district], '2027-06-15')).toBe(385_000);
  });

  it('in July safe to spend counts from the June paycheck, with every bill since', () => {
    const f = computeForecast({ bills: teacherBills, incomes: [district], today: '2027-07-20' });
    expect(f.safeToSpend.base).toMatchObject({ kind: 'last-paycheck', paychecks: [{ date: '2027-06-25' }] });
    expect(f.safeToSpend.nextPayday).toBeNull();
  });

  it('says what each paycheck before the summer must set aside for its bills', () => {
    const [gap] = payGaps(teacherBills, [district], '2027-05-10');
    // July and August: rent, phone and car twice = $3,808; paid from the May and June paychecks.
    expect(gap).toMatchObject({
      startDate: '2027-07-01',
      endDate: '2027-08-31',
      billsCents: 380_800,
      otherIncomeCents: 0,
      paychecksBeforeGap: 2,
      setAsidePerPaycheckCents: 190_400,
      started: false,
    });
    const [inGap] = payGaps(teacherBills, [district], '2027-08-10');
    expect(inGap).toMatchObject({ startDate: '2027-08-10', endDate: '2027-08-31', started: true, setAsidePerPaycheckCents: null });
    expect(computeDashboard({ bills: teacherBills, incomes: [district], savingsGoals: [], today: '2027-05-10' }).payGaps).toEqual([gap]);
  });
});

describe('variable income: planned at its low amount', () => {
  const freelance: IncomeSource = { id: 'fr', source: 'Clients', amountCents: 240_000, lowAmountCents: 120_000, frequency: 'monthly', nextDate: '2027-03-15' };

  it('safe to spend, the forecast and the schedule count the low amount', () => {
    const f = computeForecast({ bills: [], incomes: [freelance], today: '2027-03-20' });
    expect(f.safeToSpend.base).toMatchObject({ kind: 'last-paycheck', totalCents: 120_000 });
    const s = buildPaymentSchedule([bill({ id: 'r', name: 'Rent', amountCents: 100_000, dueDate: '2027-04-01' })], [freelance], '2027-03-20')[0]!;
    expect(s.incomeAmountCents).toBe(120_000);
    expect(monthlyIncomeCents([freelance], '2027-03-20')).toBe(120_000);
  });
});
