import type {
  BillCategoryValue as BillCategory,
  BillPriorityValue as BillPriority,
  BillRecurrenceValue as BillRecurrence,
  ConfidenceBandValue as ConfidenceBand,
  IncomeFrequencyValue as IncomeFrequency,
} from '@payday/contracts';
import type { BadgeTone } from '@payday/web-kit';

export const CATEGORY_LABELS: Record<BillCategory, string> = {
  utilities: 'Utilities',
  rent: 'Rent',
  insurance: 'Insurance',
  subscriptions: 'Subscriptions',
  loans: 'Loans',
  'credit-card': 'Credit card',
  'auto-payment': 'Auto payment',
  other: 'Other',
};

export const PRIORITY_LABELS: Record<BillPriority, string> = { low: 'Low', medium: 'Medium', high: 'High' };
export const PRIORITY_TONES: Record<BillPriority, BadgeTone> = { low: 'neutral', medium: 'info', high: 'danger' };

export const RECURRENCE_LABELS: Record<BillRecurrence, string> = {
  once: 'One time',
  weekly: 'Weekly',
  biweekly: 'Every 2 weeks',
  monthly: 'Monthly',
  quarterly: 'Quarterly',
  yearly: 'Yearly',
};

export const FREQUENCY_LABELS: Record<IncomeFrequency, string> = {
  weekly: 'Weekly',
  biweekly: 'Every 2 weeks',
  monthly: 'Monthly',
  quarterly: 'Quarterly',
};

/** spec part 2 §5: payment suggestion bands (90+ target, 75+ good, 60+ caution, else alert). */
export const BAND_LABELS: Record<ConfidenceBand, string> = {
  target: 'On target',
  good: 'Good timing',
  caution: 'Use caution',
  alert: 'Tight timing',
};
export const BAND_TONES: Record<ConfidenceBand, BadgeTone> = {
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
