// The due-date planner: which bills to ask the biller to move to which day of the month, so the money lasts from
// paycheck to paycheck. It weighs each candidate day on the forecast's own projection (forecast.ts projectBalance),
// six months ahead, and keeps the moves that earn their place. How it decides, in plain words:
// docs/due-date-planner.md.
import { compareText } from './compare.js';
import { plannedDueDayChange } from './due-date-change.js';
import type { IsoDate } from './dates.js';
import { isoDateOf, readDay, civilOf } from './day-numbers.js';
import { projectBalance, type BalanceProjection, type DayOutflow, type IsPaid } from './forecast.js';
import { paydaysBetweenOnDays } from './income.js';
import { payGaps } from './pay-gaps.js';
import { plannedAmountCents } from './pay-schedule.js';
import { billOccurrenceDaysBetween } from './recurrence.js';
import { billScheduleOf } from './schedule.js';
import type { Bill, IncomeSource } from './types.js';

export type DueDayFlexibility = 'yes' | 'no' | 'unknown';

/** The checks run six months ahead. */
export const PLAN_HORIZON_DAYS = 183;
/** The chart shows 90 days. */
export const PLAN_CHART_DAYS = 90;
/** A bill lands 1-5 days after the paycheck that covers it: the money has arrived, and the bill is paid before it is spent. */
export const PLAN_PAYDAY_LEAD = { min: 1, max: 5 } as const;
/** Among the days that land 1-5 days after a paycheck, the planner prefers two days after: a deposit has cleared by then. */
const PREFERRED_LEAD_DAYS = 2;

export interface PlannerBill extends Bill {
  flexibility: DueDayFlexibility;
  /** The days of the month the biller allows (1-31, 31 = last day); default 1..31 */
  dueDayMin: number;
  dueDayMax: number;
  /** False for a shared household bill the person may not change (a plain member): never moved. Default true. */
  canMove?: boolean;
}

export interface DueDatePlanInput {
  bills: readonly PlannerBill[];
  incomes: readonly IncomeSource[];
  today: IsoDate;
  /** As ForecastInput: the linked accounts' balance and the day it was read; absent: the last paycheck is the base. */
  bankBalanceCents?: number | null;
  bankBalanceDate?: IsoDate | null;
  isPaid?: IsPaid;
  thresholdCents: number;
  /** The person's own decisions, which the planner keeps: bill id -> the day they chose, or null = keep its day. */
  choices?: ReadonlyMap<string, number | null>;
  horizonDays?: number;
  chartDays?: number;
}

export interface PlanPayday {
  date: IsoDate;
  source: string;
  amountCents: number;
}

export interface PlannedMove {
  billId: string;
  billName: string;
  amountCents: number;
  flexibility: 'yes' | 'unknown';
  fromDay: number;
  toDay: number;
  /** The paycheck the new day follows (the first one in the horizon it lands after), and how many days after. */
  payday: PlanPayday | null;
  daysAfterPayday: number | null;
  chosenBy: 'planner' | 'person';
  /** The month of the change: the last payment on the old day and the first on the new, and the days between (two payments may land close together). */
  transition: { lastOldDate: IsoDate; firstNewDate: IsoDate; daysBetween: number; amountCents: number };
}

export interface PlanOutcome {
  lowestBalanceCents: number;
  lowestDate: IsoDate;
  /** Over the whole horizon. */
  daysBelowThreshold: number;
  firstDayBelow: IsoDate | null;
  /** today .. today + chartDays, the balance at each day's end. */
  days: { date: IsoDate; balanceCents: number }[];
  /** Each paycheck in the horizon and the bills it carries (the bills due from it until the next paycheck). */
  paycheckLoads: { date: IsoDate; source: string; amountCents: number; billsCents: number }[];
}

/** One bill payment in a lean stretch. */
export interface LeanBill {
  billId: string;
  billName: string;
  dueDate: IsoDate;
  amountCents: number;
}

/**
 * Income that is not a steady calendar. 'pay-gap': a school year's unpaid months (pay-gaps.ts). 'variable-pay': pay
 * with a lean amount; the stretch is the pay period of that income, within the horizon, whose bills a lean paycheck
 * covers worst. Both on the plan's bills (after its moves) and the lean figures the projection uses.
 */
