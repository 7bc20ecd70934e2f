import type { DashboardIncome, IncomeCreateInput, IncomeSourceDto, IncomeUpdateInput } from '@paycadence/contracts';
import type { IncomeSource as RuleIncomeSource } from '@paycadence/finance-rules';
import { dollarsToNumeric, numericToCents, numericToDollars } from '../common/money.js';
import type { SharedInfo } from '../households/household-access.js';
import { dashboardShared } from '../households/shared-marker.js';
import type { IncomeSource } from './income-source.entity.js';
import { assertIncomeSchedule } from './income-schedule.js';

export function toIncomeDto(income: IncomeSource, shared?: SharedInfo): IncomeSourceDto {
  return {
    id: income.id,
    source: income.source,
    amount: numericToDollars(income.amount),
    frequency: income.frequency,
    next_date: income.nextDate,
    pay_days: income.payDays ?? null,
    paid_months: income.paidMonths ?? null,
    low_amount: income.lowAmount == null ? null : numericToDollars(income.lowAmount),
    created_at: income.createdAt.toISOString(),
    updated_at: income.updatedAt.toISOString(),
    ...shared,
  };
}

/**
 * The rules' shape, integer cents; it is also the dashboard answer's income row (DashboardIncome). The schedule
 * fields go only on a row that has them: absent reads as steady pay every month, and most rows stay as short as
 * before (the dashboard is cached and sent whole).
 */
export function toRuleIncome(income: IncomeSource, shared?: SharedInfo): RuleIncomeSource & DashboardIncome {
  return {
    id: income.id,
    source: income.source,
    amountCents: numericToCents(income.amount),
    frequency: income.frequency,
    nextDate: income.nextDate,
    ...(income.payDays != null && { payDays: income.payDays }),
    ...(income.paidMonths != null && { paidMonths: income.paidMonths }),
    ...(income.lowAmount != null && { lowAmountCents: numericToCents(income.lowAmount) }),
    ...(shared && { shared: dashboardShared(shared) }),
  };
}

/**
 * The columns of a new income source. Every income row is created through here, so the schedule is checked here
 * too: the create route's schema already did, but an accepted suggestion merged with the caller's overrides has
 * not been (a 400, and the transaction that claimed the suggestion rolls back).
 */
export function incomeColumns(userId: string, input: IncomeCreateInput, suggestionId: string | null = null): Partial<IncomeSource> {
  assertIncomeSchedule(input);
  return {
    userId,
    source: input.source,
    amount: dollarsToNumeric(input.amount),
    frequency: input.frequency,
    nextDate: input.next_date,
    payDays: input.pay_days ? [...input.pay_days] : null,
    paidMonths: input.paid_months ? [...input.paid_months] : null,
    lowAmount: input.low_amount == null ? null : dollarsToNumeric(input.low_amount),
    householdId: input.household_id ?? null,
    suggestionId,
  };
}

/**
 * The fields sent change; null clears a schedule field (pay_days, paid_months, low_amount). The result is not
 * checked here: the caller checks the merged schedule (assertIncomeSchedule) before saving.
 */
export function applyIncomeUpdate(income: IncomeSource, patch: IncomeUpdateInput): IncomeSource {
  if (patch.source !== undefined) income.source = patch.source;
  if (patch.amount !== undefined) income.amount = dollarsToNumeric(patch.amount);
  if (patch.frequency !== undefined) income.frequency = patch.frequency;
  if (patch.next_date !== undefined) income.nextDate = patch.next_date;
  if (patch.pay_days !== undefined) income.payDays = patch.pay_days === null ? null : [...patch.pay_days];
  if (patch.paid_months !== undefined) income.paidMonths = patch.paid_months === null ? null : [...patch.paid_months];
  if (patch.low_amount !== undefined) income.lowAmount = patch.low_amount === null ? null : dollarsToNumeric(patch.low_amount);
  return income;
}
