/** Date helpers on ISO `YYYY-MM-DD` strings, all in UTC so output never depends on the machine's zone. */
const DAY_MS = 86_400_000;

export const toIsoDate = (date) => new Date(date).toISOString().slice(0, 10);
export const parseIsoDate = (iso) => Date.parse(`${iso}T00:00:00Z`);
export const addDays = (iso, days) => toIsoDate(parseIsoDate(iso) + days * DAY_MS);
export const dayOfWeek = (iso) => new Date(parseIsoDate(iso)).getUTCDay();
export const daysBetween = (fromIso, toIso) =>
  Math.round((parseIsoDate(toIso) - parseIsoDate(fromIso)) / DAY_MS);

export function lastDayOfMonth(year, monthIndex) {
  return new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();
}

/** The date of `day` in a month, clamped to the month's length (the 31st in February is the 28th/29th). */
export function dateInMonth(year, monthIndex, day) {
  const clamped = Math.min(day, lastDayOfMonth(year, monthIndex));
  return toIsoDate(Date.UTC(year, monthIndex, clamped));
}

/** Bills due on a weekend are taken on the next Monday. */
export function shiftToNextBusinessDay(iso) {
  const weekday = dayOfWeek(iso);
  if (weekday === 6) return addDays(iso, 2);
  if (weekday === 0) return addDays(iso, 1);
  return iso;
}

/** Pay due on a weekend arrives the Friday before. */
export function shiftToPreviousBusinessDay(iso) {
  const weekday = dayOfWeek(iso);
  if (weekday === 6) return addDays(iso, -1);
  if (weekday === 0) return addDays(iso, -2);
  return iso;
}

/** Every month (year, monthIndex) from the month of `startIso` to the month after `endIso` included. */
export function monthsCovering(startIso, endIso) {
  const start = new Date(parseIsoDate(startIso));
  const end = new Date(parseIsoDate(endIso));
  const firstKey = start.getUTCFullYear() * 12 + start.getUTCMonth();
  const lastKey = end.getUTCFullYear() * 12 + end.getUTCMonth() + 1;
  const months = [];
  for (let key = firstKey; key <= lastKey; key += 1)
    months.push({ year: Math.floor(key / 12), monthIndex: key % 12 });
  return months;
}
