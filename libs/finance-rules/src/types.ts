// Domain shapes the rules compute on (spec part 2 §3). Money is integer cents; dates are 'YYYY-MM-DD'.
// The enums live once, in libs/contracts (the wire's source of truth), under their names there; an
// income's frequencies are a subset of a bill's recurrences, so BillRecurrenceValue names any repeat rule.
import type { BillCategoryValue, BillPriorityValue, BillRecurrenceValue, IncomeFrequencyValue } from '@payday/contracts';
import type { IsoDate } from './dates.js';

export interface Bill {
  id: string;
  name: string;
  amountCents: number;
  dueDate: IsoDate;
  priority: BillPriorityValue;
  category: BillCategoryValue;
  recurring: BillRecurrenceValue;
}

export interface IncomeSource {
  id: string;
  source: string;
  amountCents: number;
  frequency: IncomeFrequencyValue;
  nextDate: IsoDate;
}

/** spec part 2 §3: goal_type 'emergency_fund' is the one the dashboard uses. */
export const EMERGENCY_FUND_GOAL_TYPE = 'emergency_fund';

export interface SavingsGoal {
  goalType: string;
  currentAmountCents: number;
}
