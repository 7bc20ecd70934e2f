import { ADMIN_MESSAGES } from '@payday/contracts';
import { domainErrorClass, type DomainErrorCatalog } from '@payday/nest-kit';

/** Admin error codes, their HTTP status and message (CONVENTIONS §5); the shared filter answers. */
export const ADMIN_ERRORS = {
  ITEM_NOT_FOUND: { status: 404, message: ADMIN_MESSAGES.itemNotFound },
} as const satisfies DomainErrorCatalog;
export type AdminErrorCode = keyof typeof ADMIN_ERRORS;

export class AdminError extends domainErrorClass(ADMIN_ERRORS) {}
