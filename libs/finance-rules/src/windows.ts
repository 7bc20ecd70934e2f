// Week windows of the dashboard and the demo (docs/product/signed-in.md §2 and §9; docs/product/accounts.md §2 /demo):
// This Week = today and the next 7 days, Next Week = days 8-14, Later = days 15 .. 14 + window.
// Each rule has a day-number form (the dashboard composes those) and an IsoDate form.
import { LATER_WINDOW_INITIAL_DAYS, LATER_WINDOW_STEP_DAYS, WEEK_DAYS } from './constants.js';
import type { IsoDate } from './dates.js';
import { byDay, dateEach, type Dated } from './dated.js';
import { isoDateOf, readDay, weekdayOf } from './day-numbers.js';
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

/** docs/product/signed-in.md §2: 'Show next 7 days' grows the Later window by 7. */
export function nextLaterWindowDays(current: number): number {
  return current + LATER_WINDOW_STEP_DAYS;
}

/** docs/product/signed-in.md §2: 'Show less' returns the Later window to its first size. */
export function resetLaterWindowDays(): number {
  return LATER_WINDOW_INITIAL_DAYS;
}

export function assertWindowDays(days: number): void {
  if (!Number.isInteger(days) || days < 1) throw new RangeError(`Window length must be a positive whole number of days, got ${days}`);
}

function windowOnDays(
  key: WindowKey,
  title: TimeWindow['title'],
  today: number,
  firstDay: number,
  lastDay: number,
  bills: readonly Dated<BillOccurrence>[],
  incomes: readonly Dated<IncomeOccurrence>[],
): TimeWindow {
  const from = today + firstDay;
  const to = today + lastDay;
  const inRange = ({ day }: Dated<unknown>) => day >= from && day <= to;
  const billItems = bills.filter(inRange).map(({ day, value }): Dated<WindowItem> => ({ day, value: { kind: 'bill', date: value.dueDate, ...value } }));
  const incomeItems = incomes.filter(inRange).map(({ day, value }): Dated<WindowItem> => ({ day, value: { kind: 'income', ...value } }));
  return {
    key,
    title,
    startDate: isoDateOf(from),
    endDate: isoDateOf(to),
    // Stable sort keeps each list's own order (date, then name) within a day; income before bills.
    items: [...incomeItems, ...billItems].sort(byDay).map((item) => item.value),
    billsTotalCents: billItems.reduce((sum, b) => sum + b.value.amountCents, 0),
    incomeTotalCents: incomeItems.reduce((sum, i) => sum + i.value.amountCents, 0),
  };
}

/** buildTimeWindows on day numbers (the caller has checked laterWindowDays with assertWindowDays). */
export function buildTimeWindowsOnDays(
  bills: readonly Dated<BillOccurrence>[],
  incomes: readonly Dated<IncomeOccurrence>[],
  today: number,
  laterWindowDays: number,
): TimeWindows {
  return {
    thisWeek: windowOnDays('thisWeek', 'This Week', today, 0, WEEK_DAYS, bills, incomes),
    nextWeek: windowOnDays('nextWeek', 'Next Week', today, WEEK_DAYS + 1, 2 * WEEK_DAYS, bills, incomes),
    later: windowOnDays('later', 'Later', today, 2 * WEEK_DAYS + 1, 2 * WEEK_DAYS + laterWindowDays, bills, incomes),
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
  const datedBills = dateEach(bills, (b) => b.dueDate);
  const datedIncomes = dateEach(incomes, (i) => i.date);
  return buildTimeWindowsOnDays(datedBills, datedIncomes, readDay(today).dayNumber, laterWindowDays);
}

/** comingSunday on day numbers. */
export function comingSundayDay(today: number): number {
  return today + WEEK_DAYS - weekdayOf(today);
}

/**
 * docs/product/signed-in.md §9: "this week" runs up to the coming Sunday. On a Sunday that is the next Sunday,
 * so the range is always 1 to 7 days after today.
 */
export function comingSunday(today: IsoDate): IsoDate {
  return isoDateOf(comingSundayDay(readDay(today).dayNumber));
}

/** endOfNextWeek on day numbers. */
export function endOfNextWeekDay(today: number): number {
  return comingSundayDay(today) + WEEK_DAYS;
}

/** docs/product/signed-in.md §9: the suggestions panel counts through the end of next week (coming Sunday + 7). */
export function endOfNextWeek(today: IsoDate): IsoDate {
  return isoDateOf(endOfNextWeekDay(readDay(today).dayNumber));
}

/** billsDueThrough on day numbers: the occurrences due from `from` through `to`, in list order. */
export function billsDueBetween(bills: readonly Dated<BillOccurrence>[], from: number, to: number): BillOccurrence[] {
  return bills.filter(({ day }) => day >= from && day <= to).map((b) => b.value);
}

/** Bill occurrences due from today through `endDate`, both inclusive. */
export function billsDueThrough(bills: readonly BillOccurrence[], today: IsoDate, endDate: IsoDate): BillOccurrence[] {
  const dated = dateEach(bills, (b) => b.dueDate);
  return billsDueBetween(dated, readDay(today).dayNumber, readDay(endDate).dayNumber);
}
