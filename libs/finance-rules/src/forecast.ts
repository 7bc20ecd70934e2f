// What is safe to spend until the next paycheck, a projected day-by-day balance, and a low-balance warning
// with the one bill move that fixes the dip. Pure, on day numbers: O(horizon days + bill and income
// occurrences), so it fits inside the dashboard's cached computation.
import { BILL_STATUS_DAYS_BACK, type BillPriorityValue } from '@paycadence/contracts';
import { compareText } from './compare.js';
import type { IsoDate } from './dates.js';
import { dayRefOf, isoDateOf, readDay, type DayRef } from './day-numbers.js';
import { paydaysBetweenOnDays } from './income.js';
import { billScheduleOf } from './schedule.js';
import type { Bill, IncomeSource } from './types.js';

/** The chart and the warning look this many days ahead (today is day 0, so the series has 31 days). */
export const FORECAST_HORIZON_DAYS = 30;
/** docs/product/signed-in.md §5: a payment is suggested at most 5 days before its due date, so a bill due this much past the horizon can still pay out inside it. */
const MAX_LEAD_DAYS = 5;

/**
 * Tells whether one bill occurrence is already paid (finance: bank-matched or marked by hand); default: none is.
 * With a bank balance a paid occurrence is left out (the balance holds it); counting from the last paycheck, it is
 * spent today (that paycheck paid it). An overdue occurrence (due before the base began, on or after the bill's
 * entered due date, not paid) is still owed: it is taken off the base like the bills due since.
 */
export type IsPaid = (billId: string, dueDate: IsoDate) => boolean;
const NONE_PAID: IsPaid = () => false;

/** Where a bill's money leaves when the Smart Payment Schedule suggests paying before the due date. */
export interface ForecastScheduleEntry {
  /** `${billId}:${dueDate}`, as PaymentSuggestion.id. */
  id: string;
  suggestedDate: IsoDate;
}

export interface ForecastInput {
  bills: readonly Bill[];
  incomes: readonly IncomeSource[];
  today: IsoDate;
  /** The dashboard's Smart Payment Schedule; a bill paid on its suggested date leaves the balance then. */
  paymentSchedule?: readonly ForecastScheduleEntry[];
  /** The linked bank accounts' spendable balance; null or absent: no bank, the user's own figures are used. */
  bankBalanceCents?: number | null;
  /**
   * The day that balance was read. Bills due after it and before today are not in it yet (unless paid, see isPaid),
   * so they are taken off too. Absent: read today.
   */
  bankBalanceDate?: IsoDate | null;
  /** The user's low-balance threshold; the warning fires below it. Default 0 (below zero). */
  thresholdCents?: number;
  isPaid?: IsPaid;
  horizonDays?: number;
}

/** One bill payment the forecast counts: on its suggested date when that is earlier than its due date. */
export interface ForecastOutflow {
  billId: string;
  billName: string;
  amountCents: number;
  dueDate: IsoDate;
  /** The day the money leaves: the due date, or the earlier suggested pay date. */
  date: IsoDate;
  priority: BillPriorityValue;
}

export interface ForecastPaycheck {
  incomeId: string;
  source: string;
  amountCents: number;
  date: IsoDate;
}

/**
 * What the figure starts from. 'bank': the linked accounts' balance. 'last-paycheck' (no bank): the most recent
 * payday's paychecks, minus every bill occurrence due since then (paid from them, or owed from them), including
 * occurrences before a bill's entered next due date (a monthly bill next due on the 1st was due on the 1st of this
 * month too): we do not know the user's balance, and that is the money this pay period started with. Both take off
 * `owed`: overdue occurrences from before the base began that are not paid. 'none': no bank and no income.
 */
