// Business days as US banks keep them: Monday to Friday except the Federal Reserve's holidays, the days ACH and
// direct deposits do not settle. A paycheck scheduled on a day off arrives the business day before (payroll
// pays early, never late); a suggested payment lands on a business day. See docs/money-model.md.
//
// The Fed's own calendar, not the federal one: a holiday falling on a Sunday is observed the Monday after, and
// one falling on a Saturday is NOT moved to the Friday (the Reserve Banks stay open that Friday). Written here,
// not taken from a holiday package, because the Saturday rule is the Fed's own and the rules library runs in
// the browser with no dependency beyond the contracts.
import { dayNumberOf, daysInMonth, weekdayOf } from './day-numbers.js';

const SATURDAY = 6;
const SUNDAY = 0;

/** Day number of the n-th (1-based) `weekday` of a month; n = -1: the last one. */
function nthWeekday(year: number, month: number, weekday: number, n: number): number {
  if (n > 0) {
    const first = dayNumberOf(year, month, 1);
    return first + ((weekday - weekdayOf(first) + 7) % 7) + 7 * (n - 1);
  }
  const last = dayNumberOf(year, month, daysInMonth(year, month));
  return last - ((weekdayOf(last) - weekday + 7) % 7);
}

/** A fixed-date holiday as the Fed observes it: Sunday moves to Monday, Saturday stays (no closing). */
function observedFixed(year: number, month: number, day: number): number {
  const date = dayNumberOf(year, month, day);
  return weekdayOf(date) === SUNDAY ? date + 1 : date;
}

/** The Federal Reserve's holidays of one year, as day numbers. Juneteenth from 2022, its first observance by the Fed. */
export function federalReserveHolidays(year: number): number[] {
  const MONDAY = 1;
  const THURSDAY = 4;
  const days = [
    observedFixed(year, 1, 1), // New Year's Day
    nthWeekday(year, 1, MONDAY, 3), // Birthday of Martin Luther King, Jr.
    nthWeekday(year, 2, MONDAY, 3), // Washington's Birthday
    nthWeekday(year, 5, MONDAY, -1), // Memorial Day
    observedFixed(year, 7, 4), // Independence Day
    nthWeekday(year, 9, MONDAY, 1), // Labor Day
    nthWeekday(year, 10, MONDAY, 2), // Columbus Day
    observedFixed(year, 11, 11), // Veterans Day
    nthWeekday(year, 11, THURSDAY, 4), // Thanksgiving Day
    observedFixed(year, 12, 25), // Christmas Day
  ];
  if (year >= 2022) days.push(observedFixed(year, 6, 19)); // Juneteenth National Independence Day
  return days.sort((a, b) => a - b);
}

// Memo: year -> its holidays. Bounded so a long-running server cannot grow it without limit.
const HOLIDAYS = new Map<number, ReadonlySet<number>>();
const MAX_CACHED_YEARS = 256;

function holidaysOf(year: number): ReadonlySet<number> {
  let set = HOLIDAYS.get(year);
  if (set === undefined) {
    set = new Set(federalReserveHolidays(year));
    if (HOLIDAYS.size >= MAX_CACHED_YEARS) HOLIDAYS.clear();
    HOLIDAYS.set(year, set);
  }
  return set;
}

/** The calendar year of a day number (cheap: no full civil conversion). */
function yearOf(dayNumber: number): number {
  // 365.2425 days a year on average; correct the estimate by at most one either way.
  let year = Math.floor(dayNumber / 365.2425) + 1970;
  if (dayNumberOf(year, 1, 1) > dayNumber) year -= 1;
  else if (dayNumberOf(year + 1, 1, 1) <= dayNumber) year += 1;
  return year;
}

export function isBankHoliday(dayNumber: number): boolean {
  return holidaysOf(yearOf(dayNumber)).has(dayNumber);
}

/** Monday to Friday and not a Federal Reserve holiday. */
export function isBusinessDay(dayNumber: number): boolean {
  const weekday = weekdayOf(dayNumber);
  return weekday !== SATURDAY && weekday !== SUNDAY && !isBankHoliday(dayNumber);
}

/** The day itself when it is a business day, else the closest business day before it. */
export function businessDayOnOrBefore(dayNumber: number): number {
  let day = dayNumber;
  while (!isBusinessDay(day)) day -= 1;
  return day;
}

/** The day itself when it is a business day, else the closest business day after it. */
export function businessDayOnOrAfter(dayNumber: number): number {
  let day = dayNumber;
  while (!isBusinessDay(day)) day += 1;
  return day;
}