export interface LeanIncome {
  reason: 'pay-gap' | 'variable-pay';
  incomeId: string;
  source: string;
  /** What a paycheck is planned at (the lean amount of variable pay) and the typical one. */
  plannedAmountCents: number;
  typicalAmountCents: number;
  /** The lean stretch, both days inclusive (today when it has begun). */
  startDate: IsoDate;
  endDate: IsoDate;
  /** The bill payments due in it, by date then name, and their total. */
  bills: LeanBill[];
  billsCents: number;
  /** What other income brings in the stretch, plus, for variable pay, the stretch's own lean paycheck. */
  otherIncomeCents: number;
  /** billsCents - otherIncomeCents, at least 0: what the paychecks before the stretch must put aside. */
  shortfallCents: number;
  /** This income's paychecks from today until the stretch. */
  paychecksBefore: number;
  /** shortfallCents / paychecksBefore, rounded up to the cent; null when no paycheck comes before it. */
  setAsidePerPaycheckCents: number | null;
}

export interface DueDatePlan {
  today: IsoDate;
  thresholdCents: number;
  horizonDays: number;
  chartDays: number;
  base: 'bank' | 'last-paycheck' | 'none';
  moves: PlannedMove[];
  before: PlanOutcome;
  after: PlanOutcome;
  /** The plan improves the money: fewer days below the threshold, a higher lowest balance, or bills that follow a paycheck where none did. */
  helps: boolean;
  lean: LeanIncome | null;
}

const MONTH_STEPS: Partial<Record<Bill['recurring'], number>> = { monthly: 1, quarterly: 3, yearly: 12 };
const LAST_DAY = 31;
/** A paycheck this far back can still be the one a bill due early in the horizon follows. */
const PAYDAY_LOOKBACK_DAYS = 31;
const NO_LEAD = 31;

/** Where a bill stands today: its next due date (already billed, it stays) and the day of the month it follows. */
interface BillNow {
  nextDue: number;
  fromDay: number;
  /** The anchor of the series in force on nextDue, which a move keeps before the change. */
  earlierDueDate: IsoDate;
}

function billNow(bill: Bill, todayDay: number): BillNow | null {
  const schedule = billScheduleOf(bill);
  const first = schedule.firstIndexOnOrAfter(civilRef(todayDay));
  if (first === null) return null;
  const nextDue = schedule.nth(Math.max(0, first));
  // A change the biller already made is in force from dueDateFrom; one still to come leaves the old day in force now.
  const pending = !!bill.earlierDueDate && !!bill.dueDateFrom && readDay(bill.dueDateFrom).dayNumber > nextDue;
  const earlierDueDate = pending ? bill.earlierDueDate! : bill.dueDate;
  return { nextDue, fromDay: readDay(earlierDueDate).day, earlierDueDate };
}

const civilRef = (dayNumber: number) => ({ ...civilOf(dayNumber), dayNumber });

/**
 * The bill with its due day moved to `toDay` as the plan assumes the biller does it (due-date-change.ts
 * plannedDueDayChange: the next payment stays, the one after it moves to the nearest date on the new day), and
 * the day number of the first payment on the new day.
 */
function moveBillDueDay(bill: Bill, today: IsoDate, toDay: number): { bill: Bill; firstNew: number } {
  const change = plannedDueDayChange(bill, toDay, today)!;
  return {
    bill: { ...bill, dueDate: change.dueDate, earlierDueDate: change.earlierDueDate, dueDateFrom: change.dueDateFrom },
    firstNew: readDay(change.firstNewDate).dayNumber,
  };
}

/**
 * The bill as it is once its biller moves it to `toDay` as the plan does (the next due date on or after `today`
 * stays, the new day from the payment after it), with earlierDueDate and dueDateFrom set. Only monthly, quarterly
 * and yearly bills have a day of the month to move; the others, and a bill with no date left, come back unchanged.
 */
export function billWithDueDay<B extends Bill>(bill: B, toDay: number, today: IsoDate): B {
  assertDay(toDay, `${bill.name}: the new day`);
  const now = MONTH_STEPS[bill.recurring] === undefined ? null : billNow(bill, readDay(today).dayNumber);
  if (now === null || now.fromDay === toDay) return bill;
  return { ...bill, ...moveBillDueDay(bill, today, toDay).bill };
}

/** The three goals in order, each smaller-is-better: days below the threshold, minus the lowest balance, minus the well-timed payments. */
type Score = readonly [number, number, number];

