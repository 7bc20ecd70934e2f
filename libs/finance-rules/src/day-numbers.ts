// Internal (not re-exported from index.ts): calendar arithmetic on day numbers (days since
// 1970-01-01), for the hot loops of computeDashboard. Strings are parsed once at the entry and
// formatted once at the exit; everything in between is integer math.
import { daysInMonth } from './dates.js';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days-from-civil (H. Hinnant), the same formula as toDayNumber in dates.ts, without the parse. */
export function dayNumberOf(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const mp = (month + 9) % 12;
  const doy = Math.floor((153 * mp + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

export interface CivilDate {
  year: number;
  /** 1..12 */
  month: number;
  /** 1..31 */
  day: number;
}

/** A parsed date: its day number and calendar parts. */
export interface DayRef extends CivilDate {
  dayNumber: number;
}

/**
 * The 'YYYY-MM-DD' text parsed once, or null when it is not a valid date (the same check as isIsoDate;
 * computeDashboard validates its inputs with this at the entry).
 */
export function parseDayRef(value: unknown): DayRef | null {
  if (typeof value !== 'string') return null;
  const m = ISO_DATE.exec(value);
  if (!m) return null;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day, dayNumber: dayNumberOf(year, month, day) };
}

/** Civil-from-days, the same formula as fromDayNumber in dates.ts. */
export function civilOf(dayNumber: number): CivilDate {
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

const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));

/**
 * Formats day numbers as 'YYYY-MM-DD' and 'M/D/YYYY', each day at most once per instance (one
 * instance per computeDashboard call, so nothing grows across calls).
 */
export class DayFormatter {
  private readonly iso = new Map<number, string>();
  private readonly usShort = new Map<number, string>();

  isoDate(dayNumber: number): string {
    let text = this.iso.get(dayNumber);
    if (text === undefined) {
      const { year, month, day } = civilOf(dayNumber);
      text = `${String(year).padStart(4, '0')}-${pad2(month)}-${pad2(day)}`;
      this.iso.set(dayNumber, text);
    }
    return text;
  }

  /** spec part 2 §9: en-US short format (M/D/YYYY), as formatUsShortDate. */
  usShortDate(dayNumber: number): string {
    let text = this.usShort.get(dayNumber);
    if (text === undefined) {
      const { year, month, day } = civilOf(dayNumber);
      text = `${month}/${day}/${year}`;
      this.usShort.set(dayNumber, text);
    }
    return text;
  }
}

/** Index of the first element of the ascending `values` (from `start`) that is >= `target`. */
export function lowerBound(values: readonly number[], target: number, start = 0): number {
  let lo = start;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (values[mid]! < target) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Index of the first element of the ascending `values` that is > `target`. */
export function upperBound(values: readonly number[], target: number): number {
  return lowerBound(values, target + 1);
}
