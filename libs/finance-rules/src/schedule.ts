// Internal: one repeat rule on day numbers (docs/product/signed-in.md §3 recurring values), built once per bill or
// income so the loops of the recurrence, income and monthly rules never parse or format a date.
import type { BillRecurrenceValue, IncomeFrequencyValue } from '@paycadence/contracts';
import { dayNumberOf, dayRefOf, daysInMonth, readDay, type DayRef } from './day-numbers.js';

export interface Schedule {
  readonly recurrence: BillRecurrenceValue | IncomeFrequencyValue;
  readonly anchor: DayRef;
  /** Day number of occurrence n (n may be negative for repeating rules). */
  nth(n: number): number;
  /** Index of the first occurrence on or after `from`; negative before the anchor; null for a past one-time date. */
  firstIndexOnOrAfter(from: DayRef): number | null;
}

const DAY_STEPS: Partial<Record<BillRecurrenceValue, number>> = { weekly: 7, biweekly: 14 };
const MONTH_STEPS: Partial<Record<BillRecurrenceValue, number>> = { monthly: 1, quarterly: 3, yearly: 12 };

interface MonthInfo {
  firstDay: number;
  length: number;
}

// Memoised month arithmetic: month index (year * 12 + month - 1) -> its first day number and length.
// Bounded so a long-running server cannot grow it without limit.
const MONTHS = new Map<number, MonthInfo>();
const MAX_CACHED_MONTHS = 4096;

/** The first day number and length of month `index` (year * 12 + month - 1). */
export function monthStart(index: number): MonthInfo {
  let info = MONTHS.get(index);
  if (info === undefined) {
    const year = Math.floor(index / 12);
    const month = index - year * 12 + 1;
    info = { firstDay: dayNumberOf(year, month, 1), length: daysInMonth(year, month) };
    if (MONTHS.size >= MAX_CACHED_MONTHS) MONTHS.clear();
    MONTHS.set(index, info);
  }
  return info;
}

/**
 * The schedule of `recurrence` anchored at `anchor`. Month-based rules always count from the
 * anchor, so a 31st falls on the last day of shorter months and returns to the 31st in long ones
 * (Jan 31 -> Feb 28/29 -> Mar 31). 'once', and any value that is not a repeat rule, is the anchor
 * alone.
 */
export function scheduleOf(anchor: DayRef, recurrence: BillRecurrenceValue): Schedule {
  const daySteps = DAY_STEPS[recurrence];
  if (daySteps !== undefined) {
    return {
      recurrence,
      anchor,
      nth: (n) => anchor.dayNumber + daySteps * n,
      firstIndexOnOrAfter: (from) => Math.ceil((from.dayNumber - anchor.dayNumber) / daySteps),
    };
  }
  const monthSteps = MONTH_STEPS[recurrence];
  if (monthSteps !== undefined) {
    const anchorIndex = anchor.year * 12 + (anchor.month - 1);
    const nth = (n: number) => {
      const { firstDay, length } = monthStart(anchorIndex + monthSteps * n);
      return firstDay + Math.min(anchor.day, length) - 1;
    };
    return {
      recurrence,
      anchor,
      nth,
      firstIndexOnOrAfter: (from) => {
        const monthGap = from.year * 12 + from.month - (anchor.year * 12 + anchor.month);
        // Occurrence k lands in month anchor + k*step, so this k is a lower bound off by at most one.
        let k = Math.floor(monthGap / monthSteps);
        while (nth(k) < from.dayNumber) k += 1;
        return k;
      },
    };
  }
  return {
    recurrence,
    anchor,
    nth: (n) => {
      if (n !== 0) throw new RangeError('A one-time date has only occurrence 0');
      return anchor.dayNumber;
    },
    firstIndexOnOrAfter: (from) => (anchor.dayNumber >= from.dayNumber ? 0 : null),
  };
}

/** What billScheduleOf reads of a bill (the rules' Bill has it). */
export interface BillScheduleFields {
  dueDate: string;
  recurring: BillRecurrenceValue;
  earlierDueDate?: string | null;
  dueDateFrom?: string | null;
}

/**
 * A bill's schedule, following a change of its due day: the biller moved it from a given day on, and the payments
 * before that day stay where they were (they were billed, and their paid marks name those dates). Before
 * `dueDateFrom` it is the series anchored at `earlierDueDate`, from it on the series anchored at `dueDate`.
 *
 * Index 0 keeps meaning the date the person entered: the old anchor when it lies before the change, else the new
 * one. So the old series' occurrences from its anchor up to the change keep indexes >= 0 (the forecast counts those
 * as overdue when unpaid), earlier ones stay negative, and the new series goes on from where the old one stops.
 * Without a change (or for a one-time bill) it is scheduleOf(dueDate) itself.
 */
export function billScheduleOf(bill: BillScheduleFields): Schedule {
  const current = scheduleOf(readDay(bill.dueDate), bill.recurring);
  if (!bill.earlierDueDate || !bill.dueDateFrom || bill.recurring === 'once') return current;
  const earlier = scheduleOf(readDay(bill.earlierDueDate), bill.recurring);
  const change = readDay(bill.dueDateFrom);
  // The first occurrence of each series on or after the change: the old series stops before kOld, the new starts at kNew.
  const kOld = earlier.firstIndexOnOrAfter(change)!;
  const kNew = current.firstIndexOnOrAfter(change)!;
  // Combined index c < boundary is old occurrence c + oldShift; c >= boundary is new occurrence c + newShift.
  const oldFirst = kOld > 0;
  const boundary = oldFirst ? kOld : kNew;
  const oldShift = oldFirst ? 0 : kOld - kNew;
  const newShift = oldFirst ? kNew - kOld : 0;
  const nth = (n: number) => (n < boundary ? earlier.nth(n + oldShift) : current.nth(n + newShift));
  return {
    recurrence: bill.recurring,
    anchor: dayRefOf(nth(0)),
    nth,
    firstIndexOnOrAfter: (from) => {
      if (from.dayNumber >= change.dayNumber) return current.firstIndexOnOrAfter(from)! - newShift;
      const k = earlier.firstIndexOnOrAfter(from)!;
      return k < kOld ? k - oldShift : boundary;
    },
  };
}
