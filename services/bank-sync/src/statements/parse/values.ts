import { CSV_DATE_FORMATS, STATEMENT_LIMITS, isCalendarDate, type CsvDateFormat } from '@paycadence/contracts';
import { addDays } from '@paycadence/finance-rules';

// Amounts and dates as banks write them in their files. Each reader is a single pass over the cell (no
// backtracking patterns: a 5 MB file of hostile cells costs what a normal one does).

const DIGITS = /^\d+$/;

/**
 * '1,234.56', '-12.00', '(12.00)', '$12', '12.00-', '+3': a number of dollars, or null when it is not one (any letter,
 * two signs, a misplaced comma, more than two decimals). An empty cell is null too; the caller decides what that means.
 */
export function parseAmount(cell: string): number | null {
  let text = cell.trim();
  if (!text) return null;
  let negative = false;
  if (text.startsWith('(') && text.endsWith(')')) {
    negative = true;
    text = text.slice(1, -1).trim();
  }
  if (text.endsWith('-')) {
    negative = !negative;
    text = text.slice(0, -1).trim();
  }
  if (text.startsWith('-') || text.startsWith('+')) {
    if (text.startsWith('-')) negative = !negative;
    text = text.slice(1).trim();
  }
  if (text.startsWith('$')) text = text.slice(1).trim();
  const [whole, fraction, extra] = text.split('.');
  if (extra !== undefined || whole === undefined) return null;
  if (fraction !== undefined && (!DIGITS.test(fraction) || fraction.length > 2)) return null;
  const groups = whole.split(',');
  if (groups.length > 1 && (!/^\d{1,3}$/.test(groups[0]!) || groups.slice(1).some((g) => !/^\d{3}$/.test(g)))) return null;
  const digits = groups.join('');
  if (!(digits === '' ? fraction : DIGITS.test(digits))) return null;
  const cents = Number(digits || '0') * 100 + Number((fraction ?? '').padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) return null;
  const value = cents / 100;
  return negative && value !== 0 ? -value : value;
}

const SEPARATED = /^(\d{1,4})[/.-](\d{1,2})[/.-](\d{1,4})$/;

/** 'YYYY-MM-DD' from a cell in `format` ('1/5/2026' and '01/05/26' as well as '01/05/2026'), or null. */
export function parseCsvDate(cell: string, format: CsvDateFormat): string | null {
  // A time after the date ('2026-01-05 00:00:00', '01/05/2026 12:31 PM') is dropped.
  const match = SEPARATED.exec(cell.trim().split(/[ T]/, 1)[0] ?? '');
  if (!match) return null;
  const [a, b, c] = [match[1]!, match[2]!, match[3]!];
  let year: string, month: string, day: string;
  if (format === 'YYYY-MM-DD') {
    if (a.length !== 4) return null;
    [year, month, day] = [a, b, c];
  } else {
    if (c.length !== 4 && c.length !== 2) return null;
    year = c.length === 2 ? `20${c}` : c;
    [month, day] = format === 'MM/DD/YYYY' ? [a, b] : [b, a];
  }
  if (day.length > 2 || month.length > 2) return null;
  const iso = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  return isCalendarDate(iso) ? iso : null;
}

/** The formats every one of these cells reads as a real date in (empty when a cell fits none). */
export function possibleDateFormats(cells: readonly string[]): CsvDateFormat[] {
  return CSV_DATE_FORMATS.filter((format) => cells.length > 0 && cells.every((cell) => parseCsvDate(cell, format) !== null));
}

/**
 * Whether a transaction date is believable: not before STATEMENT_LIMITS.earliestDate and not after tomorrow (a bank
 * a day ahead of the server's UTC date still posts "today").
 */
export function dateInRange(iso: string, today: string): boolean {
  return iso >= STATEMENT_LIMITS.earliestDate && iso <= addDays(today, 1);
}
