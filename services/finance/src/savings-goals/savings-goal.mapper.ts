import type { DashboardSavingsGoal, SavingsGoalCreateInput, SavingsGoalDto, SavingsGoalUpdateInput } from '@paycadence/contracts';
import type { SavingsGoal as RuleSavingsGoal } from '@paycadence/finance-rules';
import { dollarsToNumeric, numericToCents, numericToDollars } from '../common/money.js';
import type { SavingsGoal } from './savings-goal.entity.js';

export function toSavingsGoalDto(goal: SavingsGoal): SavingsGoalDto {
  return {
    id: goal.id,
    goal_type: goal.goalType,
    current_amount: numericToDollars(goal.currentAmount),
    target_amount: goal.targetAmount === null ? null : numericToDollars(goal.targetAmount),
    created_at: goal.createdAt.toISOString(),
    updated_at: goal.updatedAt.toISOString(),
  };
}

export function toRuleSavingsGoal(goal: SavingsGoal): RuleSavingsGoal {
  return { goalType: goal.goalType, currentAmountCents: numericToCents(goal.currentAmount) };
}

/** The dashboard answer's goal row: integer cents like the rest of that answer. */
export function toDashboardSavingsGoal(goal: SavingsGoal): DashboardSavingsGoal {
  return {
    id: goal.id,
    goalType: goal.goalType,
    currentAmountCents: numericToCents(goal.currentAmount),
    targetAmountCents: goal.targetAmount === null ? null : numericToCents(goal.targetAmount),
  };
}

export function savingsGoalColumns(userId: string, input: SavingsGoalCreateInput): Partial<SavingsGoal> {
  return {
    userId,
    goalType: input.goal_type,
    currentAmount: dollarsToNumeric(input.current_amount),
    targetAmount: input.target_amount === null ? null : dollarsToNumeric(input.target_amount),
  };
}

export function applySavingsGoalUpdate(goal: SavingsGoal, patch: SavingsGoalUpdateInput): SavingsGoal {
  if (patch.goal_type !== undefined) goal.goalType = patch.goal_type;
  if (patch.current_amount !== undefined) goal.currentAmount = dollarsToNumeric(patch.current_amount);
  if (patch.target_amount !== undefined) goal.targetAmount = patch.target_amount === null ? null : dollarsToNumeric(patch.target_amount);
  return goal;
}