const compareScores = (a: Score, b: Score) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];

interface Candidate {
  toDay: number;
  moved: Bill;
  firstNew: number;
  outflows: DayOutflow[];
  timed: number;
  lead: number;
}

interface Movable {
  bill: PlannerBill;
  flexibility: 'yes' | 'unknown';
  now: BillNow;
  original: DayOutflow[];
  originalTimed: number;
  candidates: Candidate[];
  current: Candidate | null;
  chosenBy: 'planner' | 'person' | null;
}

interface PayGroup {
  day: number;
  totalCents: number;
  paychecks: { source: string; amountCents: number }[];
}

function assertDay(value: number, what: string): void {
  if (!Number.isInteger(value) || value < 1 || value > LAST_DAY) throw new RangeError(`${what} must be a day of the month from 1 to 31`);
}

/** The plan: see docs/due-date-planner.md for the goals and the order they are weighed in. */
export function planDueDates(input: DueDatePlanInput): DueDatePlan {
  const horizonDays = input.horizonDays ?? PLAN_HORIZON_DAYS;
  const chartDays = Math.min(input.chartDays ?? PLAN_CHART_DAYS, horizonDays);
  if (!Number.isInteger(horizonDays) || horizonDays < 1) throw new RangeError('horizonDays must be a whole number of days');
  if (!Number.isInteger(chartDays) || chartDays < 0) throw new RangeError('chartDays must be a whole number of days');
  const threshold = input.thresholdCents;
  for (const bill of input.bills) {
    assertDay(bill.dueDayMin, `${bill.name}: dueDayMin`);
    assertDay(bill.dueDayMax, `${bill.name}: dueDayMax`);
    if (bill.dueDayMin > bill.dueDayMax) throw new RangeError(`${bill.name}: dueDayMin is after dueDayMax`);
  }
  const forecastInput = {
    incomes: input.incomes,
    today: input.today,
    bankBalanceCents: input.bankBalanceCents ?? null,
    bankBalanceDate: input.bankBalanceDate ?? null,
    thresholdCents: threshold,
    horizonDays,
    ...(input.isPaid ? { isPaid: input.isPaid } : {}),
  };
  const projection = projectBalance({ ...forecastInput, bills: input.bills });
  const todayDay = projection.today.dayNumber;
  const end = projection.end;
  const size = horizonDays + 1;

  // Paydays: the ones the projection counts (after today), and the last month's, which a bill due soon may follow.
  const groups: PayGroup[] = [];
  const addPaycheck = (day: number, source: string, amountCents: number) => {
    let group = groups[groups.length - 1];
    if (group === undefined || group.day !== day) groups.push((group = { day, totalCents: 0, paychecks: [] }));
    group.totalCents += amountCents;
    group.paychecks.push({ source, amountCents });
  };
  for (const p of paydaysBetweenOnDays(input.incomes, civilRef(todayDay - PAYDAY_LOOKBACK_DAYS), todayDay, true)) addPaycheck(p.day, p.value.source, p.value.amountCents);
  for (const p of projection.paychecks) addPaycheck(p.day, p.value.source, p.value.amountCents);
  const futureGroups = groups.filter((g) => g.day > todayDay);
  // For each day from the lookback to the horizon's end plus a lead, the latest payday on or before it.
  const spanStart = todayDay - PAYDAY_LOOKBACK_DAYS;
  const spanSize = end + PLAN_PAYDAY_LEAD.max + 1 - spanStart;
  const latestGroup = new Int32Array(spanSize).fill(-1);
  for (let i = 0, g = -1; i < spanSize; i += 1) {
    while (g + 1 < groups.length && groups[g + 1]!.day <= spanStart + i) g += 1;
    latestGroup[i] = g;
  }
  /** The payday a due day follows: the latest one strictly before it. */
  const paydayBefore = (day: number): PayGroup | null => {
    const i = day - 1 - spanStart;
    if (i < 0 || i >= spanSize) return null;
    const g = latestGroup[i]!;
    return g < 0 ? null : groups[g]!;
  };
  const timedOf = (outflows: readonly DayOutflow[]) => {
    let count = 0;
    for (const o of outflows) {
      if (o.dueDay > end) continue;
      const p = paydayBefore(o.dueDay);
      if (p === null) continue;
      const lead = o.dueDay - p.day;
      if (lead >= PLAN_PAYDAY_LEAD.min && lead <= PLAN_PAYDAY_LEAD.max && p.totalCents >= o.value.amountCents) count += 1;
    }
    return count;
  };
  const leadOf = (outflows: readonly DayOutflow[]) => {
    let total = 0;
    for (const o of outflows) {
      if (o.dueDay > end) continue;
      const p = paydayBefore(o.dueDay);
      total += p === null ? NO_LEAD : Math.min(NO_LEAD, Math.abs(o.dueDay - p.day - PREFERRED_LEAD_DAYS));
    }
    return total;
  };

  // Paycheck periods within the horizon: day index -> the paycheck group carrying that day's bills (-1: none yet).
  const periodOf = new Int32Array(size).fill(-1);
  for (let i = 0, g = -1; i < size; i += 1) {
    while (g + 1 < futureGroups.length && futureGroups[g + 1]!.day <= todayDay + i) g += 1;
    periodOf[i] = g;
  }

  // The state: each day's bills as they stand with the moves made so far.
  const income = Float64Array.from(projection.incomeByDay);
  const bills = Float64Array.from(projection.billsByDay);
  const delta = new Float64Array(size);
  const loads = new Float64Array(futureGroups.length);
  const startCents = projection.startCents;
  const evaluate = (minus: readonly DayOutflow[], plus: readonly DayOutflow[]) => {
    for (const o of minus) delta[o.day - todayDay]! -= o.value.amountCents;
    for (const o of plus) delta[o.day - todayDay]! += o.value.amountCents;
    let balance = startCents;
    let below = 0;
    let lowest = Number.POSITIVE_INFINITY;
    for (let i = 0; i < size; i += 1) {
      balance += income[i]! - bills[i]! - delta[i]!;
      if (balance < threshold) below += 1;
      if (balance < lowest) lowest = balance;
    }
    for (const o of minus) delta[o.day - todayDay] = 0;
    for (const o of plus) delta[o.day - todayDay] = 0;
    return { below, lowest };
  };
  // Bills shared in proportion to pay: the sum of load^2 / pay is least when no paycheck carries much more than its
  // share. Asked only to break a tie on the goals.
  const loadScoreOf = (minus: readonly DayOutflow[], plus: readonly DayOutflow[]) => {
    loads.fill(0);
    for (let i = 0; i < size; i += 1) {
      const g = periodOf[i]!;
      if (g >= 0) loads[g] += bills[i]!;
    }
    for (const o of minus) if (periodOf[o.day - todayDay]! >= 0) loads[periodOf[o.day - todayDay]!] -= o.value.amountCents;
    for (const o of plus) if (periodOf[o.day - todayDay]! >= 0) loads[periodOf[o.day - todayDay]!] += o.value.amountCents;
    let score = 0;
    for (let g = 0; g < loads.length; g += 1) score += (loads[g]! * loads[g]!) / Math.max(1, futureGroups[g]!.totalCents);
    return score;
  };

  let timedTotal = 0;
  const movables: Movable[] = [];
  const flexOf = (bill: PlannerBill): 'yes' | 'unknown' | null =>
    bill.canMove === false || bill.flexibility === 'no' || MONTH_STEPS[bill.recurring] === undefined ? null : bill.flexibility;
  for (const bill of input.bills) {
    const original = projection.outflowsOf(bill);
    const originalTimed = timedOf(original);
    timedTotal += originalTimed;
    const flexibility = flexOf(bill);
    if (flexibility === null) continue;
    const now = billNow(bill, todayDay);
    if (now === null) continue;
    movables.push({ bill, flexibility, now, original, originalTimed, candidates: [], current: null, chosenBy: null });
  }
  movables.sort((a, b) => compareText(a.bill.name, b.bill.name) || compareText(a.bill.id, b.bill.id));

  const candidateOf = (m: Movable, toDay: number): Candidate => {
    let c = m.candidates[toDay];
    if (c === undefined) {
      const { bill, firstNew } = moveBillDueDay(m.bill, input.today, toDay);
      const outflows = projection.outflowsOf(bill);
      c = { toDay, moved: bill, firstNew, outflows, timed: timedOf(outflows), lead: leadOf(outflows) };
      m.candidates[toDay] = c;
    }
    return c;
  };
  const apply = (m: Movable, next: Candidate | null) => {
    const was = m.current?.outflows ?? m.original;
    const now = next?.outflows ?? m.original;
    for (const o of was) bills[o.day - todayDay]! -= o.value.amountCents;
    for (const o of now) bills[o.day - todayDay]! += o.value.amountCents;
    timedTotal += (next?.timed ?? m.originalTimed) - (m.current?.timed ?? m.originalTimed);
    m.current = next;
  };
  const scoreNow = (): Score => {
    const e = evaluate([], []);
    return [e.below, -e.lowest, -timedTotal];
  };
  const beforeScore = scoreNow();

  // The person's choices first: kept as given, and the rest is planned around them.
  for (const m of movables) {
    if (!input.choices?.has(m.bill.id)) continue;
    const day = input.choices.get(m.bill.id);
    m.chosenBy = 'person';
    if (day === null || day === undefined) continue;
    assertDay(day, `${m.bill.name}: the chosen day`);
    if (day !== m.now.fromDay) apply(m, candidateOf(m, day));
  }
  let score = scoreNow();
  const reference = score;

  // Steepest ascent: each round takes the one move (a new bill, or another day for a bill already moved) that
  // improves the goals most; a move that improves nothing is never taken, so every move earns its place.
  const free = movables.filter((m) => m.chosenBy === null);
  for (let round = 0; round < 4 * free.length + 4; round += 1) {
    let best: { m: Movable; c: Candidate; score: Score; loadScore: number } | null = null;
    let bestWas: readonly DayOutflow[] = [];
    for (const m of free) {
      const was = m.current?.outflows ?? m.original;
      const wasTimed = m.current?.timed ?? m.originalTimed;
      for (let day = m.bill.dueDayMin; day <= m.bill.dueDayMax; day += 1) {
        if (day === m.now.fromDay || day === m.current?.toDay) continue;
        const c = candidateOf(m, day);
        // A monthly bill's new day only brings its payments earlier (the next due date stays), so from its own day
        // it cannot lift the balance: without better timing it cannot improve the goals, and need not be weighed.
        if (m.current === null && m.bill.recurring === 'monthly' && c.timed <= wasTimed) continue;
        const e = evaluate(was, c.outflows);
        const s: Score = [e.below, -e.lowest, -(timedTotal - wasTimed + c.timed)];
        // Never worse than where the plan started on the money: days below the threshold and the lowest balance.
        if (compareScores(s, score) >= 0 || s[0] > reference[0] || s[1] > reference[1]) continue;
        const byScore: number = best === null ? -1 : compareScores(s, best.score);
        if (byScore > 0) continue;
        if (byScore === 0 && Number.isNaN(best!.loadScore)) best!.loadScore = loadScoreOf(bestWas, best!.c.outflows);
        const loadScore: number = byScore === 0 ? loadScoreOf(was, c.outflows) : Number.NaN;
        if (best === null || byScore < 0 || better(s, loadScore, m, c, best)) {
          best = { m, c, score: s, loadScore };
          bestWas = was;
        }
      }
    }
    if (best === null) break;
    apply(best.m, best.c);
    best.m.chosenBy = 'planner';
    score = best.score;
  }

  // A move an later one made needless is dropped (the goals no worse without it), last taken first.
  for (const m of [...free].reverse()) {
    if (m.current === null) continue;
    const e = evaluate(m.current.outflows, m.original);
    const s: Score = [e.below, -e.lowest, -(timedTotal - m.current.timed + m.originalTimed)];
    if (compareScores(s, score) <= 0 && s[0] <= reference[0] && s[1] <= reference[1]) {
      apply(m, null);
      m.chosenBy = null;
      score = s;
    }
  }

  const movedBills = input.bills.map((bill) => movables.find((m) => m.bill === bill && m.current !== null)?.current?.moved ?? bill);
  const afterProjection = projectBalance({ ...forecastInput, bills: movedBills });
  const moves: PlannedMove[] = [];
  for (const m of movables) {
    if (m.current === null) continue;
    const c = m.current;
    const follows = paycheckFollowed(c, futureGroups, end);
    moves.push({
      billId: m.bill.id,
      billName: m.bill.name,
      amountCents: m.bill.amountCents,
      flexibility: m.flexibility,
      fromDay: m.now.fromDay,
      toDay: c.toDay,
      payday: follows === null ? null : { date: isoDateOf(follows.group.day), ...largestPaycheck(follows.group) },
      daysAfterPayday: follows === null ? null : follows.days,
      chosenBy: m.chosenBy === 'person' ? 'person' : 'planner',
      transition: {
        lastOldDate: isoDateOf(m.now.nextDue),
        firstNewDate: isoDateOf(c.firstNew),
        daysBetween: c.firstNew - m.now.nextDue,
        amountCents: m.bill.amountCents,
      },
    });
  }

  const before = outcomeOf(projection, threshold, chartDays, futureGroups, periodOf);
  const after = outcomeOf(afterProjection, threshold, chartDays, futureGroups, periodOf);
  let afterTimed = 0;
  for (const bill of movedBills) afterTimed += timedOf(afterProjection.outflowsOf(bill));
  const afterScore: Score = [after.daysBelowThreshold, -after.lowestBalanceCents, -afterTimed];
  return {
    today: input.today,
    thresholdCents: threshold,
    horizonDays,
    chartDays,
    base: projection.base.kind,
    moves,
    before,
    after,
    helps: moves.length > 0 && compareScores(afterScore, beforeScore) < 0,
    lean: leanIncome(movedBills, input.incomes, afterProjection),
  };
}

