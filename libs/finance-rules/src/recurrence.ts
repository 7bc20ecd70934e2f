// Recurrence expansion for bills and income (docs/product/signed-in.md §3 recurring values, §9 occurrence counts).
// Each rule runs on day numbers (schedule.ts); the IsoDate functions parse their arguments once and
// format their answers once.
import type { BillCategoryValue, BillPriorityValue, BillRecurrenceValue } from '@paycadence/contracts';
import { compareText } from './compare.js';
import { DASHBOARD_OCCURRENCE_COUNTS } from './constants.js';
import type { IsoDate } from './dates.js';
import { byDay, type Dated } from './dated.js';
import { dayRefOf, isoDateOf, readDay, type DayRef } from './day-numbers.js';
import { billScheduleOf, scheduleOf, type BillScheduleFields, type Schedule } from './schedule.js';
import type { Bill } from './types.js';

export interface BillOccurrence {
  billId: string;
  billName: string;
  amountCents: number;
  /** The due date of this occurrence. */
  dueDate: IsoDate;
  priority: BillPriorityValue;
  category: BillCategoryValue;
  recurring: BillRecurrenceValue;
}

/**
 * The n-th occurrence counted from the anchor (n may be negative for repeating rules). Month-based
 * rules always add to the anchor, so a 31st falls on the last day of shorter months and returns to
 * the 31st in long ones (Jan 31 -> Feb 28/29 -> Mar 31).
 */
export function nthOccurrence(anchor: IsoDate, recurrence: BillRecurrenceValue, n: number): IsoDate {
  return isoDateOf(scheduleOf(readDay(anchor), recurrence).nth(n));
}

/** Index of the first occurrence on or after `date`; negative when that lies before the anchor; null for a past one-time date. */
export function firstOccurrenceIndexOnOrAfter(anchor: IsoDate, recurrence: BillRecurrenceValue, date: IsoDate): number | null {
  const from = readDay(date);
  return scheduleOf(readDay(anchor), recurrence).firstIndexOnOrAfter(from);
}

/** occurrencesFrom on day numbers. */
export function occurrenceDaysFrom(schedule: Schedule, from: DayRef, count: number): number[] {
  const first = schedule.firstIndexOnOrAfter(from);
  if (first === null) return [];
  const start = Math.max(0, first);
  const limit = schedule.recurrence === 'once' ? Math.min(count, 1) : count;
  // The length rule of Array.from (NaN -> 0, 2.5 -> 2, Infinity throws), without its slow callback.
  const length = Math.floor(Math.max(0, limit)) || 0;
  const days = new Array<number>(length);
  for (let i = 0; i < length; i += 1) days[i] = schedule.nth(start + i);
  return days;
}

/**
 * Up to `count` occurrences starting at the anchor when it is on or after `from`, else at the first
 * occurrence on or after `from` (docs/product/signed-in.md §9: a past monthly bill rolls forward). A past
 * one-time date yields nothing.
 */
export function occurrencesFrom(anchor: IsoDate, recurrence: BillRecurrenceValue, from: IsoDate, count: number): IsoDate[] {
  const fromDay = readDay(from);
  return occurrenceDaysFrom(scheduleOf(readDay(anchor), recurrence), fromDay, count).map(isoDateOf);
}

/** occurrencesBetween on day numbers, `to` inclusive. */
export function occurrenceDaysBetween(schedule: Schedule, from: DayRef, to: number): number[] {
  const anchor = schedule.anchor.dayNumber;
  if (schedule.recurrence === 'once') return anchor >= from.dayNumber && anchor <= to ? [anchor] : [];
  const result: number[] = [];
  let k = schedule.firstIndexOnOrAfter(from) ?? 0;
  for (let day = schedule.nth(k); day <= to; day = schedule.nth(++k)) result.push(day);
  return result;
}

/**
 * Every occurrence in [from, to] (both inclusive), extending a repeating schedule before its anchor
 * too. Used to count occurrences in a calendar month (docs/product/signed-in.md §9 normalisation).
 */
