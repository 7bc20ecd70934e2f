import { loadPreferences, type DateFormat } from '../preferences/preferences.js';

// docs/product/signed-in.md §1: amounts are USD with en-US formatting, whatever currency the settings name.
const moneyFormatter = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const timeFormatter = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });

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

const pad = (value: number) => String(value).padStart(2, '0');

/** A calendar day (a UTC midnight) in one of the formats the settings offer (docs/product/accounts.md §2). */
function inFormat(date: Date, format: DateFormat): string {
  const [year, month, day] = [String(date.getUTCFullYear()), pad(date.getUTCMonth() + 1), pad(date.getUTCDate())];
  if (format === 'DD/MM/YYYY') return `${day}/${month}/${year}`;
  if (format === 'YYYY-MM-DD') return `${year}-${month}-${day}`;
  return `${month}/${day}/${year}`; // en-US short, the default (docs/product/accounts.md §9)
}

/**
 * Formats a calendar date 'YYYY-MM-DD' (or an ISO timestamp / Date) in the date format saved in the settings
 * (MM/DD/YYYY unless chosen otherwise): '11/22/2026', '22/11/2026' or '2026-11-22'. Every date the app shows
 * goes through here, so one screen never mixes two formats.
 * Date-only strings are read as calendar days, so no time zone can shift them a day.
 * Anything unparseable shows 'Invalid Date'.
 */
export function formatDate(value: string | Date | null | undefined, format: DateFormat = loadPreferences().dateFormat): string {
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
  return Number.isNaN(date.getTime()) ? INVALID_DATE_TEXT : inFormat(date, format);
}

/** A moment as its local calendar day in the saved format plus the time: '11/22/2026, 3:05 PM'. */
export function formatDateTime(value: string | Date, format: DateFormat = loadPreferences().dateFormat): string {
  const moment = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(moment.getTime())) return INVALID_DATE_TEXT;
  return `${formatDate(moment, format)}, ${timeFormatter.format(moment)}`;
}
