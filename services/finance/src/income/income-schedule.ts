import { incomeScheduleProblem, type IncomeScheduleFields } from '@paycadence/contracts';
import { ValidationFailedError } from '@paycadence/nest-kit';
import { numericToDollars } from '../common/money.js';
import type { IncomeSource } from './income-source.entity.js';

/** A stored (or about to be stored) row's pay schedule in the rule's terms: dollars, the lists as kept. */
export function incomeScheduleOf(income: IncomeSource): IncomeScheduleFields {
  return {
    amount: numericToDollars(income.amount),
    frequency: income.frequency,
    next_date: income.nextDate,
    pay_days: income.payDays ?? null,
    paid_months: income.paidMonths ?? null,
    low_amount: income.lowAmount == null ? null : numericToDollars(income.lowAmount),
  };
}

/**
 * Refuses a schedule that does not hold together with the answer a body the schema refused gets: 400
 * `{message, errors: {field: message}}`. The create schema checks a whole body itself; an update (the stored row
 * with the change merged in) and an accepted suggestion (detected fields with the caller's overrides) are only
 * whole here, so they are checked here, before anything is written.
 */
export function assertIncomeSchedule(income: IncomeScheduleFields): void {
  const problem = incomeScheduleProblem(income);
  if (problem) throw new ValidationFailedError({ [problem.field]: problem.message });
}
