import { domainErrorClass, type DomainErrorCatalog } from '@paycadence/nest-kit';
import { BILL_STATUS_MESSAGES, FINANCE_MESSAGES, HOUSEHOLD_MESSAGES, LETTER_MESSAGES, PLANNER_MESSAGES, PUSH_MESSAGES } from '@paycadence/contracts';

/** Finance error codes, their HTTP status and the product's message (docs/conventions.md §5); the shared filter answers. */
export const FINANCE_ERRORS = {
  BILL_NOT_FOUND: { status: 404, message: FINANCE_MESSAGES.billNotFound },
  INCOME_NOT_FOUND: { status: 404, message: FINANCE_MESSAGES.incomeNotFound },
  SAVINGS_GOAL_NOT_FOUND: { status: 404, message: FINANCE_MESSAGES.savingsGoalNotFound },
  SUGGESTION_NOT_FOUND: { status: 404, message: FINANCE_MESSAGES.suggestionNotFound },
  SUGGESTION_NOT_PENDING: { status: 409, message: FINANCE_MESSAGES.suggestionNotPending },
  TOO_MANY_BILLS: { status: 422, message: FINANCE_MESSAGES.tooManyBills },
  TOO_MANY_INCOME_SOURCES: { status: 422, message: FINANCE_MESSAGES.tooManyIncomeSources },
  TOO_MANY_SAVINGS_GOALS: { status: 422, message: FINANCE_MESSAGES.tooManySavingsGoals },
  /** docs/product/signed-in.md §8: the full sync and its fallback both failed (bank-sync not answering). */
  BANK_SYNC_FAILED: { status: 503, message: FINANCE_MESSAGES.syncFailed },
  /** The household sent is not one the caller belongs to (never trusted from the client). */
  HOUSEHOLD_NOT_FOUND: { status: 404, message: FINANCE_MESSAGES.householdNotFound },
  /** A member (neither owner nor partner) may see the household's items but not change them. */
  SHARED_ITEM_READ_ONLY: { status: 403, message: FINANCE_MESSAGES.sharedItemReadOnly },
  /** A shared item moves to another household only by whoever added it (their data, their choice). */
  ONLY_ADDER_MOVES_ITEM: { status: 403, message: HOUSEHOLD_MESSAGES.onlyAdderMovesItem },
  /** Household did not answer, so a shared item cannot be checked; personal items still work. */
  HOUSEHOLD_UNAVAILABLE: { status: 503, message: FINANCE_MESSAGES.householdUnavailable },
  /** An unknown, revoked or malformed calendar feed token; the same bare answer for each. */
  CALENDAR_FEED_NOT_FOUND: { status: 404, message: 'Not found' },
  /** The date is not one of the bill's due dates. */
  BILL_OCCURRENCE_NOT_FOUND: { status: 404, message: BILL_STATUS_MESSAGES.notAnOccurrence },
  /** Marks are for due dates within a year of today. */
  BILL_MARK_OUT_OF_RANGE: { status: 400, message: BILL_STATUS_MESSAGES.markOutOfRange },
  /** Due-date planner (docs/due-date-planner.md): another user's move, or one that does not exist. */
  MOVE_NOT_FOUND: { status: 404, message: PLANNER_MESSAGES.moveNotFound },
  /** The person said this biller does not move due dates. */
  BILL_NOT_MOVABLE: { status: 409, message: PLANNER_MESSAGES.billNotMovable },
  /** Weekly, every two weeks and one-time bills have no day of the month to move. */
  BILL_NOT_MONTHLY: { status: 409, message: PLANNER_MESSAGES.billNotMonthly },
  MOVE_SAME_DAY: { status: 409, message: PLANNER_MESSAGES.sameDay },
  MOVE_ALREADY_OPEN: { status: 409, message: PLANNER_MESSAGES.moveOpen },
  MOVE_CONFIRMED: { status: 409, message: PLANNER_MESSAGES.confirmedFinal },
  MOVE_EFFECTIVE_DATE_RANGE: { status: 400, message: PLANNER_MESSAGES.effectiveDateRange },
  /** Nothing is mailed to an address its owner has not proved (docs/email-addresses.md). */
  LETTER_ADDRESS_UNCONFIRMED: { status: 409, message: LETTER_MESSAGES.unconfirmed },
  LETTER_NOT_SENT: { status: 503, message: LETTER_MESSAGES.failed },
  /** Reminders on devices (docs/reminders.md, Push): another user's device, or one that does not exist. */
  PUSH_DEVICE_NOT_FOUND: { status: 404, message: PUSH_MESSAGES.deviceNotFound },
  TOO_MANY_PUSH_DEVICES: { status: 409, message: PUSH_MESSAGES.tooManyDevices },
  /** An endpoint the worker may not send to: http, a private or local address (push-endpoint-policy.ts). */
  PUSH_ENDPOINT_REFUSED: { status: 400, message: PUSH_MESSAGES.endpointRefused },
} as const satisfies DomainErrorCatalog;
export type FinanceErrorCode = keyof typeof FINANCE_ERRORS;

export class FinanceError extends domainErrorClass(FINANCE_ERRORS) {}
