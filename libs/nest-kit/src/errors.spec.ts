import { describe, expect, it } from 'vitest';
import { BadRequestException, NotFoundException } from '@nestjs/common';
import { z } from 'zod';
import { DomainError, ValidationFailedError, toErrorResponse } from './errors.js';

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
