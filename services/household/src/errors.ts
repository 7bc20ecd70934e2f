import { HOUSEHOLD_MESSAGES } from '@payday/contracts';
import { domainErrorClass, type DomainErrorCatalog } from '@payday/nest-kit';

/** Household error codes, their HTTP status and message (CONVENTIONS §5); the shared filter answers. */
export const HOUSEHOLD_ERRORS = {
  ITEM_NOT_FOUND: { status: 404, message: HOUSEHOLD_MESSAGES.itemNotFound },
} as const satisfies DomainErrorCatalog;
export type HouseholdErrorCode = keyof typeof HOUSEHOLD_ERRORS;

export class HouseholdError extends domainErrorClass(HOUSEHOLD_ERRORS) {}
