import type {
  BillCategoryValue,
  BillPriorityValue,
  BillRecurrenceValue,
  ConfidenceBandValue,
  IncomeFrequencyValue,
} from '@payday/contracts';
import type { BadgeTone } from '@payday/web-kit';

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
  monthly: 'Monthly',
  quarterly: 'Quarterly',
};

/** spec part 2 §5: payment suggestion bands (90+ target, 75+ good, 60+ caution, else alert). */
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

/** spec part 2 §5: bank/server suggestion confidence 0..1: 0.9+ green, 0.7+ yellow, else red. */
export function serverConfidenceTone(confidence: number): BadgeTone {
  if (confidence >= 0.9) return 'success';
  if (confidence >= 0.7) return 'warning';
  return 'danger';
}
