import { BLOG_IMAGE_LIMITS, BLOG_MESSAGES } from '@paycadence/contracts';
import { domainErrorClass, type DomainErrorCatalog } from '@paycadence/nest-kit';

const MAX_IMAGE_MEGABYTES = BLOG_IMAGE_LIMITS.maxBytes / (1024 * 1024);

/** Blog error codes, their HTTP status and message (docs/conventions.md §5); the shared filter answers. */
export const BLOG_ERRORS = {
  POST_NOT_FOUND: { status: 404, message: BLOG_MESSAGES.postNotFound },
  SLUG_TAKEN: { status: 409, message: BLOG_MESSAGES.slugTaken },
  EDIT_CONFLICT: { status: 409, message: BLOG_MESSAGES.editConflict },
  IMAGE_MISSING: { status: 400, message: BLOG_MESSAGES.imageMissing },
  IMAGE_TOO_LARGE: { status: 413, message: BLOG_MESSAGES.imageTooLarge(MAX_IMAGE_MEGABYTES) },
  IMAGE_UNSUPPORTED: { status: 415, message: BLOG_MESSAGES.imageUnsupported },
  IMAGE_MISLABELLED: { status: 400, message: BLOG_MESSAGES.imageMislabelled },
  IMAGE_NOT_FOUND: { status: 404, message: BLOG_MESSAGES.imageNotFound },
} as const satisfies DomainErrorCatalog;
export type BlogErrorCode = keyof typeof BLOG_ERRORS;

export class BlogError extends domainErrorClass(BLOG_ERRORS) {}
