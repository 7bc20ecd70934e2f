// A changed due day (billScheduleOf and every rule that follows it) and the due-date planner's table cases: a
// teacher, a nurse paid every two weeks, a freelancer with lumpy clients, and the planner's limits.
import { describe, expect, it } from 'vitest';
import { readDay } from './day-numbers.js';
import {
  addDays,
  billOccurrencesBetween,
  billScheduleOf,
  billWithDueDay,
  computeForecast,
  daysBetween,
  expandBill,
  fromDayNumber,
  occurrencesOfBills,
  planDueDates,
  PLAN_CHART_DAYS,
  PLAN_HORIZON_DAYS,
  type Bill,
  type DueDatePlanInput,
  type IncomeSource,
  type PlannerBill,
} from './index.js';
import { scheduleOf as rawScheduleOf } from './schedule.js';

const bill = (over: Partial<Bill> & Pick<Bill, 'dueDate'>): Bill => ({
  id: 'b1',
  name: 'Phone',
  amountCents: 8_500,
  priority: 'medium',
  category: 'utilities',
  recurring: 'monthly',
  ...over,
});

const planner = (id: string, name: string, amountCents: number, dueDate: string, flexibility: PlannerBill['flexibility'], over: Partial<PlannerBill> = {}): PlannerBill => ({
  id,
  name,
  amountCents,
  dueDate,
  priority: 'medium',
  category: 'other',
  recurring: 'monthly',
  flexibility,
  dueDayMin: 1,
  dueDayMax: 31,
  ...over,
});

const dayOf = (date: string) => Number(date.slice(8, 10));

