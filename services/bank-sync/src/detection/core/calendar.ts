/**
 * Calendar arithmetic on day numbers (whole days since 1970-01-01, UTC) so detection never depends on the
 * machine's time zone and compares dates with plain integer maths.
 */
export type DayNumber = number;

// Local bindings: global lookups are slow inside Jest's VM context, and these run per date and schedule.
const { floor, max, min, round } = Math;

const DAY_MS = 86_400_000;

export function dayNumber(isoDate: string): DayNumber {
  return round(
    Date.UTC(Number(isoDate.slice(0, 4)), Number(isoDate.slice(5, 7)) - 1, Number(isoDate.slice(8, 10))) /
      DAY_MS,
  );
}

export function isoDate(day: DayNumber): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** 0 = Sunday … 6 = Saturday (1970-01-01 was a Thursday). */
export function weekday(day: DayNumber): number {
  return (((day + 4) % 7) + 7) % 7;
}

export const isWeekend = (day: DayNumber): boolean => weekday(day) === 0 || weekday(day) === 6;

/**
 * Year, month index and day of a day number by integer arithmetic (H. Hinnant's civil-from-days): detection
 * asks this for every date and candidate schedule, and a Date object per call was most of its time.
 */
function civil(day: DayNumber): { year: number; monthIndex: number; day: number } {
  const z = day + 719_468;
  const era = floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = floor(
    (dayOfEra - floor(dayOfEra / 1460) + floor(dayOfEra / 36_524) - floor(dayOfEra / 146_096)) / 365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + floor(yearOfEra / 4) - floor(yearOfEra / 100));
  const shiftedMonth = floor((5 * dayOfYear + 2) / 153);
  const monthDay = dayOfYear - floor((153 * shiftedMonth + 2) / 5) + 1;
  const monthIndex = shiftedMonth < 10 ? shiftedMonth + 2 : shiftedMonth - 10;
  return { year: yearOfEra + era * 400 + (monthIndex <= 1 ? 1 : 0), monthIndex, day: monthDay };
}

/** The day number of a calendar date (month index 0–11; the day must exist in that month). */
function daysFromCivil(year: number, monthIndex: number, monthDay: number): DayNumber {
  const y = monthIndex <= 1 ? year - 1 : year;
  const era = floor(y / 400);
  const yearOfEra = y - era * 400;
  const shiftedMonth = monthIndex > 1 ? monthIndex - 2 : monthIndex + 10;
  const dayOfYear = floor((153 * shiftedMonth + 2) / 5) + monthDay - 1;
  const dayOfEra = yearOfEra * 365 + floor(yearOfEra / 4) - floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

/** A month as one integer: year * 12 + month index. */
export function monthKey(day: DayNumber): number {
  const date = civil(day);
  return date.year * 12 + date.monthIndex;
}

export function dayOfMonth(day: DayNumber): number {
  return civil(day).day;
}

const MONTH_LENGTHS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

export function daysInMonth(month: number): number {
  const year = floor(month / 12);
  const monthIndex = month - year * 12;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return monthIndex === 1 && leap ? 29 : MONTH_LENGTHS[monthIndex];
}

/** Days from the month's last day: 0 on the last day. */
export function daysFromMonthEnd(day: DayNumber): number {
  return daysInMonth(monthKey(day)) - dayOfMonth(day);
}

/** The `dayOfMonth`-th day of a month, clamped to its length (the 31st of February is its last day). */
export function dayInMonth(month: number, dayOfMonthWanted: number): DayNumber {
  const year = floor(month / 12);
  return daysFromCivil(year, month - year * 12, max(1, min(dayOfMonthWanted, daysInMonth(month))));
}

/** Moves a weekend day to the next Monday (+1) or the previous Friday (-1); weekdays stay. */
export function shiftOffWeekend(day: DayNumber, direction: 1 | -1): DayNumber {
  let shifted = day;
  while (isWeekend(shifted)) shifted += direction;
  return shifted;
}
