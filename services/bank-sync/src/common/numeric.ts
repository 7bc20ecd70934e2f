/** PostgreSQL NUMERIC arrives as text; the API answers dollars as JSON numbers with at most 2 decimals. */
export function numericToNumber(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  const parsed = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(parsed) ? roundDollarsToCent(parsed) : null;
}

/** A dollar amount rounded to the cent, still in dollars (sums of NUMERIC(14,2) values only pick up float noise, never real third decimals). */
export function roundDollarsToCent(value: number): number {
  return Math.round(value * 100) / 100 || 0;
}

/** A timestamptz (Date from pg) as an ISO instant, or null. */
export function isoOrNull(value: Date | string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return (value instanceof Date ? value : new Date(value)).toISOString();
}