describe('billScheduleOf: a due day changed from a given day on', () => {
  const changed = bill({ earlierDueDate: '2026-10-05', dueDateFrom: '2027-01-20', dueDate: '2027-01-27' });

  it('keeps the old dates before the change and the new ones from it (the 5th moved to the 27th from 2027-01-20)', () => {
    expect(billOccurrencesBetween(changed, '2026-11-01', '2027-03-31')).toEqual(['2026-11-05', '2026-12-05', '2027-01-05', '2027-01-27', '2027-02-27', '2027-03-27']);
  });

  it('is scheduleOf(dueDate) itself without a change', () => {
    for (const recurring of ['weekly', 'biweekly', 'monthly', 'quarterly', 'yearly', 'once'] as const) {
      for (const fields of [{}, { earlierDueDate: null, dueDateFrom: null }, { earlierDueDate: '2026-01-01' }, { dueDateFrom: '2026-01-01' }]) {
        const b = bill({ dueDate: '2026-01-31', recurring, ...fields });
        const plain = rawScheduleOf(readDay('2026-01-31'), recurring);
        const s = billScheduleOf(b);
        const range = recurring === 'once' ? [0] : [-5, -1, 0, 1, 2, 7];
        for (const n of range) expect(s.nth(n)).toBe(plain.nth(n));
        for (const d of ['2025-06-01', '2026-01-31', '2026-02-01', '2027-03-03']) expect(s.firstIndexOnOrAfter(readDay(d))).toBe(plain.firstIndexOnOrAfter(readDay(d)));
      }
    }
  });

  it('counts from the date the person entered: the old anchor is occurrence 0, earlier ones negative', () => {
    const s = billScheduleOf(changed);
    expect(fromDayNumber(s.nth(0))).toBe('2026-10-05');
    expect(fromDayNumber(s.nth(-1))).toBe('2026-09-05');
    expect(fromDayNumber(s.nth(3))).toBe('2027-01-05');
    expect(fromDayNumber(s.nth(4))).toBe('2027-01-27');
  });

  it.each([
    ['weekly', '2026-11-02', '2026-12-18', '2026-12-16', ['2026-11-30', '2026-12-07', '2026-12-14', '2026-12-18', '2026-12-25', '2027-01-01']],
    ['quarterly', '2026-01-15', '2027-01-27', '2026-10-28', ['2026-04-15', '2026-07-15', '2026-10-15', '2027-01-27', '2027-04-27']],
    ['yearly', '2025-03-10', '2027-03-25', '2026-03-26', ['2025-03-10', '2026-03-10', '2027-03-25', '2028-03-25']],
  ] as const)('works for %s bills, and nth and firstIndexOnOrAfter agree and never go back', (recurring, earlier, due, from, expected) => {
    const b = bill({ recurring, earlierDueDate: earlier, dueDate: due, dueDateFrom: from });
    const first = expected[0]!;
    const last = expected[expected.length - 1]!;
    expect(billOccurrencesBetween(b, first, last)).toEqual(expected);
    const s = billScheduleOf(b);
    for (let n = -20; n < 20; n += 1) expect(s.nth(n + 1)).toBeGreaterThan(s.nth(n));
    for (let day = readDay(first).dayNumber - 40; day < readDay(last).dayNumber + 40; day += 3) {
      const k = s.firstIndexOnOrAfter(readDay(fromDayNumber(day)))!;
      expect(s.nth(k)).toBeGreaterThanOrEqual(day);
      expect(s.nth(k - 1)).toBeLessThan(day);
    }
  });

  it('keeps the paid-status keys (billId:dueDate) of the old dates, and shows them from the entered date on', () => {
    const occurrences = expandBill(changed, '2026-12-01');
    expect(occurrences.slice(0, 3).map((o) => `${o.billId}:${o.dueDate}`)).toEqual(['b1:2026-12-05', 'b1:2027-01-05', 'b1:2027-01-27']);
    expect(occurrencesOfBills([changed], '2026-09-01', '2027-01-31').map((o) => o.dueDate)).toEqual(['2026-10-05', '2026-11-05', '2026-12-05', '2027-01-05', '2027-01-27']);
  });

  it('leaves the forecast counting an unpaid old date on or after the entered one as owed', () => {
    const income: IncomeSource = { id: 'i', source: 'Job', amountCents: 300_000, frequency: 'monthly', nextDate: '2026-12-25' };
    const f = computeForecast({ bills: [changed], incomes: [income], today: '2026-12-07' });
    expect(f.safeToSpend.base.kind).toBe('last-paycheck');
    if (f.safeToSpend.base.kind !== 'last-paycheck') return;
    expect(f.safeToSpend.base.paidSince.map((o) => o.dueDate)).toEqual(['2026-12-05']);
    // October 5 is the entered date but more than the 62 days bill status shows.
    expect(f.safeToSpend.base.owed.map((o) => o.dueDate)).toEqual(['2026-11-05']);
  });
});

// The teacher of docs/money-model.md: paid $3,850 on the 25th, September to June, seen on December 7, 2026.
const teacherIncome: IncomeSource = { id: 'salary', source: 'School district', amountCents: 385_000, frequency: 'monthly', nextDate: '2026-12-25', paidMonths: [1, 2, 3, 4, 5, 6, 9, 10, 11, 12] };
const teacherBills: PlannerBill[] = [
  planner('rent', 'Rent', 145_000, '2027-01-01', 'no', { category: 'rent', priority: 'high' }),
  planner('phone', 'Phone', 8_500, '2027-01-05', 'yes', { category: 'utilities' }),
  planner('car', 'Car', 38_900, '2026-12-12', 'yes', { category: 'loan' as PlannerBill['category'] }),
  planner('insurance', 'Insurance', 14_200, '2026-12-18', 'yes', { category: 'insurance' }),
  planner('water', 'Water', 4_500, '2026-12-09', 'no', { category: 'utilities' }),
];
const teacher: DueDatePlanInput = { bills: teacherBills, incomes: [teacherIncome], today: '2026-12-07', thresholdCents: 0 };

