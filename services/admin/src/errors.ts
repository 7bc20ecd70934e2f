import { ADMIN_MESSAGES } from '@paycadence/contracts';
import { DomainError, domainErrorClass, type DomainErrorCatalog } from '@paycadence/nest-kit';

/** Admin error codes, their HTTP status and message (docs/conventions.md §5); the shared filter answers. */
export const ADMIN_ERRORS = {
  ACCOUNT_EXISTS: { status: 409, message: ADMIN_MESSAGES.accountExists },
  NOT_ON_WAITLIST: { status: 404, message: ADMIN_MESSAGES.notOnWaitlist },
  WAITLIST_ENTRY_NOT_FOUND: { status: 404, message: ADMIN_MESSAGES.waitlistEntryNotFound },
  USER_NOT_FOUND: { status: 404, message: ADMIN_MESSAGES.userNotFound },
  ADMIN_STATUS_FIXED: { status: 403, message: ADMIN_MESSAGES.adminStatusFixed },
  OWN_STATUS_FIXED: { status: 403, message: ADMIN_MESSAGES.ownStatusFixed },
  DEPENDENCY_UNAVAILABLE: { status: 503, message: ADMIN_MESSAGES.dependencyUnavailable },
} as const satisfies DomainErrorCatalog;
export type AdminErrorCode = keyof typeof ADMIN_ERRORS;

export class AdminError extends domainErrorClass(ADMIN_ERRORS) {}

/** Setting the status a user already has: 409 with the status in the message. */
export class StatusUnchangedError extends DomainError {
  constructor(status: string) {
    super('STATUS_UNCHANGED', 409, ADMIN_MESSAGES.statusUnchanged(status));
  }
}
