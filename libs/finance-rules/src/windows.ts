// Week windows of the dashboard and the demo (spec part 2 §2 and §9; part 1 §2 /demo):
// This Week = today and the next 7 days, Next Week = days 8-14, Later = days 15 .. 14 + window.
import { LATER_WINDOW_INITIAL_DAYS, LATER_WINDOW_STEP_DAYS, WEEK_DAYS } from './constants.js';
import { addDays, dayOfWeek, daysBetween, type IsoDate } from './dates.js';
import type { IncomeOccurrence } from './income.js';
import type { BillOccurrence } from './recurrence.js';

export type WindowKey = 'thisWeek' | 'nextWeek' | 'later';

export type WindowItem = ({ kind: 'bill'; date: IsoDate } & BillOccurrence) | ({ kind: 'income' } & IncomeOccurrence);

export interface TimeWindow {
  key: WindowKey;
  title: 'This Week' | 'Next Week' | 'Later';
  /** Inclusive date range. */
  startDate: IsoDate;
  endDate: IsoDate;
  /** Bills and income in the range by date; on the same day income comes first. */
  items: WindowItem[];
  billsTotalCents: number;
  incomeTotalCents: number;
}

export interface TimeWindows {
  thisWeek: TimeWindow;
  nextWeek: TimeWindow;
  later: TimeWindow;
}

/** spec part 2 §2: 'Show next 7 days' grows the Later window by 7. */
export function nextLaterWindowDays(current: number): number {
  return current + LATER_WINDOW_STEP_DAYS;
}

/** spec part 2 §2: 'Show less' returns the Later window to its first size. */
export function resetLaterWindowDays(): number {
  return LATER_WINDOW_INITIAL_DAYS;
}

export function assertWindowDays(days: number): void {
  if (!Number.isInteger(days) || days < 1) throw new RangeError(`Window length must be a positive whole number of days, got ${days}`);
}

function buildWindow(
  key: WindowKey,
  title: TimeWindow['title'],
  today: IsoDate,
  firstDay: number,
  lastDay: number,
  bills: readonly BillOccurrence[],
  incomes: readonly IncomeOccurrence[],
): TimeWindow {
  const inRange = (date: IsoDate) => {
    const offset = daysBetween(today, date);
    return offset >= firstDay && offset <= lastDay;
  };
  const billItems: WindowItem[] = bills.filter((b) => inRange(b.dueDate)).map((b) => ({ kind: 'bill', date: b.dueDate, ...b }));
  const incomeItems: WindowItem[] = incomes.filter((i) => inRange(i.date)).map((i) => ({ kind: 'income', ...i }));
  // Stable sort keeps each list's own order (date, then name) within a day; income before bills.
  const items = [...incomeItems, ...billItems].sort((a, b) => daysBetween(b.date, a.date));
  return {
    key,
    title,
    startDate: addDays(today, firstDay),
    endDate: addDays(today, lastDay),
    items,
    billsTotalCents: billItems.reduce((sum, b) => sum + b.amountCents, 0),
    incomeTotalCents: incomeItems.reduce((sum, i) => sum + i.amountCents, 0),
  };
}

/**
 * Splits occurrences into the three panels. This Week holds today and the next 7 days (offsets
 * 0-7), Next Week offsets 8-14, Later offsets 15 through 14 + laterWindowDays.
 */
export function buildTimeWindows(
  bills: readonly BillOccurrence[],
  incomes: readonly IncomeOccurrence[],
  today: IsoDate,
  laterWindowDays: number = LATER_WINDOW_INITIAL_DAYS,
): TimeWindows {
  assertWindowDays(laterWindowDays);
  return {
    thisWeek: buildWindow('thisWeek', 'This Week', today, 0, WEEK_DAYS, bills, incomes),
    nextWeek: buildWindow('nextWeek', 'Next Week', today, WEEK_DAYS + 1, 2 * WEEK_DAYS, bills, incomes),
    later: buildWindow('later', 'Later', today, 2 * WEEK_DAYS + 1, 2 * WEEK_DAYS + laterWindowDays, bills, incomes),
  };
}

/**
 * spec part 2 §9: "this week" runs up to the coming Sunday. On a Sunday that is the next Sunday,
 * so the range is always 1 to 7 days after today.
 */
export function comingSunday(today: IsoDate): IsoDate {
  return addDays(today, WEEK_DAYS - dayOfWeek(today));
}

/** spec part 2 §9: the suggestions panel counts through the end of next week (coming Sunday + 7). */
export function endOfNextWeek(today: IsoDate): IsoDate {
  return addDays(comingSunday(today), WEEK_DAYS);
}

/** Bill occurrences due from today through `endDate`, both inclusive. */
export function billsDueThrough(bills: readonly BillOccurrence[], today: IsoDate, endDate: IsoDate): BillOccurrence[] {
  return bills.filter((b) => daysBetween(today, b.dueDate) >= 0 && daysBetween(b.dueDate, endDate) >= 0);
}
