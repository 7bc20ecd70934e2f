import { DomainError, type DomainErrorCatalog } from '@payday/nest-kit';
import { FINANCE_MESSAGES } from '@payday/contracts';

/** Finance error codes, their HTTP status and the spec's message (CONVENTIONS §5); the shared filter answers. */
export const FINANCE_ERRORS = {
  BILL_NOT_FOUND: { status: 404, message: FINANCE_MESSAGES.billNotFound },
  INCOME_NOT_FOUND: { status: 404, message: FINANCE_MESSAGES.incomeNotFound },
  SAVINGS_GOAL_NOT_FOUND: { status: 404, message: FINANCE_MESSAGES.savingsGoalNotFound },
  SUGGESTION_NOT_FOUND: { status: 404, message: FINANCE_MESSAGES.suggestionNotFound },
  SUGGESTION_NOT_PENDING: { status: 409, message: FINANCE_MESSAGES.suggestionNotPending },
  TOO_MANY_BILLS: { status: 422, message: FINANCE_MESSAGES.tooManyBills },
  TOO_MANY_INCOME_SOURCES: { status: 422, message: FINANCE_MESSAGES.tooManyIncomeSources },
  TOO_MANY_SAVINGS_GOALS: { status: 422, message: FINANCE_MESSAGES.tooManySavingsGoals },
} as const satisfies DomainErrorCatalog;
export type FinanceErrorCode = keyof typeof FINANCE_ERRORS;

export class FinanceError extends DomainError {
  constructor(code: FinanceErrorCode) {
    super(code, FINANCE_ERRORS[code].status, FINANCE_ERRORS[code].message);
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