export type ForecastBase =
  | { kind: 'bank'; balanceCents: number; paidSinceCents: number; paidSince: ForecastOutflow[]; owedCents: number; owed: ForecastOutflow[] }
  | {
      kind: 'last-paycheck';
      paychecks: ForecastPaycheck[];
      totalCents: number;
      paidSinceCents: number;
      paidSince: ForecastOutflow[];
      owedCents: number;
      owed: ForecastOutflow[];
    }
  | { kind: 'none' };

export interface ForecastDay {
  date: IsoDate;
  /** The balance at the end of the day: paychecks arrive before the day's bills go out. */
  balanceCents: number;
  incomeCents: number;
  billsCents: number;
}

export interface SafeToSpend {
  base: ForecastBase;
  /** The balance this morning, before today's bills. */
  startCents: number;
  /** The first paycheck after today (every source's paychecks of that day); null: none within the horizon. */
  nextPayday: { date: IsoDate; paychecks: ForecastPaycheck[] } | null;
  /** Until the next payday (exclusive), or through the horizon's last day without one. */
  untilDate: IsoDate;
  /** Bill payments from today until then, by date. */
  bills: ForecastOutflow[];
  billsTotalCents: number;
  /** startCents - billsTotalCents; negative: short by that much. Null for base 'none'. */
  amountCents: number | null;
}

export interface BillMoveSuggestion {
  billId: string;
  billName: string;
  amountCents: number;
  dueDate: IsoDate;
  /** The day the money leaves now, and the payday it should move to. */
  fromDate: IsoDate;
  toDate: IsoDate;
  paydaySource: string;
  /** The new date is after the bill's due date: the biller must agree (or a late fee may apply). */
  afterDueDate: boolean;
  /** True when this move alone keeps the balance at or above the threshold through the dip. */
  fixes: boolean;
  /** How far below the threshold the balance still gets after the move (0 when it fixes). */
  remainingShortfallCents: number;
}

export interface LowBalanceWarning {
  thresholdCents: number;
  /** The first day the balance ends below the threshold, and that balance. */
  date: IsoDate;
  balanceCents: number;
  /** The lowest point of that dip and how far below the threshold it is. */
  lowestDate: IsoDate;
  lowestBalanceCents: number;
  shortfallCents: number;
  /** The dip starts before the next paycheck. */
  beforeNextPayday: boolean;
  /** Null when no paycheck comes after the dip within the horizon, or no bill goes out before it. */
  suggestion: BillMoveSuggestion | null;
  /** Why there is no suggestion; null when there is one. */
  noSuggestion: 'no-payday' | 'no-bill' | null;
}

export interface Forecast {
  today: IsoDate;
  horizonDays: number;
  thresholdCents: number;
  safeToSpend: SafeToSpend;
  /** today .. today + horizonDays, one entry a day. */
  days: ForecastDay[];
  /** The first dip below the threshold within the horizon; null when there is none (or base 'none'). */
  warning: LowBalanceWarning | null;
}

/** A bill payment with the day its money leaves and its due day, as day numbers. */
export interface DayOutflow {
  day: number;
  dueDay: number;
  value: ForecastOutflow;
}

/** A paycheck with the day it arrives, as a day number. */
export interface DayPaycheck {
  day: number;
  value: ForecastPaycheck;
}

const byDayThenName = (a: DayOutflow, b: DayOutflow) => a.day - b.day || compareText(a.value.billName, b.value.billName);

/**
 * Bill payments whose money leaves in [from, to]: each occurrence on min(due, suggested). A paid occurrence is left
 * out ('skip': a bank balance already holds it) or counted on `from` ('spent': the money left since the last
 * paycheck the figure counts from, whatever its due date).
 */
function outflowsBetween(
  bills: readonly Bill[],
  schedule: ReadonlyMap<string, number>,
  from: DayRef,
  to: number,
  isPaid: IsPaid,
  paid: 'skip' | 'spent' = 'skip',
): DayOutflow[] {
  const result: DayOutflow[] = [];
  for (const bill of bills) billOutflowsInto(result, bill, schedule, from, to, isPaid, paid);
  return result.sort(byDayThenName);
}