/** Ties on the goals: the paychecks' loads more even, then the lead nearer two days, a 'yes' bill, the name, id, the smaller day. */
function better(s: Score, loadScore: number, m: Movable, c: Candidate, best: { m: Movable; c: Candidate; score: Score; loadScore: number }): boolean {
  const byScore = compareScores(s, best.score);
  if (byScore !== 0) return byScore < 0;
  if (loadScore !== best.loadScore) return loadScore < best.loadScore;
  if (m.flexibility !== best.m.flexibility) return m.flexibility === 'yes';
  if (c.lead !== best.c.lead) return c.lead < best.c.lead;
  const byName = compareText(m.bill.name, best.m.bill.name) || compareText(m.bill.id, best.m.bill.id);
  if (byName !== 0) return byName < 0;
  return c.toDay < best.c.toDay;
}

/**
 * The paycheck the new day follows: for the first payment on the new day that comes on or after a paycheck of the
 * horizon (the first may come before any), the latest such paycheck, and the days from it to that payment.
 */
function paycheckFollowed(c: Candidate, groups: readonly PayGroup[], end: number): { group: PayGroup; days: number } | null {
  for (const o of c.outflows) {
    if (o.dueDay < c.firstNew || o.dueDay > end) continue;
    let found: PayGroup | null = null;
    for (const g of groups) if (g.day <= o.dueDay) found = g;
    if (found !== null) return { group: found, days: o.dueDay - found.day };
  }
  return null;
}

