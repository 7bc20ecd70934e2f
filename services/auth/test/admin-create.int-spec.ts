import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { systemClock } from '@paycadence/nest-kit';
import { EMAIL_CONFIRMATION_MESSAGES } from '@paycadence/contracts';
import { refreshCookieFrom, refreshHeaders, startServiceHarness, type ServiceHarness } from '@paycadence/nest-kit/testing';
import { ADMIN_CREATE_USAGE, runAdminCreate } from '../src/cli/admin-create.command.js';
import type { AuthConfig } from '../src/config.js';
import { serviceDefinition } from '../src/service-definition.js';

// `npm run admin:create`'s entry against the real PostgreSQL: a fresh schema of its own (its migrations run
// by the command), and the running service's schema, where the new admin then signs in.
const dataDir = mkdtempSync(join(tmpdir(), 'auth-cli-'));
const TEST_ENV = {
  NODE_ENV: 'test',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  ARGON2_MEMORY_KIB: '1024',
  ARGON2_TIME_COST: '1',
  SMTP_URL: '',
  JWT_PRIVATE_KEY: '',
  ENCRYPTION_KEY: '',
  ADMIN_EMAIL: '',
  ADMIN_PASSWORD: '',
};
let h: ServiceHarness<AuthConfig>;
let cliOnlySchema: string;

