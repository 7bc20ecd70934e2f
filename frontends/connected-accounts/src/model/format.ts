import { transactionCategoryLabel } from '@paycadence/contracts';
import { formatMoney } from '@paycadence/web-kit';
import type { BadgeTone } from '@paycadence/web-kit';

/** docs/product/signed-in.md §5: bank and server suggestion confidence (0 to 1): 0.9 and up green, 0.7 and up yellow, else red. */
export function confidenceTone(confidence: number): Extract<BadgeTone, 'success' | 'warning' | 'danger'> {
  if (confidence >= 0.9) return 'success';
  if (confidence >= 0.7) return 'warning';
  return 'danger';
}

/** The number next to the colour (colour alone tells nothing to some readers): '92%'. */
export const percent = (fraction: number) => `${Math.round(Math.max(0, Math.min(1, fraction)) * 100)}%`;

/** Transaction amounts carry Plaid's sign: negative is money in, positive money out (docs/product/signed-in.md §3). */
export function signedTransactionAmount(amount: number): { text: string; direction: 'income' | 'expense' } {
  return amount < 0 ? { text: `+${formatMoney(-amount)}`, direction: 'income' } : { text: `−${formatMoney(amount)}`, direction: 'expense' };
}

/**
 * docs/product/signed-in.md §3: a transaction's category as the analytics label it (contracts' transactionCategoryLabel):
 * Plaid's legacy name first, else its code as words ('FOOD_AND_DRINK' → 'Food and Drink'), else 'Other'.
 */
export function categoryLabel(category: readonly string[] | string | null | undefined): string {
  return transactionCategoryLabel(typeof category === 'string' ? [category] : category);
}

const monthFormatter = new Intl.DateTimeFormat('en-US', { month: 'short', year: '2-digit', timeZone: 'UTC' });
/** 'YYYY-MM' → "Jun '26"-like short label for the chart axis. */
export function monthLabel(month: string): string {
  const [year, mon] = month.split('-').map(Number);
  if (!year || !mon) return month;
  return monthFormatter.format(new Date(Date.UTC(year, mon - 1, 1)));
}

/** 'semi-monthly' → 'Semi-monthly'; 'credit-card' → 'Credit card'. */
export function humanize(value: string): string {
  const text = value === 'semi-monthly' ? value : value.replaceAll('-', ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export { formatMoney };