function largestPaycheck(group: PayGroup): { source: string; amountCents: number } {
  return [...group.paychecks].sort((a, b) => b.amountCents - a.amountCents || compareText(a.source, b.source))[0]!;
}

function outcomeOf(projection: BalanceProjection, threshold: number, chartDays: number, groups: readonly PayGroup[], periodOf: Int32Array): PlanOutcome {
  const todayDay = projection.today.dayNumber;
  const days: PlanOutcome['days'] = [];
  const groupBills = new Array<number>(groups.length).fill(0);
  let balance = projection.startCents;
  let lowest = Number.POSITIVE_INFINITY;
  let lowestDay = todayDay;
  let below = 0;
  let firstBelow: number | null = null;
  for (let i = 0; i <= projection.horizonDays; i += 1) {
    const out = projection.billsByDay[i]!;
    balance += projection.incomeByDay[i]! - out;
    if (balance < lowest) {
      lowest = balance;
      lowestDay = todayDay + i;
    }
    if (balance < threshold) {
      below += 1;
      firstBelow ??= todayDay + i;
    }
    const g = periodOf[i]!;
    if (g >= 0) groupBills[g]! += out;
    if (i <= chartDays) days.push({ date: isoDateOf(todayDay + i), balanceCents: balance });
  }
  const paycheckLoads: PlanOutcome['paycheckLoads'] = [];
  groups.forEach((g, index) => {
    // Several paychecks on one day share its bills in proportion to their amounts; the last takes the rounding.
    let left = groupBills[index]!;
    g.paychecks.forEach((p, i) => {
      const share = i === g.paychecks.length - 1 ? left : g.totalCents > 0 ? Math.round((groupBills[index]! * p.amountCents) / g.totalCents) : 0;
      left -= share;
      paycheckLoads.push({ date: isoDateOf(g.day), source: p.source, amountCents: p.amountCents, billsCents: share });
    });
  });
  return {
    lowestBalanceCents: lowest,
    lowestDate: isoDateOf(lowestDay),
    daysBelowThreshold: below,
    firstDayBelow: firstBelow === null ? null : isoDateOf(firstBelow),
    days,
    paycheckLoads,
  };
}