/** outflowsBetween for one bill, appended to `result` in due order. */
function billOutflowsInto(
  result: DayOutflow[],
  bill: Bill,
  schedule: ReadonlyMap<string, number>,
  from: DayRef,
  to: number,
  isPaid: IsPaid,
  paid: 'skip' | 'spent',
): void {
  const series = billScheduleOf(bill);
  const first = series.firstIndexOnOrAfter(from);
  if (first === null) return;
  // From today on, a series starts at the date the user entered (as the calendar): what is due before it is
  // either paid since the last paycheck (dueSince) or, on or after it, overdue (owedBefore).
  let k = Math.max(0, first);
  for (let dueDay = series.nth(k); dueDay <= to + MAX_LEAD_DAYS; dueDay = series.nth(++k)) {
    const dueDate = isoDateOf(dueDay);
    const suggested = schedule.get(`${bill.id}:${dueDate}`);
    const paidAlready = isPaid(bill.id, dueDate);
    const planned = Math.max(from.dayNumber, suggested !== undefined ? Math.min(suggested, dueDay) : dueDay);
    const day = paidAlready && paid === 'spent' ? from.dayNumber : planned;
    if (day <= to && !(paidAlready && paid === 'skip')) {
      result.push({
        day,
        dueDay,
        value: { billId: bill.id, billName: bill.name, amountCents: bill.amountCents, dueDate, date: isoDateOf(day), priority: bill.priority },
      });
    }
    if (series.recurrence === 'once') break;
  }
}

/** Every paycheck arriving in [from, to], by day then source (pay-schedule.ts: the one list of paydays). */
function paychecksBetween(incomes: readonly IncomeSource[], from: DayRef, to: number): DayPaycheck[] {
  return paydaysBetweenOnDays(incomes, from, to, false).map(({ day, value }) => ({
    day,
    value: { incomeId: value.incomeId, source: value.source, amountCents: value.amountCents, date: value.date },
  }));
}

/**
 * The latest payday on or before today with every paycheck of that day. An income's next date implies the ones
 * before it (its schedule runs both ways), so the paycheck before the next date is the money in hand. A school
 * year's summer is a real gap: the last payday is then June's. Looked for up to a year back.
 */
function lastPayday(incomes: readonly IncomeSource[], today: DayRef): { day: number; paychecks: ForecastPaycheck[] } | null {
  const past = paydaysBetweenOnDays(incomes, dayRefOf(today.dayNumber - LAST_PAYDAY_LOOKBACK_DAYS), today.dayNumber, true);
  const last = past[past.length - 1];
  if (last === undefined) return null;
  const paychecks = past.filter((p) => p.day === last.day).map(({ value }) => ({ incomeId: value.incomeId, source: value.source, amountCents: value.amountCents, date: value.date }));
  return { day: last.day, paychecks };
}

/** How far back the last paycheck is looked for: a year covers every schedule, a school year's summer included. */
const LAST_PAYDAY_LOOKBACK_DAYS = 366;

/**
 * The occurrences due in [from, to] (inclusive) that `keep` accepts, as outflows dated `on`; a series runs before
 * the bill's entered due date too (index < 0), so a base can count what fell due since its day.
 */
function dueBetween(bills: readonly Bill[], from: number, to: number, on: number, keep: (bill: Bill, dueDate: IsoDate, index: number) => boolean): DayOutflow[] {
  const result: DayOutflow[] = [];
  if (to < from) return result;
  const fromRef = dayRefOf(from);
  for (const bill of bills) {
    const series = billScheduleOf(bill);
    let k = series.firstIndexOnOrAfter(fromRef);
    if (k === null) continue;
    for (let dueDay = series.nth(k); dueDay <= to; dueDay = series.nth(++k)) {
      const dueDate = isoDateOf(dueDay);
      if (keep(bill, dueDate, k)) {
        result.push({
          day: on,
          dueDay,
          value: { billId: bill.id, billName: bill.name, amountCents: bill.amountCents, dueDate, date: isoDateOf(on), priority: bill.priority },
        });
      }
      if (series.recurrence === 'once') break;
    }
  }
  return result.sort((a, b) => a.dueDay - b.dueDay || compareText(a.value.billName, b.value.billName));
}

