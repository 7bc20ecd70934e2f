import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './database.js';

describe('isDatabaseUnavailable', () => {
  it('is true for a server shutting down, starting up or unreachable, also when TypeORM wraps it', () => {
    expect(isDatabaseUnavailable({ code: '57P01', message: 'terminating connection due to administrator command' })).toBe(true);
    expect(isDatabaseUnavailable({ message: 'x', driverError: { code: '57P03', message: 'the database system is starting up' } })).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable({ code: '08006', message: 'connection failure' })).toBe(true);
  });

  it('is false for errors of the query or the code', () => {
    expect(isDatabaseUnavailable({ code: '23505', message: 'duplicate key value violates unique constraint' })).toBe(false);
    expect(isDatabaseUnavailable({ message: 'q', driverError: { code: '22P02', message: 'invalid input syntax for type uuid' } })).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('Cannot read properties of undefined'))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});
