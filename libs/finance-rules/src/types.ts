// Domain shapes shared by the finance service and the dashboard (spec part 2 §3). Money is integer
// cents; dates are 'YYYY-MM-DD'. The enums live once, in libs/contracts (the wire's source of truth);
// the names below are the same lists, re-exported for the rules.
import type { BillCategoryValue, BillPriorityValue, BillRecurrenceValue, IncomeFrequencyValue } from '@payday/contracts';
import type { IsoDate } from './dates.js';

export {
  BILL_CATEGORY_VALUES as BILL_CATEGORIES,
  BILL_PRIORITY_VALUES as BILL_PRIORITIES,
  BILL_RECURRENCE_VALUES as BILL_RECURRENCES,
  INCOME_FREQUENCY_VALUES as INCOME_FREQUENCIES,
} from '@payday/contracts';

export type BillPriority = BillPriorityValue;
export type BillCategory = BillCategoryValue;
export type BillRecurrence = BillRecurrenceValue;
export type IncomeFrequency = IncomeFrequencyValue;

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