const sum = (items: readonly { amountCents: number }[]) => items.reduce((total, item) => total + item.amountCents, 0);

/** The base the forecast counts from, and this morning's balance. */
function forecastBase(input: ForecastInput, today: DayRef, isPaid: IsPaid): { base: ForecastBase; startCents: number } {
  const todayDay = today.dayNumber;
  // Overdue and still owed: due on or after the entered due date, before the base began, within the days bill
  // status shows (so every overdue bill the person sees is counted, and only those), and not paid.
  const owedBefore = (baseDay: number) =>
    dueBetween(input.bills, todayDay - BILL_STATUS_DAYS_BACK, Math.min(baseDay, todayDay) - 1, todayDay, (bill, dueDate, index) => index >= 0 && !isPaid(bill.id, dueDate));
  if (input.bankBalanceCents !== null && input.bankBalanceCents !== undefined) {
    const readDayNumber = Math.min(input.bankBalanceDate ? readDay(input.bankBalanceDate).dayNumber : todayDay, todayDay);
    // A stale balance (the last sync was days ago): the bills that fell due since are not in it, unless already paid.
    const since = dueBetween(input.bills, readDayNumber + 1, todayDay - 1, todayDay, (bill, dueDate) => !isPaid(bill.id, dueDate));
    const owed = owedBefore(readDayNumber + 1);
    const paidSinceCents = sum(since.map((o) => o.value));
    const owedCents = sum(owed.map((o) => o.value));
    return {
      base: { kind: 'bank', balanceCents: input.bankBalanceCents, paidSinceCents, paidSince: since.map((o) => o.value), owedCents, owed: owed.map((o) => o.value) },
      startCents: input.bankBalanceCents - paidSinceCents - owedCents,
    };
  }
  const last = lastPayday(input.incomes, today);
  if (last === null) return { base: { kind: 'none' }, startCents: 0 };
  const totalCents = sum(last.paychecks);
  // Every occurrence due from that payday to yesterday was paid from it, or is owed from it: paid or not, the money
  // is spent (a paid-status predicate cannot change this).
  const paidSince = dueBetween(input.bills, last.day, todayDay - 1, todayDay, () => true);
  const owed = owedBefore(last.day);
  const paidSinceCents = sum(paidSince.map((o) => o.value));
  const owedCents = sum(owed.map((o) => o.value));
  return {
    base: {
      kind: 'last-paycheck',
      paychecks: last.paychecks,
      totalCents,
      paidSinceCents,
      paidSince: paidSince.map((o) => o.value),
      owedCents,
      owed: owed.map((o) => o.value),
    },
    startCents: totalCents - paidSinceCents - owedCents,
  };
}

const PRIORITY_RANK: Record<BillPriorityValue, number> = { low: 0, medium: 1, high: 2 };

/**
 * The bill move for a dip starting on day `dipStart` (index into `days`): each bill paid out on or before that day
 * could move to the first payday after it, raising every balance from its day to the day before that payday by its
 * amount. Preferred: a move that fixes the whole dip, then one still on or before the due date, then the
 * lower priority, then the smaller amount (least disruption); without a fix, the one that shrinks the shortfall most.
 */
