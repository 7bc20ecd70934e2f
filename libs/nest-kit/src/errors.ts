import {
  ArgumentsHost,
  Catch,
  ExceptionFilter,
  HttpException,
  HttpStatus,
  type LoggerService,
} from '@nestjs/common';
import { ZodError } from 'zod';
import { fieldErrors } from '@paycadence/contracts';
import { isDatabaseUnavailable } from './database.js';

/** What a domain error code answers: its HTTP status, the product's message and, where docs/product asks, extra fields. */
export interface DomainErrorSpec {
  status: number;
  message: string;
  /** Fields docs/product puts in the answer before `message` (e.g. `{success: false, error}`). */
  fields?: Record<string, unknown>;
}

/**
 * A service's error codes and their answers (docs/conventions.md §5). Each service declares one, e.g.
 * `FINANCE_ERRORS = {BILL_NOT_FOUND: {status: 404, message: ...}} satisfies DomainErrorCatalog`, and one
 * `class FinanceError extends domainErrorClass(FINANCE_ERRORS) {}` taking a code of it; the shared filter
 * writes the answer.
 */
export type DomainErrorCatalog<Code extends string = string> = Record<Code, DomainErrorSpec>;

/**
 * The product's refusal shape for steps the screens read as results (docs/product/accounts.md §7): `{success: false, error}`,
 * plus `message` like every error answer.
 */
export function refusalFields(message: string): Record<string, unknown> {
  return { success: false, error: message };
}

/**
 * A domain error with a stable code; services throw these and the filter maps them to HTTP
 * (docs/conventions.md §5). `status` is the HTTP status, `message` the user-facing text.
 */
export class DomainError extends Error {
  /** Response headers the answer carries (e.g. `Retry-After` on a 429); a subclass sets them. */
  readonly headers?: Record<string, string>;

  constructor(
    readonly code: string,
    readonly status: number,
    message: string,
    readonly errors?: Record<string, string>,
    readonly fields?: Record<string, unknown>,
  ) {
    super(message);
  }
}

/**
 * A refusal's wait (429: a limit spent) in whole seconds, at least 1: in `Retry-After` and in the body's
 * `retryAfterSeconds` (a script need not parse the text). A DomainError subclass takes `headers` and `fields`.
 */
export function retryAfter(waitSeconds: number): { seconds: number; headers: Record<string, string>; fields: Record<string, unknown> } {
  const seconds = Math.max(1, Math.ceil(waitSeconds));
  return { seconds, headers: { 'retry-after': String(seconds) }, fields: { retryAfterSeconds: seconds } };
}

/**
 * The base of a service's error class over its catalog: `new XxxError(code, errors?)` carries the code's
 * status, message and extra fields. Extend it with a named class (`class FinanceError extends
 * domainErrorClass(FINANCE_ERRORS) {}`) so `instanceof` and stack traces name the service.
 */
export function domainErrorClass<Code extends string>(catalog: DomainErrorCatalog<Code>) {
  return class CatalogError extends DomainError {
    declare readonly code: Code;

    constructor(code: Code, errors?: Record<string, string>) {
      const spec = catalog[code];
      super(code, spec.status, spec.message, errors, spec.fields);
    }
  };
}

export class ValidationFailedError extends DomainError {
  constructor(
    errors: Record<string, string>,
    message = Object.values(errors)[0] ?? 'Invalid request',
    fields?: Record<string, unknown>,
  ) {
    super('VALIDATION_FAILED', 400, message, errors, fields);
  }

  /** The same failure answered in the product's refusal shape `{success: false, error, message, errors}`. */
  static asRefusal(errors: Record<string, string>): ValidationFailedError {
    const message = Object.values(errors)[0] ?? 'Invalid request';
    return new ValidationFailedError(errors, message, refusalFields(message));
  }
}

interface ErrorBody {
  [field: string]: unknown;
  message: string;
  errors?: Record<string, string>;
}

