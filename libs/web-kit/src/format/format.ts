// spec part 1 §9: currency formatting en-US; date display en-US short format.
const moneyFormatter = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const dateFormatter = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

export const INVALID_DATE_TEXT = 'Invalid Date';

/**
 * Formats an amount given in DOLLARS (a number such as 1234.5) as en-US USD: '$1,234.50'.
 * Callers holding integer cents (libs/finance-rules) divide by 100 first.
 */
export function formatMoney(dollars: number): string {
  if (!Number.isFinite(dollars)) return moneyFormatter.format(0);
  // Avoid '-$0.00' for tiny negative rounding leftovers.
  const value = Math.abs(dollars) < 0.005 ? 0 : dollars;
  return moneyFormatter.format(value);
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Formats a calendar date 'YYYY-MM-DD' (or an ISO timestamp / Date) as 'Nov 22, 2026'.
 * Date-only strings are read as calendar days, so no time zone can shift them a day.
 * Anything unparseable shows 'Invalid Date'.
 */
export function formatDate(value: string | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return INVALID_DATE_TEXT;
  let date: Date;
  if (value instanceof Date) {
    date = new Date(Date.UTC(value.getFullYear(), value.getMonth(), value.getDate()));
  } else {
    const match = DATE_ONLY.exec(value.trim());
    if (match) {
      const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
      date = new Date(Date.UTC(year, month - 1, day));
      // Reject rolled-over dates such as 2026-02-31.
      if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return INVALID_DATE_TEXT;
    } else {
      const parsed = new Date(value);
      if (Number.isNaN(parsed.getTime())) return INVALID_DATE_TEXT;
      date = new Date(Date.UTC(parsed.getFullYear(), parsed.getMonth(), parsed.getDate()));
    }
  }
  return Number.isNaN(date.getTime()) ? INVALID_DATE_TEXT : dateFormatter.format(date);
}
