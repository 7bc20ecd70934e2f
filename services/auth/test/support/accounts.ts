import { refreshCookieFrom, type ServiceHarness } from '@paycadence/nest-kit/testing';
import type { AuthConfig } from '../../src/config.js';

/** The password of every account these tests register. */
export const PASSWORD = 'Str0ng!Pass';

/** A complete, valid sign-up (docs/product/accounts.md §3) for `email`. */
export const registration = (email: string) => ({
  firstName: 'Ann',
  lastName: 'Lee',
  email,
  password: PASSWORD,
  phone: '(555) 123-4567',
  dateOfBirth: '1990-05-01',
  address: { street: '1 Main St', city: 'Austin', state: 'TX', zipCode: '78701' },
  ssn: '1234',
});

/**
 * Registers Ann Lee under `email` through the real sign-up route; `headers` say where from (X-Forwarded-For,
 * User-Agent). Answers the account's id, its first session and that session's refresh token (the cookie's).
 */
export async function registerAccount(h: ServiceHarness<AuthConfig>, email: string, headers: Record<string, string> = {}) {
  const answer = await h.call('POST', '/api/auth/register', { body: registration(email), headers });
  expect(answer.status).toBe(201);
  return { email, id: answer.body.user.id as string, session: answer.body.session, refreshToken: refreshCookieFrom(answer)! };
}