/** Fastify's own request errors (bad JSON, body too large, wrong content type) and what we answer. */
const FASTIFY_ERRORS: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: 'Request body is too large' },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: 'Request body must be valid JSON' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: 'Request body must not be empty' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: 'Unsupported content type; send application/json' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: 'Invalid Content-Length header' },
};

/**
 * The answer for one of Fastify's request errors, whether it arrives as it is or, as Nest's Fastify adapter
 * hands every Fastify error below 500 to the filter, wrapped in an HttpException whose cause it is.
 */
function fastifyErrorAnswer(exception: unknown): { status: number; message: string } | undefined {
  for (const candidate of [exception, (exception as { cause?: unknown } | null)?.cause]) {
    const code = (candidate as { code?: unknown } | null | undefined)?.code;
    if (typeof code === 'string' && Object.hasOwn(FASTIFY_ERRORS, code)) return FASTIFY_ERRORS[code];
  }
  return undefined;
}

export function toErrorResponse(exception: unknown): {
  status: number;
  body: ErrorBody;
  unexpected: boolean;
  headers?: Record<string, string>;
} {
  if (exception instanceof DomainError) {
    return {
      status: exception.status,
      headers: exception.headers,
      body: {
        ...exception.fields,
        message: exception.message,
        ...(exception.errors ? { errors: exception.errors } : {}),
      },
      unexpected: false,
    };
  }
  if (exception instanceof ZodError) {
    const errors = fieldErrors(exception);
    return { status: 400, body: { message: Object.values(errors)[0] ?? 'Invalid request', errors }, unexpected: false };
  }
  const fastifyError = fastifyErrorAnswer(exception);
  if (fastifyError) return { status: fastifyError.status, body: { message: fastifyError.message }, unexpected: false };
  if (exception instanceof HttpException) {
    const response = exception.getResponse();
    const message =
      typeof response === 'string'
        ? response
        : typeof (response as { message?: unknown }).message === 'string'
          ? ((response as { message: string }).message)
          : exception.message;
    return { status: exception.getStatus(), body: { message }, unexpected: false };
  }
  // PostgreSQL restarting or unreachable is an outage, not our bug: 503 with a retry hint (still logged).
  if (isDatabaseUnavailable(exception)) {
    return {
      status: HttpStatus.SERVICE_UNAVAILABLE,
      body: { message: 'The service is briefly unavailable. Please try again.' },
      headers: { 'Retry-After': '5' },
      unexpected: true,
    };
  }
  // Redis unreachable (the throttles fail closed): the same "try later" as PostgreSQL's outage above; still
  // logged as unexpected.
  if (isRedisUnavailable(exception)) {
    return { status: 503, body: { message: 'The service is briefly unavailable. Please try again.' }, headers: { 'Retry-After': '5' }, unexpected: true };
  }
  return { status: HttpStatus.INTERNAL_SERVER_ERROR, body: { message: 'Internal server error' }, unexpected: true };
}

/**
 * ioredis gave up on a command because Redis is unreachable: its retries per request ran out, the connection
 * is closed, or the offline queue is off while disconnected. Never a script or reply error (those are bugs).
 */
export function isRedisUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'MaxRetriesPerRequestError') return true;
  return error.message.startsWith('Connection is closed') || error.message.startsWith("Stream isn't writeable");
}

/** Validation failures become 400 `{message, errors}`; anything unknown a bare 500 with no internals. */
@Catch()
export class HttpErrorFilter implements ExceptionFilter {
  constructor(private readonly logger: LoggerService) {}

  catch(exception: unknown, host: ArgumentsHost) {
    const reply = host.switchToHttp().getResponse();
    const { status, body, unexpected, headers } = toErrorResponse(exception);
    if (unexpected) this.logger.error(exception instanceof Error ? exception : String(exception), 'HttpErrorFilter');
    for (const [name, value] of Object.entries(headers ?? {})) reply.header(name, value);
    reply.status(status).header('content-type', 'application/json; charset=utf-8').send(JSON.stringify(body));
  }
}