const skipsMonths = (income: IncomeSource) => !!income.paidMonths && income.paidMonths.length > 0 && income.paidMonths.length < 12;

function leanBillsBetween(bills: readonly Bill[], from: number, to: number): LeanBill[] {
  const result: LeanBill[] = [];
  for (const bill of bills) {
    for (const day of billOccurrenceDaysBetween(bill, civilRef(from), to, true)) {
      result.push({ billId: bill.id, billName: bill.name, dueDate: isoDateOf(day), amountCents: bill.amountCents });
    }
  }
  return result.sort((a, b) => a.dueDate.localeCompare(b.dueDate) || compareText(a.billName, b.billName) || compareText(a.billId, b.billId));
}

/**
 * What to set aside for lean income: a school year's coming gap first (payGaps, on the plan's bills), else the
 * variable pay whose lean stretch falls shortest. Null when no income is lean.
 */
function leanIncome(bills: readonly Bill[], incomes: readonly IncomeSource[], after: BalanceProjection): LeanIncome | null {
  const today = isoDateOf(after.today.dayNumber);
  const gap = payGaps(bills, incomes, today)[0];
  if (gap !== undefined) {
    const income = incomes.find((i) => i.id === gap.incomeId && skipsMonths(i))!;
    return {
      reason: 'pay-gap',
      incomeId: gap.incomeId,
      source: gap.source,
      plannedAmountCents: plannedAmountCents(income),
      typicalAmountCents: income.amountCents,
      startDate: gap.startDate,
      endDate: gap.endDate,
      bills: leanBillsBetween(bills, readDay(gap.startDate).dayNumber, readDay(gap.endDate).dayNumber),
      billsCents: gap.billsCents,
      otherIncomeCents: gap.otherIncomeCents,
      shortfallCents: gap.shortfallCents,
      paychecksBefore: gap.paychecksBeforeGap,
      setAsidePerPaycheckCents: gap.setAsidePerPaycheckCents,
    };
  }
  let best: LeanIncome | null = null;
  const sorted = [...incomes].sort((a, b) => compareText(a.source, b.source) || compareText(a.id, b.id));
  for (const income of sorted) {
    if (income.lowAmountCents === null || income.lowAmountCents === undefined) continue;
    const own = after.paychecks.filter((p) => p.value.incomeId === income.id);
    const planned = plannedAmountCents(income);
    // A stretch with a paycheck before it, so there is something to set aside from (the first only when it is alone).
    for (let i = own.length > 1 ? 1 : 0; i < own.length; i += 1) {
      const start = own[i]!.day;
      const last = (own[i + 1]?.day ?? after.end + 1) - 1;
      const stretchBills = leanBillsBetween(bills, start, last);
      const billsCents = stretchBills.reduce((sum, b) => sum + b.amountCents, 0);
      const others = after.paychecks.filter((p) => p.value.incomeId !== income.id && p.day >= start && p.day <= last);
      const otherIncomeCents = planned + others.reduce((sum, p) => sum + p.value.amountCents, 0);
      const shortfallCents = Math.max(0, billsCents - otherIncomeCents);
      const candidate: LeanIncome = {
        reason: 'variable-pay',
        incomeId: income.id,
        source: income.source,
        plannedAmountCents: planned,
        typicalAmountCents: income.amountCents,
        startDate: isoDateOf(start),
        endDate: isoDateOf(last),
        bills: stretchBills,
        billsCents,
        otherIncomeCents,
        shortfallCents,
        paychecksBefore: i,
        setAsidePerPaycheckCents: i === 0 ? null : Math.ceil(shortfallCents / i),
      };
      // The stretch falling shortest; on a tie the heavier bills, then the earlier one (incomes by source).
      if (best === null || shortfallCents > best.shortfallCents || (shortfallCents === best.shortfallCents && billsCents > best.billsCents)) {
        best = candidate;
      }
    }
  }
  return best;
}
