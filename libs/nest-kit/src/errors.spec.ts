import { describe, expect, it } from 'vitest';
import { BadRequestException, NotFoundException } from '@nestjs/common';
import { z } from 'zod';
import {
  DomainError,
  ValidationFailedError,
  domainErrorClass,
  refusalFields,
  toErrorResponse,
  type DomainErrorCatalog,
} from './errors.js';

describe('toErrorResponse', () => {
  it('turns a domain error into its status and message', () => {
    expect(toErrorResponse(new DomainError('BILL_NOT_FOUND', 404, 'Bill not found'))).toEqual({
      status: 404,
      body: { message: 'Bill not found' },
      unexpected: false,
    });
  });

  it('turns validation failures into 400 {message, errors}', () => {
    const { status, body } = toErrorResponse(new ValidationFailedError({ name: 'Name is required' }));
    expect(status).toBe(400);
    expect(body).toEqual({ message: 'Name is required', errors: { name: 'Name is required' } });

    const zodError = z.object({ amount: z.number({ error: 'Amount must be a number' }) }).safeParse({}).error!;
    expect(toErrorResponse(zodError).body).toEqual({
      message: 'Amount must be a number',
      errors: { amount: 'Amount must be a number' },
    });
  });

  it('keeps the message of Nest HTTP exceptions', () => {
    expect(toErrorResponse(new NotFoundException('Cannot GET /nope')).body).toEqual({ message: 'Cannot GET /nope' });
    expect(toErrorResponse(new BadRequestException({ message: 'Bad thing' })).status).toBe(400);
  });

  it('hides everything about unknown errors behind a bare 500', () => {
    const result = toErrorResponse(new Error('duplicate key value violates unique constraint "users_pkey"'));
    expect(result).toEqual({ status: 500, body: { message: 'Internal server error' }, unexpected: true });
  });
});

describe('error catalogs (one code enum per service)', () => {
  const CATALOG = {
    THING_NOT_FOUND: { status: 404, message: 'Thing not found' },
    STEP_REFUSED: { status: 409, message: 'Already done', fields: refusalFields('Already done') },
    CODE_INVALID: { status: 401, message: 'Invalid code', fields: { valid: false } },
  } as const satisfies DomainErrorCatalog;
  class ThingError extends domainErrorClass(CATALOG) {}

  it("builds a named DomainError class whose instances carry the code's status, message, fields and field errors", () => {
    const error = new ThingError('CODE_INVALID', { code: 'Invalid code' });
    expect(error).toBeInstanceOf(ThingError);
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ code: 'CODE_INVALID', status: 401, message: 'Invalid code', fields: { valid: false }, errors: { code: 'Invalid code' } });
    expect(ThingError.name).toBe('ThingError');
  });

  it('answers a code with its status and message only', () => {
    expect(toErrorResponse(new ThingError('THING_NOT_FOUND'))).toEqual({ status: 404, body: { message: 'Thing not found' }, unexpected: false });
  });

  it("puts the product's extra fields first, in order, then the message and field errors", () => {
    const { status, body } = toErrorResponse(new ThingError('STEP_REFUSED'));
    expect(status).toBe(409);
    expect(JSON.stringify(body)).toBe('{"success":false,"error":"Already done","message":"Already done"}');
    expect(JSON.stringify(toErrorResponse(new ThingError('CODE_INVALID')).body)).toBe('{"valid":false,"message":"Invalid code"}');
  });

  it('answers a validation failure in the refusal shape when the route asks for it', () => {
    const { status, body } = toErrorResponse(ValidationFailedError.asRefusal({ ssn: 'SSN must be 4 digits' }));
    expect(status).toBe(400);
    expect(JSON.stringify(body)).toBe(
      '{"success":false,"error":"SSN must be 4 digits","message":"SSN must be 4 digits","errors":{"ssn":"SSN must be 4 digits"}}',
    );
  });
});

describe('an outage answers 503 with Retry-After, not 500', () => {
  it('a real ioredis command that gave up on an unreachable Redis', async () => {
    const { Redis } = await import('ioredis');
    // Port 1: nothing listens; no retries, so the command fails at once the way a long outage ends it.
    const redis = new Redis({ host: '127.0.0.1', port: 1, maxRetriesPerRequest: 0, retryStrategy: () => null, lazyConnect: true });
    const failure = await redis.eval('return 1', 0).catch((error: unknown) => error);
    redis.disconnect();
    expect(failure).toBeInstanceOf(Error);
    expect(toErrorResponse(failure)).toMatchObject({ status: 503, headers: { 'Retry-After': '5' }, unexpected: true });
  });

  it('a PostgreSQL restarting, but not a script bug or a plain error', () => {
    expect(toErrorResponse({ code: '57P01', message: 'terminating connection due to administrator command' }).status).toBe(503);
    expect(toErrorResponse(new Error('ERR Error running script')).status).toBe(500);
    expect(toErrorResponse(new TypeError('x is undefined')).status).toBe(500);
  });
});
