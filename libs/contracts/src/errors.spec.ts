import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldErrors } from './errors.js';
import { SERVICE_ROUTES } from './routes.js';

describe('fieldErrors', () => {
  const schema = z
    .object({ name: z.string().min(1, 'Name is required'), address: z.object({ zipCode: z.string().regex(/^\d{5}$/, 'Please enter a valid ZIP code') }) })
    .strict();

  it('keys messages by field path, first message per field', () => {
    const error = schema.safeParse({ name: '', address: { zipCode: 'abc' } }).error!;
    expect(fieldErrors(error)).toEqual({ name: 'Name is required', 'address.zipCode': 'Please enter a valid ZIP code' });
  });

  it('names each unknown field instead of a nameless error', () => {
    const error = schema.safeParse({ name: 'x', address: { zipCode: '12345' }, role: 'admin' }).error!;
    expect(fieldErrors(error)).toEqual({ role: 'Unknown field "role"' });
  });
});

describe('SERVICE_ROUTES', () => {
  it('lists each route once as METHOD /path', () => {
    const all = Object.values(SERVICE_ROUTES).flat();
    expect(new Set(all).size).toBe(all.length);
    for (const route of all) expect(route).toMatch(/^(GET|POST|PUT|DELETE) \/[a-z0-9/{}.\-_A-Z]+$/);
  });
});
