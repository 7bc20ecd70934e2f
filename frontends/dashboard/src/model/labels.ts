import {
  LAST_DAY_OF_MONTH,
  type BillCategoryValue,
  type BillPriorityValue,
  type BillRecurrenceValue,
  type ConfidenceBandValue,
  type IncomeFrequencyValue,
} from '@paycadence/contracts';
import { formatMoney, type BadgeTone } from '@paycadence/web-kit';

export const CATEGORY_LABELS: Record<BillCategoryValue, string> = {
  utilities: 'Utilities',
  rent: 'Rent',
  insurance: 'Insurance',
  subscriptions: 'Subscriptions',
  loans: 'Loans',
  'credit-card': 'Credit card',
  'auto-payment': 'Auto payment',
  other: 'Other',
};

export const PRIORITY_LABELS: Record<BillPriorityValue, string> = { low: 'Low', medium: 'Medium', high: 'High' };
export const PRIORITY_TONES: Record<BillPriorityValue, BadgeTone> = { low: 'neutral', medium: 'info', high: 'danger' };

export const RECURRENCE_LABELS: Record<BillRecurrenceValue, string> = {
  once: 'One time',
  weekly: 'Weekly',
  biweekly: 'Every 2 weeks',
  monthly: 'Monthly',
  quarterly: 'Quarterly',
  yearly: 'Yearly',
};

export const FREQUENCY_LABELS: Record<IncomeFrequencyValue, string> = {
  weekly: 'Weekly',
  biweekly: 'Every 2 weeks',
  'twice-monthly': 'Twice a month',
  monthly: 'Monthly',
  quarterly: 'Quarterly',
};

export const MONTH_SHORT_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** A pay day as a person says it: '1st', '22nd', '30th'; 31 stands for the month's last day ('Last day'). */
export function payDayLabel(day: number): string {
  if (day >= LAST_DAY_OF_MONTH) return 'Last day';
  const tens = day % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[day % 10] ?? 'th';
  return `${day}${suffix}`;
}

/** Both pay days in a sentence: '1st and 15th', '15th and last day'. */
export function payDaysText(days: readonly number[]): string {
  const [first, second] = [...days].sort((a, b) => a - b).map(payDayLabel);
  return `${first} and ${second!.replace('Last day', 'last day')}`;
}

/**
 * Months as runs around the year, so a school year reads 'Sep–Jun' rather than 'Jan–Jun, Sep–Dec': each run is
 * [first, last], a run through December into January keeps its order (last < first).
 */
function monthRuns(months: readonly number[]): [number, number][] {
  const sorted = [...new Set(months)].sort((a, b) => a - b);
  const runs: [number, number][] = [];
  for (const month of sorted) {
    const last = runs[runs.length - 1];
    if (last && month === last[1] + 1) last[1] = month;
    else runs.push([month, month]);
  }
  if (runs.length > 1 && runs[0]![0] === 1 && runs[runs.length - 1]![1] === 12) {
    const [head] = runs.splice(0, 1);
    runs[runs.length - 1]![1] = head![1];
  }
  return runs.sort((a, b) => a[0] - b[0]);
}

/** 'Sep–Jun', 'Jul–Aug', 'Jan, Mar–Apr': months named by their short names, runs joined with an en dash. */
export function monthsText(months: readonly number[]): string {
  return monthRuns(months)
    .map(([from, to]) => (from === to ? MONTH_SHORT_NAMES[from - 1] : `${MONTH_SHORT_NAMES[from - 1]}–${MONTH_SHORT_NAMES[to - 1]}`))
    .join(', ');
}

/** 'paid Sep–Jun (no pay Jul–Aug)'; null when every month pays. */
export function paidMonthsText(paidMonths: readonly number[] | null | undefined): string | null {
  if (!paidMonths || paidMonths.length === 0 || paidMonths.length >= 12) return null;
  const unpaid = Array.from({ length: 12 }, (_, i) => i + 1).filter((m) => !paidMonths.includes(m));
  return `paid ${monthsText(paidMonths)} (no pay ${monthsText(unpaid)})`;
}

/** Whole dollars without cents when there are none: '$1,200', '$1,200.50'. */
const shortMoney = (cents: number) => formatMoney(cents / 100).replace(/\.00$/, '');

/** The schedule fields of an income row, as the dashboard answers them. */
export interface IncomeScheduleRow {
  frequency: IncomeFrequencyValue;
  amountCents: number;
  payDays?: readonly number[] | null;
  paidMonths?: readonly number[] | null;
  lowAmountCents?: number | null;
}

/**
 * An income's schedule in words: 'Twice a month · 15th and last day', 'Monthly · paid Sep–Jun (no pay Jul–Aug)',
 * and for variable pay a second line 'Varies · $1,200–$2,400' (the low paycheck to the typical one).
 */
export function incomeScheduleText(row: IncomeScheduleRow): { schedule: string; varies: string | null } {
  const parts: string[] = [FREQUENCY_LABELS[row.frequency]];
  if (row.frequency === 'twice-monthly' && row.payDays && row.payDays.length === 2) parts.push(payDaysText(row.payDays));
  const paid = paidMonthsText(row.paidMonths);
  if (paid) parts.push(paid);
  const low = row.lowAmountCents;
  const varies = low !== null && low !== undefined ? `Varies · ${shortMoney(low)}–${shortMoney(row.amountCents)}` : null;
  return { schedule: parts.join(' · '), varies };
}

/** docs/product/signed-in.md §5: payment suggestion bands (90+ target, 75+ good, 60+ caution, else alert). */
export const BAND_LABELS: Record<ConfidenceBandValue, string> = {
  target: 'On target',
  good: 'Good timing',
  caution: 'Use caution',
  alert: 'Tight timing',
};
export const BAND_TONES: Record<ConfidenceBandValue, BadgeTone> = {
  target: 'success',
  good: 'primary',
  caution: 'warning',
  alert: 'danger',
};

/** docs/product/signed-in.md §5: bank/server suggestion confidence 0..1: 0.9+ green, 0.7+ yellow, else red. */
export function serverConfidenceTone(confidence: number): BadgeTone {
  if (confidence >= 0.9) return 'success';
  if (confidence >= 0.7) return 'warning';
  return 'danger';
}
