// The boundary between the API (dollars, a JSON number with at most 2 decimals), PostgreSQL
// (NUMERIC(12,2), which pg returns as text) and the rules (integer cents). Conversions go through the
// rules library's money helpers so nothing here rounds with floating point.
import { centsToDollars, dollarsToCents } from '@paycadence/finance-rules';

/** NUMERIC text from PostgreSQL ('19.99') to integer cents (1999). */
export function numericToCents(numeric: string): number {
  return dollarsToCents(numeric);
}

/** NUMERIC text from PostgreSQL to the API's dollars (19.99). */
export function numericToDollars(numeric: string): number {
  return centsToDollars(dollarsToCents(numeric));
}

/** Integer cents to NUMERIC text ('19.99'), built with integer arithmetic. */
export function centsToNumeric(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Cents must be a whole number, got ${cents}`);
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Validated API dollars (at most 2 decimals) to NUMERIC text. */
export function dollarsToNumeric(dollars: number): string {
  return centsToNumeric(dollarsToCents(dollars));
}