function suggestMove(
  balances: readonly number[],
  todayDay: number,
  dipStart: number,
  dipEnd: number,
  threshold: number,
  outflows: readonly DayOutflow[],
  paychecks: readonly DayPaycheck[],
): BillMoveSuggestion | null {
  const dipStartDay = todayDay + dipStart;
  const payday = paychecks.find((p) => p.day > dipStartDay);
  if (!payday) return null;
  const paydayIndex = payday.day - todayDay;
  // The dip's lowest balance before the payday (a moved bill lifts it) and from the payday on (it does not).
  let minBefore = Number.POSITIVE_INFINITY;
  let minAfter = Number.POSITIVE_INFINITY;
  for (let i = dipStart; i <= dipEnd; i += 1) {
    if (i < paydayIndex) minBefore = Math.min(minBefore, balances[i]!);
    else minAfter = Math.min(minAfter, balances[i]!);
  }
  let best: { s: BillMoveSuggestion; rank: number[] } | null = null;
  for (const o of outflows) {
    if (o.day > dipStartDay) break;
    const lowest = Math.min(minBefore + o.value.amountCents, minAfter);
    const remaining = Math.max(0, threshold - lowest);
    const afterDueDate = payday.day > o.dueDay;
    const s: BillMoveSuggestion = {
      billId: o.value.billId,
      billName: o.value.billName,
      amountCents: o.value.amountCents,
      dueDate: o.value.dueDate,
      fromDate: o.value.date,
      toDate: payday.value.date,
      paydaySource: payday.value.source,
      afterDueDate,
      fixes: remaining === 0,
      remainingShortfallCents: remaining,
    };
    const rank = s.fixes
      ? [0, afterDueDate ? 1 : 0, PRIORITY_RANK[o.value.priority], o.value.amountCents]
      : [1, remaining, afterDueDate ? 1 : 0, PRIORITY_RANK[o.value.priority]];
    if (!best || compareRanks(rank, best.rank) < 0) best = { s, rank };
  }
  return best?.s ?? null;
}

function compareRanks(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < a.length; i += 1) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return 0;
}

/** The first dip below the threshold in the projected days, with the move that fixes it. */
export function lowBalanceWarning(
  days: readonly ForecastDay[],
  thresholdCents: number,
  outflows: readonly ForecastOutflow[],
  paychecks: readonly ForecastPaycheck[],
  nextPaydayDate: IsoDate | null,
): LowBalanceWarning | null {
  const balances = days.map((d) => d.balanceCents);
  const start = balances.findIndex((b) => b < thresholdCents);
  if (start < 0) return null;
  let end = start;
  let lowest = start;
  while (end + 1 < balances.length && balances[end + 1]! < thresholdCents) {
    end += 1;
    if (balances[end]! < balances[lowest]!) lowest = end;
  }
  const todayDay = readDay(days[0]!.date).dayNumber;
  const datedOut = outflows.map((value) => ({ day: readDay(value.date).dayNumber, dueDay: readDay(value.dueDate).dayNumber, value }));
  const datedPay = paychecks.map((value) => ({ day: readDay(value.date).dayNumber, value }));
  const suggestion = suggestMove(balances, todayDay, start, end, thresholdCents, datedOut, datedPay);
  const hasPayday = datedPay.some((p) => p.day > todayDay + start);
  return {
    thresholdCents,
    date: days[start]!.date,
    balanceCents: balances[start]!,
    lowestDate: days[lowest]!.date,
    lowestBalanceCents: balances[lowest]!,
    shortfallCents: thresholdCents - balances[lowest]!,
    beforeNextPayday: nextPaydayDate === null || days[start]!.date < nextPaydayDate,
    suggestion,
    noSuggestion: suggestion ? null : hasPayday ? 'no-bill' : 'no-payday',
  };
}

/** What the projected balance is made of: its base, the payments and paychecks, and their sums a day (0 = today). */
export interface BalanceProjection {
  today: DayRef;
  horizonDays: number;
  /** today + horizonDays, as a day number. */
  end: number;
  base: ForecastBase;
  /** The balance this morning, before today's bills. */
  startCents: number;
  /** Bill payments from today to the end, by day then name. */
  outflows: DayOutflow[];
  /** Paychecks after today to the end, by day then source. */
  paychecks: DayPaycheck[];
  incomeByDay: number[];
  billsByDay: number[];
  /**
   * One bill's payments from today to the end by the same rule (paid occurrences, suggested dates), so a caller can
   * weigh a change to that bill without projecting everything again (the due-date planner).
   */
  outflowsOf(bill: Bill): DayOutflow[];
}

