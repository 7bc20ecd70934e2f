// Accounts for the reliability suite, made the way the product makes them: registration through auth's API,
// an admin promoted with the operators' own `admin:create` command against the stack's database.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { confirmationTokenFor } from '../../support/mail-outbox';
import { describeAnswer, refreshCookieFrom, send, type Answer } from './api';
import { databaseUrl } from './stack';

export const PASSWORD = 'Calm-Bills-2026!';

const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const run = promisify(execFile);

export interface TestUser {
  id: string;
  email: string;
  password: string;
  firstName: string;
  /** The access token of the session the user signed in (or up) with. */
  token: string;
  /** The refresh token of that session, from its cookie (undefined when the server set none). */
  refreshToken?: string;
}

/** An e-mail address no other test or run uses. */
export const uniqueEmail = (prefix: string) => `${prefix}-${Date.now()}-${randomBytes(4).toString('hex')}@example.com`;

function sessionOf(answer: Answer, what: string): { id: string; token: string; refreshToken?: string } {
  const token = answer.json?.session?.access_token;
  const id = answer.json?.user?.id;
  if (answer.status >= 300 || typeof token !== 'string' || typeof id !== 'string') throw new Error(`${what}: ${describeAnswer(answer)}`);
  return { id, token, refreshToken: refreshCookieFrom(answer) };
}

/**
 * Registers a new account through POST /api/auth/register (the registration screen's call) and, unless told
 * otherwise, confirms its address with the link sign-up mailed: invitations and admin:create need a proven one.
 */
export async function registerUser(prefix: string, firstName = 'Robin', { confirmed = true } = {}): Promise<TestUser> {
  const email = uniqueEmail(prefix);
  const answer = await send('POST', '/api/auth/register', {
    body: {
      firstName,
      lastName: 'Ledger',
      email,
      password: PASSWORD,
      phone: '555-201-3344',
      dateOfBirth: '1990-04-12',
      address: { street: '1 Main St', city: 'Austin', state: 'TX', zipCode: '73301' },
      ssn: '1234',
    },
  });
  const user = { email, password: PASSWORD, firstName, ...sessionOf(answer, `registering ${email}`) };
  if (confirmed) await confirmEmail(email);
  return user;
}

/** Opens the newest confirmation link mailed to `email`, as its owner would (the token goes in the body). */
export async function confirmEmail(email: string): Promise<void> {
  const answer = await send('POST', '/api/auth/confirm-email', { body: { token: await confirmationTokenFor(email) } });
  if (answer.status !== 200) throw new Error(`confirming ${email}: ${describeAnswer(answer)}`);
}

/** A new session of an existing account (POST /api/auth/login without two-factor). */
export async function signIn(user: Pick<TestUser, 'email' | 'password'>): Promise<{ id: string; token: string; refreshToken?: string }> {
  const answer = await send('POST', '/api/auth/login', { body: { email: user.email, password: user.password } });
  return sessionOf(answer, `signing in ${user.email}`);
}

/**
 * A new admin: registered, promoted by `services/auth/dist/cli/admin-create.js` (what `npm run admin:create`
 * runs) with the stack's DATABASE_URL, then signed in again so the access token carries the admin role.
 */
export async function createAdmin(): Promise<TestUser> {
  const user = await registerUser('admin', 'Ada');
  await run(process.execPath, [join(REPO_ROOT, 'services/auth/dist/cli/admin-create.js'), '--email', user.email, '--password', user.password], {
    cwd: REPO_ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl(), NODE_ENV: 'test' },
  });
  return { ...user, ...(await signIn(user)) };
}
