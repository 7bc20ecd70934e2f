// Domain shapes the rules compute on (docs/product/signed-in.md §3). Money is integer cents; dates are 'YYYY-MM-DD'.
// The enums live once, in libs/contracts (the wire's source of truth), under their names there; an
// income's frequencies are a subset of a bill's recurrences, so BillRecurrenceValue names any repeat rule.
import type { BillCategoryValue, BillPriorityValue, BillRecurrenceValue, IncomeFrequencyValue } from '@paycadence/contracts';
import type { IsoDate } from './dates.js';

export interface Bill {
  id: string;
  name: string;
  amountCents: number;
  dueDate: IsoDate;
  priority: BillPriorityValue;
  category: BillCategoryValue;
  recurring: BillRecurrenceValue;
  /**
   * The biller changed the due day: the anchor of the old series, whose dates stay before `dueDateFrom`
   * (schedule.ts billScheduleOf). Null or absent: no change.
   */
  earlierDueDate?: IsoDate | null;
  /** The first day the new series (anchored at `dueDate`, its first date on or after this day) applies. */
  dueDateFrom?: IsoDate | null;
}

export interface IncomeSource {
  id: string;
  source: string;
  /** The typical paycheck. */
  amountCents: number;
  frequency: IncomeFrequencyValue;
  /** The next pay date as scheduled (a weekend or bank holiday pays the business day before: pay-schedule.ts). */
  nextDate: IsoDate;
  /** 'twice-monthly' only: its two days of the month, ascending (31: the last day). */
  payDays?: readonly number[] | null;
  /** The months with a paycheck, 1-12 ascending (a school year); null or absent: every month. */
  paidMonths?: readonly number[] | null;
  /** Variable income: what a lean paycheck brings. Safe to spend, the forecast and the schedule count this one. */
  lowAmountCents?: number | null;
}

/** docs/product/signed-in.md §3: goal_type 'emergency_fund' is the one the dashboard uses. */
export const EMERGENCY_FUND_GOAL_TYPE = 'emergency_fund';

export interface SavingsGoal {
  goalType: string;
  currentAmountCents: number;
}
