import { DomainError } from '@payday/nest-kit';
import { FINANCE_MESSAGES } from '@payday/contracts';

/** Finance error codes and their HTTP status (CONVENTIONS §5); the shared filter writes `{message}`. */
export const FINANCE_ERROR_STATUS = {
  BILL_NOT_FOUND: 404,
  INCOME_NOT_FOUND: 404,
  SAVINGS_GOAL_NOT_FOUND: 404,
  SUGGESTION_NOT_FOUND: 404,
  SUGGESTION_NOT_PENDING: 409,
  TOO_MANY_BILLS: 422,
  TOO_MANY_INCOME_SOURCES: 422,
  TOO_MANY_SAVINGS_GOALS: 422,
} as const;
export type FinanceErrorCode = keyof typeof FINANCE_ERROR_STATUS;

const MESSAGES: Record<FinanceErrorCode, string> = {
  BILL_NOT_FOUND: FINANCE_MESSAGES.billNotFound,
  INCOME_NOT_FOUND: FINANCE_MESSAGES.incomeNotFound,
  SAVINGS_GOAL_NOT_FOUND: FINANCE_MESSAGES.savingsGoalNotFound,
  SUGGESTION_NOT_FOUND: FINANCE_MESSAGES.suggestionNotFound,
  SUGGESTION_NOT_PENDING: FINANCE_MESSAGES.suggestionNotPending,
  TOO_MANY_BILLS: FINANCE_MESSAGES.tooManyBills,
  TOO_MANY_INCOME_SOURCES: FINANCE_MESSAGES.tooManyIncomeSources,
  TOO_MANY_SAVINGS_GOALS: FINANCE_MESSAGES.tooManySavingsGoals,
};

export class FinanceError extends DomainError {
  constructor(readonly financeCode: FinanceErrorCode) {
    super(financeCode, FINANCE_ERROR_STATUS[financeCode], MESSAGES[financeCode]);
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Row ids are UUIDs. A malformed id cannot name any row, so it answers the same 404 as someone else's id
 * (never a 400 that would tell the two apart, never a database cast error).
 */
export function isRowId(id: string): boolean {
  return UUID.test(id);
}