export function occurrencesBetween(anchor: IsoDate, recurrence: BillRecurrenceValue, from: IsoDate, to: IsoDate): IsoDate[] {
  const schedule = scheduleOf(readDay(anchor), recurrence);
  return occurrenceDaysBetween(schedule, readDay(from), readDay(to).dayNumber).map(isoDateOf);
}

/**
 * One bill's due days in [from, to] (inclusive), following a change of its due day (billScheduleOf). `sinceEntered`:
 * none before the date the person entered (occurrence 0), as the calendar and bill status show a bill.
 */
export function billOccurrenceDaysBetween(bill: BillScheduleFields, from: DayRef, to: number, sinceEntered: boolean): number[] {
  const schedule = billScheduleOf(bill);
  const entered = schedule.recurrence === 'once' ? schedule.anchor.dayNumber : schedule.nth(0);
  const start = sinceEntered && entered > from.dayNumber ? dayRefOf(entered) : from;
  if (start.dayNumber > to) return [];
  return occurrenceDaysBetween(schedule, start, to);
}

/** billOccurrenceDaysBetween on dates. */
export function billOccurrencesBetween(bill: BillScheduleFields, from: IsoDate, to: IsoDate, sinceEntered = false): IsoDate[] {
  return billOccurrenceDaysBetween(bill, readDay(from), readDay(to).dayNumber, sinceEntered).map(isoDateOf);
}

/** A bill occurrence with its due day and its place in its bill's series (0 = the first on or after today). */
export interface DatedBillOccurrence extends Dated<BillOccurrence> {
  index: number;
}

/** One bill's occurrences from `today` with their due days (docs/product/signed-in.md §9 counts by recurrence). */
function datedBillOccurrences(bill: Bill, today: DayRef, counts: Readonly<Record<BillRecurrenceValue, number>>): DatedBillOccurrence[] {
  const days = occurrenceDaysFrom(billScheduleOf(bill), today, counts[bill.recurring]);
  return days.map((day, index) => ({
    day,
    index,
    value: {
      billId: bill.id,
      billName: bill.name,
      amountCents: bill.amountCents,
      dueDate: isoDateOf(day),
      priority: bill.priority,
      category: bill.category,
      recurring: bill.recurring,
    },
  }));
}

/** expandBills on day numbers: every bill's occurrences, sorted by due day, then name. */
export function expandBillsOnDays(
  bills: readonly Bill[],
  today: DayRef,
  counts: Readonly<Record<BillRecurrenceValue, number>> = DASHBOARD_OCCURRENCE_COUNTS,
): DatedBillOccurrence[] {
  const result: DatedBillOccurrence[] = [];
  for (const bill of bills) result.push(...datedBillOccurrences(bill, today, counts));
  return result.sort((a, b) => byDay(a, b) || compareText(a.value.billName, b.value.billName));
}

/**
 * What expandBillsOnDays gives with `fewer` counts, taken from its answer with larger ones (docs/product/signed-in.md
 * §9: the schedule counts are at most the dashboard counts): each series is a prefix of the longer
 * one, and dropping items keeps the sorted order.
 */
export function firstOccurrencesOfEachBill(
  expanded: readonly DatedBillOccurrence[],
  fewer: Readonly<Record<BillRecurrenceValue, number>>,
): DatedBillOccurrence[] {
  return expanded.filter((o) => o.index < fewer[o.value.recurring]);
}

/** docs/product/signed-in.md §9: one bill's upcoming occurrences (dashboard counts by default). */
export function expandBill(
  bill: Bill,
  today: IsoDate,
  counts: Readonly<Record<BillRecurrenceValue, number>> = DASHBOARD_OCCURRENCE_COUNTS,
): BillOccurrence[] {
  return datedBillOccurrences(bill, readDay(today), counts).map((o) => o.value);
}

/** All bills' upcoming occurrences, sorted by due date, then name. */
export function expandBills(
  bills: readonly Bill[],
  today: IsoDate,
  counts: Readonly<Record<BillRecurrenceValue, number>> = DASHBOARD_OCCURRENCE_COUNTS,
): BillOccurrence[] {
  return expandBillsOnDays(bills, readDay(today), counts).map((o) => o.value);
}
