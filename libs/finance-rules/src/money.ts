// Money is integer cents everywhere inside this library; dollars only at the edges (forms, JSON from
// older clients). docs/product/signed-in.md §5: amounts are entered with step 0.01.

const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?$/;

/**
 * Converts a dollar amount to integer cents, rounding half away from zero on the decimal text, so
 * 19.99 -> 1999 and 1.005 -> 101 (plain `Math.round(x * 100)` gives 1998.9999... and 100.49999...).
 * Strings may carry '$', ',' and surrounding spaces ('$1,200.50'). Throws RangeError when the
 * value is not a finite amount.
 */
export function dollarsToCents(value: number | string): number {
  const text = typeof value === 'number' ? numberToPlainText(value) : value.trim().replace(/[$,\s]/g, '');
  const match = DECIMAL.exec(text);
  if (!match || (match[2] === '' && (match[3] ?? '') === '')) {
    throw new RangeError(`Invalid amount '${String(value)}'`);
  }
  const [, sign, whole = '', fraction = ''] = match;
  const digits = (fraction + '000').slice(0, 3);
  let cents = Number(whole || '0') * 100 + Number(digits.slice(0, 2));
  if (Number(digits[2]) >= 5) cents += 1;
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Amount out of range '${String(value)}'`);
  return sign === '-' && cents !== 0 ? -cents : cents;
}

export function centsToDollars(cents: number): number {
  return cents / 100;
}

/** '$1,234.56' / '-$5.00': en-US USD (docs/product/signed-in.md §1), used in tip and reasoning texts. */
export function formatCents(cents: number): string {
  const rounded = Math.round(cents);
  const abs = Math.abs(rounded);
  const dollars = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const rest = String(abs % 100).padStart(2, '0');
  return `${rounded < 0 ? '-' : ''}$${dollars}.${rest}`;
}

function numberToPlainText(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`Invalid amount '${String(value)}'`);
  // String() is the shortest text that round-trips, i.e. what the user typed; exponent forms only
  // appear for tiny or huge values, where toFixed is exact enough.
  const text = String(value);
  return /e/i.test(text) ? value.toFixed(3) : text;
}