beforeAll(async () => {
  // The real time: the service checks its tokens' expiry against it.
  h = await startServiceHarness(serviceDefinition, { clock: systemClock, env: TEST_ENV });
  cliOnlySchema = `${h.schema}_cli`;
});
afterAll(async () => {
  await h?.db.query(`DROP SCHEMA IF EXISTS "${cliOnlySchema}" CASCADE`);
  await h?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const adminCreate = (...args: string[]) =>
  runAdminCreate(args, { ...process.env, ...TEST_ENV, DATABASE_URL: h.config.DATABASE_URL, REDIS_URL: h.config.REDIS_URL });

function registration(email: string) {
  return {
    firstName: 'Ann',
    lastName: 'Lee',
    email,
    password: 'Str0ng!Pass',
    phone: '(555) 123-4567',
    dateOfBirth: '1990-05-01',
    address: { street: '1 Main St', city: 'Austin', state: 'TX', zipCode: '78701' },
    ssn: '1234',
  };
}

let ip = 0;
const login = (email: string, password: string) =>
  h.call('POST', '/api/auth/login', { body: { email, password }, headers: { 'x-forwarded-for': `198.51.100.${++ip}` } });

describe('admin:create (services/auth/src/cli)', () => {
  it('migrates a schema that does not exist yet and creates the admin in it', async () => {
    const outcome = await adminCreate('--email', 'First@Example.com', '--password', 'secret1', '--schema', cliOnlySchema);
    expect(outcome).toEqual({ exitCode: 0, message: expect.stringMatching(/^Created admin first@example\.com \([0-9a-f-]{36}\)\.$/) });
    const { rows } = await h.db.query(`SELECT email, role, status, first_name, password_hash FROM "${cliOnlySchema}".users`);
    expect(rows).toEqual([{ email: 'first@example.com', role: 'admin', status: 'active', first_name: 'Admin', password_hash: expect.stringMatching(/^\$argon2id\$/) }]);
  });

  it('creates an admin who then signs in to the service with that password', async () => {
    const outcome = await adminCreate('--email', 'boss@example.com', '--password', 'Adm1n!', '--schema', h.schema);
    expect(outcome.exitCode).toBe(0);
    const signedIn = await login('boss@example.com', 'Adm1n!');
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user).toMatchObject({ email: 'boss@example.com', role: 'admin', firstName: 'Admin' });
  });

  it('never promotes an account whose address is unconfirmed: anybody can register the operator\'s address first', async () => {
    const registered = await h.call('POST', '/api/auth/register', { body: registration('squatter@example.com') });
    expect(registered.status).toBe(201);
    const outcome = await adminCreate('--email', 'squatter@example.com', '--password', 'new-pass', '--schema', h.schema);
    expect(outcome).toEqual({ exitCode: 1, message: EMAIL_CONFIRMATION_MESSAGES.requiredForAdmin('squatter@example.com') });
    const { rows } = await h.db.query(`SELECT role FROM "${h.schema}".users WHERE email = 'squatter@example.com'`);
    expect(rows).toEqual([{ role: 'user' }]);
    // The password the registrant chose still works, and still signs in as a plain user.
    expect((await login('squatter@example.com', 'Str0ng!Pass')).body.user).toMatchObject({ role: 'user' });
  });

  it('promotes a confirmed account, sets the given password and ends every session it had', async () => {
    const registered = await h.call('POST', '/api/auth/register', { body: registration('ann@example.com') });
    expect(registered.status).toBe(201);
    const oldAccess = registered.body.session.access_token as string;
    const oldRefresh = refreshCookieFrom(registered)!;
    // The owner opened the link mailed to the address (that flow: email-confirmation.int-spec.ts).
    await h.db.query(`UPDATE "${h.schema}".users SET email_confirmed_at = now() WHERE id = $1`, [registered.body.user.id]);
    expect((await h.call('GET', '/api/auth/me', { token: oldAccess })).status).toBe(200);

    const outcome = await adminCreate('--email', ' ANN@example.com ', '--password', 'new-pass', '--schema', h.schema);
    expect(outcome).toEqual({
      exitCode: 0,
      message: `Promoted ann@example.com (${registered.body.user.id}) to admin, set the given password and ended its sessions.`,
    });
    // The sessions from before are over: the access token at once (announced over Redis), the refresh for good.
    expect((await h.call('GET', '/api/auth/me', { token: oldAccess })).status).toBe(401);
    expect((await h.call('POST', '/api/auth/refresh', { body: {}, headers: refreshHeaders(oldRefresh) })).status).toBe(401);
    expect((await login('ann@example.com', 'Str0ng!Pass')).status).toBe(401);
    const signedIn = await login('ann@example.com', 'new-pass');
    expect(signedIn.status).toBe(200);
    // Promotion keeps the account: same id, same profile.
    expect(signedIn.body.user).toMatchObject({ id: registered.body.user.id, role: 'admin', firstName: 'Ann', email_confirmed: true });
  });

  it('sets a new password for an existing admin whatever its confirmation (the operator\'s own account)', async () => {
    expect((await adminCreate('--email', 'ops@example.com', '--password', 'first1', '--schema', h.schema)).exitCode).toBe(0);
    const again = await adminCreate('--email', 'ops@example.com', '--password', 'second2', '--schema', h.schema);
    expect(again.exitCode).toBe(0);
    expect((await login('ops@example.com', 'second2')).status).toBe(200);
  });

  it.each([
    ['a password under 6 characters', ['--email', 'short@example.com', '--password', 'abc12'], 'Password must be at least 6 characters'],
    ['an invalid e-mail', ['--email', 'not-an-email', '--password', 'secret1'], 'Please enter a valid email address'],
  ])('refuses %s with the rule it broke and stores nothing', async (_label, args, message) => {
    const before = (await h.db.query(`SELECT count(*)::int AS n FROM "${h.schema}".users`)).rows[0].n;
    expect(await adminCreate(...args, '--schema', h.schema)).toEqual({ exitCode: 1, message });
    expect((await h.db.query(`SELECT count(*)::int AS n FROM "${h.schema}".users`)).rows[0].n).toBe(before);
  });

  it('prints its usage without --email or --password, and refuses an unsafe schema name', async () => {
    expect(await adminCreate('--password', 'secret1')).toEqual({ exitCode: 2, message: ADMIN_CREATE_USAGE });
    expect(await adminCreate('--email', 'a@example.com', '--password', 'secret1', '--schema', 'auth"; DROP')).toMatchObject({ exitCode: 2 });
  });
});
