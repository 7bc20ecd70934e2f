// Calendar arithmetic on day numbers (days since 1970-01-01, proleptic Gregorian, i.e. UTC calendar
// days). The one place that parses, validates and formats 'YYYY-MM-DD': every rule parses a date
// once, works on integers and formats once. Internal: dates.ts is the public face of it.

/** A calendar date split into numbers. */
export interface DateParts {
  year: number;
  /** 1..12 */
  month: number;
  /** 1..31 */
  day: number;
}

/** A parsed date: its calendar parts and its day number. */
export interface DayRef extends DateParts {
  dayNumber: number;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** Days-from-civil (H. Hinnant), exact for every Gregorian date. */
export function dayNumberOf(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const mp = (month + 9) % 12;
  const doy = Math.floor((153 * mp + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/** Civil-from-days (H. Hinnant), the inverse of dayNumberOf. */
export function civilOf(dayNumber: number): DateParts {
  const z = dayNumber + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: yoe + era * 400 + (month <= 2 ? 1 : 0), month, day };
}

/** The parsed form of a day number. */
export function dayRefOf(dayNumber: number): DayRef {
  return { ...civilOf(dayNumber), dayNumber };
}

/** 0 = Sunday ... 6 = Saturday (1970-01-01, day 0, was a Thursday). */
export function weekdayOf(dayNumber: number): number {
  return (((dayNumber + 4) % 7) + 7) % 7;
}

// Parsing memo: a dashboard reads the same few hundred dates (due dates, paydays, pay dates) many times, and the
// sentences of the payment schedule read each again. Bounded like the formatting memo below; the entries are frozen,
// so a caller cannot change what the next one reads.
const MAX_CACHED_TEXTS = 4096;
const PARSED = new Map<string, DayRef>();

/** The 'YYYY-MM-DD' text parsed, or null when it is not a real date (2025-02-30, '3/1/2026'). */
export function parseDayRef(value: string): DayRef | null {
  const cached = PARSED.get(value);
  if (cached !== undefined) return cached;
  const m = ISO_DATE.exec(value);
  if (!m) return null;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  const ref = Object.freeze({ year, month, day, dayNumber: dayNumberOf(year, month, day) });
  if (PARSED.size >= MAX_CACHED_TEXTS) PARSED.clear();
  PARSED.set(value, ref);
  return ref;
}

/** As parseDayRef, throwing the library's one invalid-date error. */
export function readDay(value: string): DayRef {
  const ref = parseDayRef(value);
  if (ref === null) throw new RangeError(`Invalid date '${value}', expected YYYY-MM-DD`);
  return ref;
}

const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));

export function formatDateParts({ year, month, day }: DateParts): string {
  return `${String(year).padStart(4, '0')}-${pad2(month)}-${pad2(day)}`;
}

/** docs/product/signed-in.md §9: en-US short format (M/D/YYYY). */
export function formatUsShortParts({ year, month, day }: DateParts): string {
  return `${month}/${day}/${year}`;
}

// Formatting memo: a dashboard formats the same few hundred days many times. Bounded so a
// long-running server cannot grow it without limit; it only ever holds what the formatter returns.
const MAX_CACHED_DAYS = 4096;
const ISO_TEXT = new Map<number, string>();
const US_SHORT_TEXT = new Map<number, string>();

function memoised(cache: Map<number, string>, dayNumber: number, format: (parts: DateParts) => string): string {
  let text = cache.get(dayNumber);
  if (text === undefined) {
    text = format(civilOf(dayNumber));
    if (cache.size >= MAX_CACHED_DAYS) cache.clear();
    cache.set(dayNumber, text);
  }
  return text;
}

/** The day as 'YYYY-MM-DD'. */
export function isoDateOf(dayNumber: number): string {
  return memoised(ISO_TEXT, dayNumber, formatDateParts);
}

/** The day as 'M/D/YYYY'. */
export function usShortDateOf(dayNumber: number): string {
  return memoised(US_SHORT_TEXT, dayNumber, formatUsShortParts);
}
