// Domain shapes shared by the finance service and the dashboard (spec part 2 §3). Money is integer
// cents; dates are 'YYYY-MM-DD'.
import type { IsoDate } from './dates.js';

export const BILL_PRIORITIES = ['low', 'medium', 'high'] as const;
export type BillPriority = (typeof BILL_PRIORITIES)[number];

export const BILL_CATEGORIES = [
  'utilities', 'rent', 'insurance', 'subscriptions', 'loans', 'credit-card', 'auto-payment', 'other',
] as const;
export type BillCategory = (typeof BILL_CATEGORIES)[number];

export const BILL_RECURRENCES = ['once', 'weekly', 'biweekly', 'monthly', 'quarterly', 'yearly'] as const;
export type BillRecurrence = (typeof BILL_RECURRENCES)[number];

export const INCOME_FREQUENCIES = ['weekly', 'biweekly', 'monthly', 'quarterly'] as const;
export type IncomeFrequency = (typeof INCOME_FREQUENCIES)[number];

/** Any repeat rule a bill or an income can have. */
export type Recurrence = BillRecurrence;

export interface Bill {
  id: string;
  name: string;
  amountCents: number;
  dueDate: IsoDate;
  priority: BillPriority;
  category: BillCategory;
  recurring: BillRecurrence;
}

export interface IncomeSource {
  id: string;
  source: string;
  amountCents: number;
  frequency: IncomeFrequency;
  nextDate: IsoDate;
}

/** spec part 2 §3: goal_type 'emergency_fund' is the one the dashboard uses. */
export const EMERGENCY_FUND_GOAL_TYPE = 'emergency_fund';

export interface SavingsGoal {
  goalType: string;
  currentAmountCents: number;
}
