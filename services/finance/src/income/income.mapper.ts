import type { DashboardIncome, IncomeCreateInput, IncomeSourceDto, IncomeUpdateInput } from '@payday/contracts';
import type { IncomeSource as RuleIncomeSource } from '@payday/finance-rules';
import { dollarsToNumeric, numericToCents, numericToDollars } from '../common/money.js';
import type { SharedInfo } from '../households/household-access.js';
import { dashboardShared } from '../households/shared-marker.js';
import type { IncomeSource } from './income-source.entity.js';

export function toIncomeDto(income: IncomeSource, shared?: SharedInfo): IncomeSourceDto {
  return {
    id: income.id,
    source: income.source,
    amount: numericToDollars(income.amount),
    frequency: income.frequency,
    next_date: income.nextDate,
    created_at: income.createdAt.toISOString(),
    updated_at: income.updatedAt.toISOString(),
    ...shared,
  };
}

/** The rules' shape, integer cents; it is also the dashboard answer's income row (DashboardIncome). */
export function toRuleIncome(income: IncomeSource, shared?: SharedInfo): RuleIncomeSource & DashboardIncome {
  return {
    id: income.id,
    source: income.source,
    amountCents: numericToCents(income.amount),
    frequency: income.frequency,
    nextDate: income.nextDate,
    ...(shared && { shared: dashboardShared(shared) }),
  };
}

export function incomeColumns(userId: string, input: IncomeCreateInput, suggestionId: string | null = null): Partial<IncomeSource> {
  return {
    userId,
    source: input.source,
    amount: dollarsToNumeric(input.amount),
    frequency: input.frequency,
    nextDate: input.next_date,
    householdId: input.household_id ?? null,
    suggestionId,
  };
}

export function applyIncomeUpdate(income: IncomeSource, patch: IncomeUpdateInput): IncomeSource {
  if (patch.source !== undefined) income.source = patch.source;
  if (patch.amount !== undefined) income.amount = dollarsToNumeric(patch.amount);
  if (patch.frequency !== undefined) income.frequency = patch.frequency;
  if (patch.next_date !== undefined) income.nextDate = patch.next_date;
  return income;
}