describe('planDueDates: a teacher paid on the 25th', () => {
  const plan = planDueDates(teacher);
  const move = (id: string) => plan.moves.find((m) => m.billId === id);

  it('moves the phone and the car to 1-5 days after the 25th, and never rent', () => {
    expect(plan.base).toBe('last-paycheck');
    expect(move('rent')).toBeUndefined();
    expect(move('water')).toBeUndefined();
    expect(move('phone')).toMatchObject({ fromDay: 5, toDay: 27, chosenBy: 'planner', flexibility: 'yes' });
    for (const id of ['phone', 'car']) {
      const m = move(id)!;
      expect(m.toDay).toBeGreaterThanOrEqual(26);
      expect(m.toDay).toBeLessThanOrEqual(30);
      expect(m.daysAfterPayday).toBeGreaterThanOrEqual(1);
      expect(m.daysAfterPayday).toBeLessThanOrEqual(5);
      expect(m.payday?.source).toBe('School district');
    }
    expect(plan.after.lowestBalanceCents).toBeGreaterThanOrEqual(plan.before.lowestBalanceCents);
    expect(plan.after.daysBelowThreshold).toBeLessThanOrEqual(plan.before.daysBelowThreshold);
    expect(plan.helps).toBe(true);
  });

  it('shows the month of each change: the next due date stays, the new day comes after it', () => {
    expect(move('phone')!.transition).toEqual({ lastOldDate: '2027-01-05', firstNewDate: '2027-01-27', daysBetween: 22, amountCents: 8_500 });
    expect(move('car')!.transition.lastOldDate).toBe('2026-12-12');
    expect(move('car')!.payday).toEqual({ date: '2026-12-24', source: 'School district', amountCents: 385_000 });
  });

  it('reports the horizon, the chart and the paychecks it carries', () => {
    expect(plan.horizonDays).toBe(PLAN_HORIZON_DAYS);
    expect(plan.chartDays).toBe(PLAN_CHART_DAYS);
    expect(plan.before.days).toHaveLength(PLAN_CHART_DAYS + 1);
    expect(plan.before.days[0]!.date).toBe('2026-12-07');
    // The 25th of December is a holiday: the paycheck arrives on the 24th; April 25, 2027 is a Sunday.
    expect(plan.before.paycheckLoads.map((p) => p.date)).toEqual(['2026-12-24', '2027-01-25', '2027-02-25', '2027-03-25', '2027-04-23', '2027-05-25']);
  });

  it('says what to set aside for the summer the school year does not pay', () => {
    expect(plan.lean).toMatchObject({ reason: 'pay-gap', source: 'School district', startDate: '2027-07-01', endDate: '2027-08-31', otherIncomeCents: 0 });
    const lean = plan.lean!;
    expect(lean.billsCents).toBe(lean.bills.reduce((sum, b) => sum + b.amountCents, 0));
    expect(lean.setAsidePerPaycheckCents).toBe(Math.ceil(lean.shortfallCents / lean.paychecksBefore));
    // The moved bills are counted on their new days.
    expect(lean.bills.filter((b) => b.billId === 'phone').map((b) => b.dueDate)).toEqual(['2027-07-27', '2027-08-27']);
  });

  it('keeps the projection the forecast makes, over six months', () => {
    const f = computeForecast({ bills: teacherBills, incomes: [teacherIncome], today: '2026-12-07', horizonDays: PLAN_HORIZON_DAYS });
    expect(plan.before.days).toEqual(f.days.slice(0, PLAN_CHART_DAYS + 1).map((d) => ({ date: d.date, balanceCents: d.balanceCents })));
    expect(plan.before.lowestBalanceCents).toBe(Math.min(...f.days.map((d) => d.balanceCents)));
  });

  it('gives the same plan for the same input', () => {
    expect(planDueDates(teacher)).toEqual(plan);
  });
});

