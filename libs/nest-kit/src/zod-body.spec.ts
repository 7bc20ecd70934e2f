import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { UNSAFE_TEXT_MESSAGE } from '@paycadence/contracts';
import { DomainError, ValidationFailedError, toErrorResponse } from './errors.js';
import { MAX_BODY_DEPTH, TOO_DEEP_MESSAGE, ZodValidationPipe } from './zod-body.js';

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationFailedError);
    return toErrorResponse(error);
  }
  throw new Error('expected a refusal');
};

describe('ZodValidationPipe and text PostgreSQL cannot store', () => {
  // A schema that lets anything through: the pipe itself must still refuse NUL and lone surrogates.
  const pipe = new ZodValidationPipe(z.any());

  it('refuses NUL anywhere in a body with a 400 naming the field', () => {
    const { status, body } = refusal(() => pipe.transform({ name: 'ok', notes: { lines: ['fine', 'bad\u0000'] } }));
    expect(status).toBe(400);
    expect(body).toEqual({ message: UNSAFE_TEXT_MESSAGE, errors: { 'notes.lines.1': UNSAFE_TEXT_MESSAGE } });
  });

  it('refuses a lone surrogate in a key or a value, and names a path parameter by its name', () => {
    expect(refusal(() => pipe.transform({ [`k\ud800`]: 1 })).status).toBe(400);
    const { body } = refusal(() => pipe.transform('id\udc00', { type: 'param', data: 'id' }));
    expect(body.errors).toEqual({ id: UNSAFE_TEXT_MESSAGE });
  });

  it('refuses a body nested deeper than MAX_BODY_DEPTH before the schema sees it, naming where', () => {
    const deep = JSON.parse(`{"content":${'['.repeat(50_000)}1${']'.repeat(50_000)}}`);
    const { status, body } = refusal(() => pipe.transform(deep));
    expect(status).toBe(400);
    expect(body.message).toBe(TOO_DEEP_MESSAGE);
    expect(Object.keys(body.errors)[0]).toBe(`content${'.0'.repeat(MAX_BODY_DEPTH - 1)}`);
    // Exactly at the limit is still a body.
    let atLimit: unknown = 1;
    for (let level = 0; level < MAX_BODY_DEPTH; level += 1) atLimit = [atLimit];
    expect(pipe.transform(atLimit)).toEqual(atLimit);
  });

  it('lets well-formed text through to the schema', () => {
    expect(pipe.transform({ name: 'Café 😀' })).toEqual({ name: 'Café 😀' });
    expect(new ZodValidationPipe(z.object({ a: z.number() })).transform({ a: 1 })).toEqual({ a: 1 });
  });
});

describe('DomainError headers', () => {
  it('are carried to the answer (e.g. Retry-After on a 429)', () => {
    class Slowed extends DomainError {
      override readonly headers = { 'Retry-After': '30' };
      constructor() {
        super('SLOWED', 429, 'Please wait 30 seconds');
      }
    }
    expect(toErrorResponse(new Slowed())).toMatchObject({ status: 429, headers: { 'Retry-After': '30' } });
  });
});

describe('an outage of PostgreSQL', () => {
  it('answers 503 with Retry-After instead of 500 (and is still logged as unexpected)', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    expect(toErrorResponse(refused)).toMatchObject({ status: 503, headers: { 'Retry-After': '5' }, unexpected: true });
    expect(toErrorResponse(new Error('a bug'))).toMatchObject({ status: 500, unexpected: true });
  });
});
