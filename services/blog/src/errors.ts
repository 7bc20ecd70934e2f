import { BLOG_MESSAGES } from '@payday/contracts';
import { domainErrorClass, type DomainErrorCatalog } from '@payday/nest-kit';

/** Blog error codes, their HTTP status and message (CONVENTIONS §5); the shared filter answers. */
export const BLOG_ERRORS = {
  ITEM_NOT_FOUND: { status: 404, message: BLOG_MESSAGES.itemNotFound },
} as const satisfies DomainErrorCatalog;
export type BlogErrorCode = keyof typeof BLOG_ERRORS;

export class BlogError extends domainErrorClass(BLOG_ERRORS) {}
