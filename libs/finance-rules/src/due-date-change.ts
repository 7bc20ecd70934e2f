// A bill's due day changed by its biller (docs/due-date-planner.md, "When the new day applies"): the payments
// before the change keep their dates, the new series starts at the first date on the new day on or after it.
// One rule for what the planner assumes and for what a confirmed change stores. Month-based bills only: weekly,
// every-two-weeks and one-time bills have no day of the month.
import type { BillRecurrenceValue } from '@paycadence/contracts';
import { addDays, type IsoDate } from './dates.js';
import { dayNumberOf, dayRefOf, isoDateOf, readDay } from './day-numbers.js';
import { billScheduleOf, monthStart, type BillScheduleFields } from './schedule.js';

const MONTH_STEPS: Partial<Record<BillRecurrenceValue, number>> = { monthly: 1, quarterly: 3, yearly: 12 };

/** The months between occurrences of a bill whose due day can move; null for the others. */
export const dueDayMonthStep = (recurring: BillRecurrenceValue): number | null => MONTH_STEPS[recurring] ?? null;

/** The day of the month a date falls on (1-31). */
export const dayOfMonthOf = (date: IsoDate): number => readDay(date).day;

export interface DueDayChange {
  /** The new series' anchor: on exactly the new day (so the 31st stays "the last day" in short months). */
  dueDate: IsoDate;
  /** The anchor of the series in force before the change, kept for the payments before `dueDateFrom`. */
  earlierDueDate: IsoDate;
  dueDateFrom: IsoDate;
  /** The last payment on the old day and the first on the new one. */
  lastOldDate: IsoDate;
  firstNewDate: IsoDate;
}

/** Day number of `day` in month `index` (year * 12 + month - 1); a day past the month's length is its last. */
function dayIn(index: number, day: number): number {
  const { firstDay, length } = monthStart(index);
  return firstDay + Math.min(day, length) - 1;
}

/** The first date on exactly `day` from month `index` on (a series anchored there keeps `day` in longer months). */
function anchorOnDay(index: number, day: number): IsoDate {
  let month = index;
  while (monthStart(month).length < day) month += 1;
  const year = Math.floor(month / 12);
  return isoDateOf(dayNumberOf(year, month - year * 12 + 1, day));
}

/** The bill without a change that starts on or after `date` (its payments until then follow the older series). */
function withoutChangeFrom(bill: BillScheduleFields, date: IsoDate): BillScheduleFields {
  if (!bill.earlierDueDate || !bill.dueDateFrom || bill.dueDateFrom < date) return bill;
  return { dueDate: bill.earlierDueDate, recurring: bill.recurring };
}

const monthIndexOf = (dayNumber: number) => {
  const ref = dayRefOf(dayNumber);
  return ref.year * 12 + ref.month - 1;
};

/**
 * The bill's dates once its due day is `toDay` (31: the month's last day) from `effective` on: the payments before
 * `effective` stay on the old series, the new one starts at the first date on `toDay` on or after it, in step with
 * the old cycle (a quarterly bill keeps its quarter). Null for a bill whose due day cannot move, or with no payment
 * before `effective` to continue from.
 */
export function changeDueDay(bill: BillScheduleFields, toDay: number, effective: IsoDate): DueDayChange | null {
  const step = dueDayMonthStep(bill.recurring);
  if (step === null) return null;
  // A change not in force before the effective date is replaced: the payments before it follow the older series.
  // One in force earlier stays in the payments between it and this one; the series before it is not kept.
  const base = withoutChangeFrom(bill, effective);
  const series = billScheduleOf(base);
  const from = readDay(effective);
  const firstAfter = series.firstIndexOnOrAfter(from);
  if (firstAfter === null) return null;
  const lastOld = series.nth(firstAfter - 1);
  let month = monthIndexOf(lastOld);
  while (dayIn(month, toDay) < from.dayNumber) month += step;
  return {
    dueDate: anchorOnDay(month, toDay),
    earlierDueDate: base.dueDate,
    dueDateFrom: effective,
    lastOldDate: isoDateOf(lastOld),
    firstNewDate: isoDateOf(dayIn(month, toDay)),
  };
}

/**
 * The change as the planner assumes the biller makes it, asked today: the next payment (on or after today) is
 * billed already and stays; the one after it moves to the date on `toDay` nearest to it, in its cycle. So each
 * payment moves by at most half a cycle: the 12th moved to the 17th pays five days later every month (the first cycle is five days
 * longer), the 5th moved to the 27th pays nine days earlier (in the month of the change two payments land 22 days
 * apart). A tie goes to the later date (a payment after the paycheck rather than before). Null as changeDueDay.
 */
export function plannedDueDayChange(bill: BillScheduleFields, toDay: number, today: IsoDate): DueDayChange | null {
  const step = dueDayMonthStep(bill.recurring);
  if (step === null) return null;
  // A change asked for before and not in force yet is asked for again: planned from the series in force today.
  const base = withoutChangeFrom(bill, addDays(today, 1));
  const series = billScheduleOf(base);
  const next = series.firstIndexOnOrAfter(readDay(today));
  if (next === null) return null;
  const following = series.nth(Math.max(0, next) + 1);
  const month = monthIndexOf(following);
  let nearest = dayIn(month, toDay);
  // A cycle before or after: the dates changeDueDay can reach from the last old payment, a quarterly bill keeping its quarter.
  for (const candidate of [dayIn(month - step, toDay), dayIn(month + step, toDay)]) {
    const distance = Math.abs(candidate - following);
    const best = Math.abs(nearest - following);
    if (distance < best || (distance === best && candidate > nearest)) nearest = candidate;
  }
  return changeDueDay(base, toDay, isoDateOf(Math.min(nearest, following)));
}

