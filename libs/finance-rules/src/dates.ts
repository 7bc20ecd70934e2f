// Calendar dates as 'YYYY-MM-DD' strings. All arithmetic is plain integer math on a day number
// (days since 1970-01-01, proleptic Gregorian, i.e. UTC calendar days), so results never depend on
// the host time zone and the same code runs in Node and in the browser. The arithmetic itself lives
// in day-numbers.ts, which the rules use directly to parse each date once.
import {
  daysInMonth,
  formatDateParts,
  formatUsShortParts,
  isoDateOf,
  parseDayRef,
  readDay,
  weekdayOf,
  type DateParts,
} from './day-numbers.js';

/** A calendar date written 'YYYY-MM-DD'. */
export type IsoDate = string;

export { daysInMonth, isLeapYear, type DateParts } from './day-numbers.js';

export const MONTH_NAMES = [
  'January', 'February', 'March', 'April', 'May', 'June',
  'July', 'August', 'September', 'October', 'November', 'December',
] as const;

export function isIsoDate(value: string): boolean {
  return parseDayRef(value) !== null;
}

/** Splits a 'YYYY-MM-DD' string; throws RangeError on anything else (including 2025-02-30). */
export function parseIsoDate(value: IsoDate): DateParts {
  const { year, month, day } = readDay(value);
  return { year, month, day };
}

export function formatIsoDate(parts: DateParts): IsoDate {
  return formatDateParts(parts);
}

export function toDayNumber(date: IsoDate): number {
  return readDay(date).dayNumber;
}

export function fromDayNumber(dayNumber: number): IsoDate {
  return isoDateOf(dayNumber);
}

export function addDays(date: IsoDate, days: number): IsoDate {
  return isoDateOf(toDayNumber(date) + days);
}

/**
 * Adds calendar months. A day that does not exist in the target month is clamped to its last day
 * (Jan 31 + 1 month = Feb 28, or Feb 29 in a leap year). To keep the anchor day over a series
 * (Jan 31 -> Feb 28 -> Mar 31), always add to the original date, never to the previous result.
 */
export function addMonths(date: IsoDate, months: number): IsoDate {
  const { year, month, day } = readDay(date);
  const index = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = index - targetYear * 12 + 1;
  return formatDateParts({
    year: targetYear,
    month: targetMonth,
    day: Math.min(day, daysInMonth(targetYear, targetMonth)),
  });
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: IsoDate, to: IsoDate): number {
  return toDayNumber(to) - toDayNumber(from);
}

/** Negative, zero or positive, for sorting. 'YYYY-MM-DD' strings also compare correctly as text. */
export function compareIsoDates(a: IsoDate, b: IsoDate): number {
  return toDayNumber(a) - toDayNumber(b);
}

/** 0 = Sunday ... 6 = Saturday. */
export function dayOfWeek(date: IsoDate): number {
  return weekdayOf(toDayNumber(date));
}

export function startOfMonth(date: IsoDate): IsoDate {
  const { year, month } = readDay(date);
  return formatDateParts({ year, month, day: 1 });
}

export function endOfMonth(date: IsoDate): IsoDate {
  const { year, month } = readDay(date);
  return formatDateParts({ year, month, day: daysInMonth(year, month) });
}

export function monthName(date: IsoDate): string {
  return MONTH_NAMES[readDay(date).month - 1]!;
}

/** docs/product/signed-in.md §9: dates display in en-US short format (M/D/YYYY), e.g. '1/5/2026'. */
export function formatUsShortDate(date: IsoDate): string {
  return formatUsShortParts(readDay(date));
}