/** The projection computeForecast draws its days from. */
export function projectBalance(input: ForecastInput): BalanceProjection {
  const today = readDay(input.today);
  const todayDay = today.dayNumber;
  const horizonDays = input.horizonDays ?? FORECAST_HORIZON_DAYS;
  const end = todayDay + horizonDays;
  const isPaid = input.isPaid ?? NONE_PAID;
  const schedule = new Map<string, number>();
  for (const entry of input.paymentSchedule ?? []) schedule.set(entry.id, readDay(entry.suggestedDate).dayNumber);

  const { base, startCents } = forecastBase(input, today, isPaid);
  // Paid occurrences: a bank balance holds them already; a last paycheck does not, so they count as spent today.
  const paid = base.kind === 'bank' ? 'skip' : 'spent';
  const outflows = outflowsBetween(input.bills, schedule, today, end, isPaid, paid);
  const paychecks = paychecksBetween(input.incomes, today, end).filter((p) => p.day > todayDay);

  const incomeByDay = new Array<number>(horizonDays + 1).fill(0);
  const billsByDay = new Array<number>(horizonDays + 1).fill(0);
  for (const p of paychecks) incomeByDay[p.day - todayDay]! += p.value.amountCents;
  for (const o of outflows) billsByDay[o.day - todayDay]! += o.value.amountCents;
  const outflowsOf = (bill: Bill) => {
    const result: DayOutflow[] = [];
    billOutflowsInto(result, bill, schedule, today, end, isPaid, paid);
    return result;
  };
  return { today, horizonDays, end, base, startCents, outflows, paychecks, incomeByDay, billsByDay, outflowsOf };
}

/**
 * Safe to spend until payday, the projected balance for the horizon and the low-balance warning, for `today`.
 * A paycheck dated today counts as already arrived (in the bank balance, or the last paycheck of the user's own
 * figures): the conservative reading, since counting it twice would overstate what is safe to spend.
 */
export function computeForecast(input: ForecastInput): Forecast {
  const { today, horizonDays, end, base, startCents, outflows, paychecks, incomeByDay, billsByDay } = projectBalance(input);
  const todayDay = today.dayNumber;
  const thresholdCents = input.thresholdCents ?? 0;
  const days: ForecastDay[] = [];
  let balance = startCents;
  for (let i = 0; i <= horizonDays; i += 1) {
    balance += incomeByDay[i]! - billsByDay[i]!;
    days.push({ date: isoDateOf(todayDay + i), balanceCents: balance, incomeCents: incomeByDay[i]!, billsCents: billsByDay[i]! });
  }

  const firstPayday = paychecks[0]?.day;
  const nextPayday =
    firstPayday === undefined ? null : { date: isoDateOf(firstPayday), paychecks: paychecks.filter((p) => p.day === firstPayday).map((p) => p.value) };
  const periodEnd = firstPayday === undefined ? end : firstPayday - 1;
  const periodBills = outflows.filter((o) => o.day <= periodEnd).map((o) => o.value);
  const billsTotalCents = sum(periodBills);
  const safeToSpend: SafeToSpend = {
    base,
    startCents,
    nextPayday,
    untilDate: isoDateOf(periodEnd),
    bills: periodBills,
    billsTotalCents,
    amountCents: base.kind === 'none' ? null : startCents - billsTotalCents,
  };
  const warning =
    base.kind === 'none'
      ? null
      : lowBalanceWarning(
          days,
          thresholdCents,
          outflows.map((o) => o.value),
          paychecks.map((p) => p.value),
          nextPayday?.date ?? null,
        );
  return { today: input.today, horizonDays, thresholdCents, safeToSpend, days, warning };
}