describe('planDueDates: a nurse paid every two weeks', () => {
  const nurse: DueDatePlanInput = {
    today: '2026-12-07',
    thresholdCents: 30_000,
    bankBalanceCents: 60_000,
    incomes: [{ id: 'hospital', source: 'Hospital', amountCents: 210_000, frequency: 'biweekly', nextDate: '2026-12-11' }],
    bills: [
      planner('rent', 'Rent', 160_000, '2027-01-01', 'no', { category: 'rent' }),
      planner('car', 'Car loan', 42_000, '2026-12-09', 'yes'),
      planner('card', 'Credit card', 25_000, '2026-12-10', 'unknown'),
      planner('phone', 'Phone', 9_000, '2026-12-15', 'yes'),
      planner('power', 'Power', 12_000, '2026-12-22', 'yes'),
    ],
  };
  const plan = planDueDates(nurse);

  it('times bills after paychecks without adding a day below the threshold or lowering the low', () => {
    expect(plan.base).toBe('bank');
    // The first days are short whatever moves: the bills due before the first paycheck are already billed.
    expect(plan.before.daysBelowThreshold).toBeGreaterThan(0);
    expect(plan.after.daysBelowThreshold).toBe(plan.before.daysBelowThreshold);
    expect(plan.after.lowestBalanceCents).toBe(plan.before.lowestBalanceCents);
    expect(plan.moves.find((m) => m.billId === 'rent')).toBeUndefined();
    expect(plan.moves.length).toBeGreaterThan(0);
    for (const m of plan.moves) {
      expect(m.daysAfterPayday).toBeGreaterThanOrEqual(0);
      expect(m.payday?.source).toBe('Hospital');
    }
    expect(plan.helps).toBe(true);
  });

  it('moves each payment by at most half a month: the biller keeps the cycle', () => {
    for (const m of plan.moves) {
      const original = nurse.bills.find((b) => b.id === m.billId)!;
      const moved = billWithDueDay(original, m.toDay, nurse.today);
      const end = addDays(nurse.today, PLAN_HORIZON_DAYS);
      const before = billOccurrencesBetween(original, nurse.today, addDays(end, 31));
      const after = billOccurrencesBetween(moved, m.transition.firstNewDate, end);
      // Each new payment is the old one of its cycle, moved: the k-th after the transition replaces the (k+1)-th old one.
      after.forEach((date, k) => expect(Math.abs(daysBetween(before[k + 1]!, date))).toBeLessThanOrEqual(16));
    }
  });

  it('keeps the lean income empty for a steady paycheck', () => {
    expect(plan.lean).toBeNull();
  });
});

describe('planDueDates: a freelancer with two lumpy clients', () => {
  const freelancer: DueDatePlanInput = {
    today: '2026-12-07',
    thresholdCents: 20_000,
    incomes: [
      { id: 'retainer', source: 'Retainer client', amountCents: 200_000, frequency: 'monthly', nextDate: '2027-01-03' },
      { id: 'project', source: 'Project client', amountCents: 450_000, lowAmountCents: 300_000, frequency: 'quarterly', nextDate: '2027-01-15' },
    ],
    bills: [
      planner('rent', 'Rent', 120_000, '2027-01-01', 'no', { category: 'rent' }),
      planner('internet', 'Internet', 7_000, '2026-12-20', 'yes'),
      planner('insurance', 'Health insurance', 45_000, '2026-12-28', 'yes'),
      planner('card', 'Card', 15_000, '2026-12-30', 'unknown', { dueDayMin: 1, dueDayMax: 28 }),
      planner('tax', 'Estimated tax', 150_000, '2027-01-15', 'yes', { recurring: 'quarterly' }),
    ],
  };
  const plan = planDueDates(freelancer);

  it('never lowers the lowest balance and keeps every day in its range', () => {
    expect(plan.after.lowestBalanceCents).toBeGreaterThanOrEqual(plan.before.lowestBalanceCents);
    expect(plan.after.daysBelowThreshold).toBeLessThanOrEqual(plan.before.daysBelowThreshold);
    for (const m of plan.moves) {
      const b = freelancer.bills.find((x) => x.id === m.billId)!;
      expect(m.toDay).toBeGreaterThanOrEqual(b.dueDayMin);
      expect(m.toDay).toBeLessThanOrEqual(b.dueDayMax);
    }
  });

  it('plans on the lean project paycheck and says what to set aside from it', () => {
    expect(plan.lean).toMatchObject({ reason: 'variable-pay', source: 'Project client', plannedAmountCents: 300_000, typicalAmountCents: 450_000 });
    expect(plan.before.paycheckLoads.find((p) => p.source === 'Project client')!.amountCents).toBe(300_000);
  });
});

