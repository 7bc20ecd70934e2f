/**
 * Calendar arithmetic on day numbers (whole days since 1970-01-01, UTC) so detection never depends on the
 * machine's time zone and compares dates with plain integer maths.
 */
export type DayNumber = number;

const DAY_MS = 86_400_000;

export function dayNumber(isoDate: string): DayNumber {
  return Math.round(Date.UTC(Number(isoDate.slice(0, 4)), Number(isoDate.slice(5, 7)) - 1, Number(isoDate.slice(8, 10))) / DAY_MS);
}

export function isoDate(day: DayNumber): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** 0 = Sunday … 6 = Saturday (1970-01-01 was a Thursday). */
export function weekday(day: DayNumber): number {
  return (((day + 4) % 7) + 7) % 7;
}

export const isWeekend = (day: DayNumber): boolean => weekday(day) === 0 || weekday(day) === 6;

/** A month as one integer: year * 12 + month index. */
export function monthKey(day: DayNumber): number {
  const date = new Date(day * DAY_MS);
  return date.getUTCFullYear() * 12 + date.getUTCMonth();
}

export function dayOfMonth(day: DayNumber): number {
  return new Date(day * DAY_MS).getUTCDate();
}

export function daysInMonth(month: number): number {
  return new Date(Date.UTC(Math.floor(month / 12), (month % 12) + 1, 0)).getUTCDate();
}

/** Days from the month's last day: 0 on the last day. */
export function daysFromMonthEnd(day: DayNumber): number {
  return daysInMonth(monthKey(day)) - dayOfMonth(day);
}

/** The `dayOfMonth`-th day of a month, clamped to its length (the 31st of February is its last day). */
export function dayInMonth(month: number, dayOfMonthWanted: number): DayNumber {
  const clamped = Math.min(dayOfMonthWanted, daysInMonth(month));
  return Math.round(Date.UTC(Math.floor(month / 12), month % 12, clamped) / DAY_MS);
}

/** Moves a weekend day to the next Monday (+1) or the previous Friday (-1); weekdays stay. */
export function shiftOffWeekend(day: DayNumber, direction: 1 | -1): DayNumber {
  let shifted = day;
  while (isWeekend(shifted)) shifted += direction;
  return shifted;
}