describe('planDueDates: limits', () => {
  // Paid on the 27th: two days after it is the 29th, which a biller allowing 1-28 cannot give.
  const late: DueDatePlanInput = {
    today: '2026-12-07',
    thresholdCents: 0,
    incomes: [{ id: 'job', source: 'Job', amountCents: 300_000, frequency: 'monthly', nextDate: '2026-12-27' }],
    bills: [planner('gym', 'Gym', 5_000, '2026-12-10', 'yes', { dueDayMin: 1, dueDayMax: 28 }), planner('club', 'Club', 5_000, '2026-12-10', 'yes')],
  };

  it('keeps a bill within the days its biller allows', () => {
    const plan = planDueDates(late);
    const gym = plan.moves.find((m) => m.billId === 'gym')!;
    expect(gym.toDay).toBeLessThanOrEqual(28);
    expect(plan.moves.find((m) => m.billId === 'club')!.toDay).toBe(29);
  });

  it("keeps the person's choices, and plans the rest around them", () => {
    const plan = planDueDates({ ...late, choices: new Map<string, number | null>([['gym', 3], ['club', null]]) });
    expect(plan.moves).toHaveLength(1);
    expect(plan.moves[0]).toMatchObject({ billId: 'gym', toDay: 3, chosenBy: 'person' });
  });

  it('never moves a shared bill the person may not change, nor one whose biller says no', () => {
    const plan = planDueDates({ ...late, bills: [{ ...late.bills[0]!, canMove: false }, { ...late.bills[1]!, flexibility: 'no' }] });
    expect(plan.moves).toEqual([]);
    expect(plan.helps).toBe(false);
    expect(plan.after).toEqual(plan.before);
  });

  it('moves nothing when nothing would change: bills already 1-5 days after payday', () => {
    const plan = planDueDates({ ...late, bills: [planner('gym', 'Gym', 5_000, '2026-12-29', 'yes')] });
    expect(plan.moves).toEqual([]);
    expect(plan.helps).toBe(false);
  });

  it('never moves weekly, biweekly or one-time bills', () => {
    const plan = planDueDates({
      ...late,
      bills: (['weekly', 'biweekly', 'once'] as const).map((recurring, i) => planner(`b${i}`, `Bill ${i}`, 5_000, '2026-12-10', 'yes', { recurring })),
    });
    expect(plan.moves).toEqual([]);
  });

  it('has the transition of a monthly move: Dec 5 to the 27th is Dec 5, then Dec 27', () => {
    const plan = planDueDates({ ...late, today: '2026-12-01', choices: new Map([['gym', 27]]), bills: [planner('gym', 'Gym', 5_000, '2026-12-05', 'yes')] });
    expect(plan.moves[0]!.transition).toEqual({ lastOldDate: '2026-12-05', firstNewDate: '2026-12-27', daysBetween: 22, amountCents: 5_000 });
    // Moving to an earlier day: the next payment comes in the next month.
    const earlier = planDueDates({ ...late, today: '2026-12-01', choices: new Map([['gym', 2]]), bills: [planner('gym', 'Gym', 5_000, '2026-12-05', 'yes')] });
    expect(earlier.moves[0]!.transition).toMatchObject({ lastOldDate: '2026-12-05', firstNewDate: '2027-01-02', daysBetween: 28 });
  });

  it('moves a quarterly bill to its next payment month, and a 31st to the last day of short months', () => {
    const q = planDueDates({ ...late, choices: new Map([['tax', 27]]), bills: [planner('tax', 'Tax', 5_000, '2027-01-15', 'yes', { recurring: 'quarterly' })] });
    expect(q.moves[0]!.transition).toMatchObject({ lastOldDate: '2027-01-15', firstNewDate: '2027-04-27' });
    // The payment after the next one (February 25) moves to the nearest last day: February 28, then March 31.
    const last = planDueDates({ ...late, today: '2027-01-20', choices: new Map([['gym', 31]]), bills: [planner('gym', 'Gym', 5_000, '2027-01-25', 'yes')] });
    expect(last.moves[0]!.transition).toMatchObject({ lastOldDate: '2027-01-25', firstNewDate: '2027-02-28' });
    expect(billOccurrencesBetween(billWithDueDay(late.bills[0]!, 31, '2027-01-20'), '2027-03-01', '2027-05-01')).toEqual(['2027-03-31', '2027-04-30']);
    const feb = planDueDates({ ...late, today: '2027-02-01', choices: new Map([['gym', 31]]), bills: [planner('gym', 'Gym', 5_000, '2027-02-25', 'yes')] });
    expect(feb.moves[0]!.transition).toMatchObject({ lastOldDate: '2027-02-25', firstNewDate: '2027-03-31' });
  });

  it('lifts a dip before payday by moving bills to just after it, a bill nobody asked about included (flagged as such)', () => {
    // Both $100 bills are due a week before the paycheck, from a balance of $0: moved after it, no later month is short.
    const plan = planDueDates({
      today: '2026-12-07',
      thresholdCents: -15_000,
      bankBalanceCents: 0,
      incomes: [{ id: 'job', source: 'Job', amountCents: 300_000, frequency: 'monthly', nextDate: '2026-12-15' }],
      bills: [planner('a', 'Alpha', 10_000, '2026-12-08', 'unknown'), planner('b', 'Beta', 10_000, '2026-12-08', 'yes'), planner('r', 'Rent', 280_000, '2026-12-16', 'no')],
    });
    expect(plan.moves.map((m) => [m.billId, m.toDay, m.flexibility])).toEqual([
      ['a', 17, 'unknown'],
      ['b', 17, 'yes'],
    ]);
    // December 8 is billed already: that week stays short, and every later month is not.
    expect(plan.before.daysBelowThreshold).toBeGreaterThan(7);
    expect(plan.after.daysBelowThreshold).toBe(7);
    expect(plan.after.firstDayBelow).toBe('2026-12-08');
    expect(plan.after.lowestBalanceCents).toBeGreaterThanOrEqual(plan.before.lowestBalanceCents);
    expect(plan.helps).toBe(true);
  });

  it('refuses a range that is not days of the month', () => {
    expect(() => planDueDates({ ...late, bills: [planner('x', 'X', 1, '2026-12-10', 'yes', { dueDayMin: 0 })] })).toThrow(RangeError);
    expect(() => planDueDates({ ...late, bills: [planner('x', 'X', 1, '2026-12-10', 'yes', { dueDayMin: 20, dueDayMax: 10 })] })).toThrow(RangeError);
  });

  it('evaluates each move as the changed bill itself would be projected', () => {
    const plan = planDueDates(teacher);
    const moved = teacher.bills.map((b) => {
      const m = plan.moves.find((x) => x.billId === b.id);
      return m ? billWithDueDay(b, m.toDay, teacher.today) : b;
    });
    const f = computeForecast({ bills: moved, incomes: teacher.incomes, today: teacher.today, horizonDays: PLAN_HORIZON_DAYS });
    expect(plan.after.days).toEqual(f.days.slice(0, PLAN_CHART_DAYS + 1).map((d) => ({ date: d.date, balanceCents: d.balanceCents })));
    expect(daysBetween(teacher.today, plan.after.days[PLAN_CHART_DAYS]!.date)).toBe(PLAN_CHART_DAYS);
    expect(plan.moves.every((m) => dayOf(m.transition.firstNewDate) === m.toDay)).toBe(true);
  });
});
