import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ADMIN_MESSAGES, AUTH_ADMIN_PATTERNS, AUTH_MESSAGES, AdminUsersResponseSchema, AuditPageSchema, QUEUE_BOARD_PATH, type AuditEntry } from '@paycadence/contracts';
import { createRedisClient, systemClock } from '@paycadence/nest-kit';
import {
  refreshCookieFrom,
  refreshHeaders,
  startPrivateRedis,
  startServiceHarness,
  type ApiResponse,
  type PrivateRedis,
  type ServiceHarness,
} from '@paycadence/nest-kit/testing';
import { firstValueFrom, timeout } from 'rxjs';
import type { AdminConfig } from '../src/config.js';
import { serviceDefinition } from '../src/service-definition.js';
// The journeys cross three services, all real: the one place admin loads auth's and waitlist's code.
// eslint-disable-next-line @nx/enforce-module-boundaries
import type { AuthConfig } from '../../auth/src/config.js';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { serviceDefinition as authDefinition } from '../../auth/src/service-definition.js';
// eslint-disable-next-line @nx/enforce-module-boundaries
import type { WaitlistConfig } from '../../waitlist/src/config.js';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { serviceDefinition as waitlistDefinition } from '../../waitlist/src/service-definition.js';

// Admin, auth and waitlist, each real on its own schema of the real PostgreSQL, on a Redis of this test's
// own (pub/sub ignores key prefixes). Admin verifies auth's real tokens (the admin signs in to auth), auth
// puts its audit events on admin's queue (admin's key prefix), and the set-password mail lands in auth's outbox.
const dataDir = mkdtempSync(join(tmpdir(), 'admin-journeys-'));
const ADMIN_PREFIX = `admin-journeys-${process.pid}-${Date.now()}:`;
const BOSS = { email: 'boss@example.com', password: 'B0ss!Password' };
const PASSWORD = 'Str0ng!Pass';
let redis: PrivateRedis;
let auth: ServiceHarness<AuthConfig>;
let waitlist: ServiceHarness<WaitlistConfig>;
let h: ServiceHarness<AdminConfig>;
let boss: { id: string; token: string };

let ipCounter = 0;
/** Auth limits sign-in attempts per address: each call comes from an address of its own (the gateway's header). */
const fromSomewhere = () => ({ 'x-forwarded-for': `203.0.113.${(ipCounter++ % 200) + 1}` });
const authApi = (method: string, path: string, options: { body?: unknown; token?: string; headers?: Record<string, string> } = {}) =>
  auth.call(method, path, { body: options.body, token: options.token, headers: { ...fromSomewhere(), ...options.headers } });
const signIn = (email: string, password: string) => authApi('POST', '/api/auth/login', { body: { email, password } });
const adminApi = (method: string, path: string, options: { body?: unknown; token?: string | null; headers?: Record<string, string> } = {}) =>
  h.call(method, path, { token: options.token === undefined ? boss.token : options.token, body: options.body, headers: options.headers });

beforeAll(async () => {
  redis = await startPrivateRedis();
  auth = await startServiceHarness(authDefinition, {
    redisUrl: redis.url,
    clock: systemClock, // admin checks auth's tokens against the real time
    env: {
      DATA_DIR: dataDir,
      APP_URL: 'http://app.test',
      SMTP_URL: '',
      JWT_PRIVATE_KEY: '',
      ENCRYPTION_KEY: '',
      ARGON2_MEMORY_KIB: '1024',
      ARGON2_TIME_COST: '1',
      ADMIN_EMAIL: BOSS.email,
      ADMIN_PASSWORD: BOSS.password,
      ADMIN_REDIS_KEY_PREFIX: ADMIN_PREFIX,
    },
  });
  waitlist = await startServiceHarness(waitlistDefinition, { redisUrl: redis.url });
  h = await startServiceHarness(serviceDefinition, {
    basePath: '/api/admin',
    redisUrl: redis.url,
    clock: systemClock,
    env: {
      AUTH_JWKS_URL: `${auth.baseUrl}/.well-known/jwks.json`,
      REDIS_KEY_PREFIX: ADMIN_PREFIX,
      AUTH_TIMEOUT_MS: '5000',
      WAITLIST_TIMEOUT_MS: '5000',
    },
  });
  const session = await signIn(BOSS.email, BOSS.password);
  expect(session.status).toBe(200);
  boss = { id: session.body.user.id, token: session.body.session.access_token };
}, 60_000);

afterAll(async () => {
  await h?.close();
  await waitlist?.close();
  await auth?.close();
  await redis?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

let counter = 0;
const freshEmail = (label: string) => `${label}${++counter}-${process.pid}@example.com`;

async function joinWaitlist(email: string, name: string | null): Promise<string> {
  const { rows } = await waitlist.db.query(
    `INSERT INTO "${waitlist.schema}".waitlist_entries (email, name, referral_source) VALUES ($1, $2, 'homepage-hero') RETURNING id`,
    [email, name],
  );
  return rows[0].id;
}
const waitlistEmails = async () =>
  (await waitlist.db.query(`SELECT email FROM "${waitlist.schema}".waitlist_entries`)).rows.map((row) => row.email as string);
const accountCount = async () => Number((await auth.db.query(`SELECT count(*) FROM "${auth.schema}".users`)).rows[0].count);

// Accounts made here get an address-confirmation e-mail in the background, whenever it lands: left out.
const outbox = () => {
  try {
    return readdirSync(join(dataDir, 'outbox'))
      .filter((name) => name.endsWith('.json'))
      .sort()
      .filter((name) => !String(JSON.parse(readFileSync(join(dataDir, 'outbox', name), 'utf8')).subject).startsWith('Confirm your'));
  } catch {
    return [];
  }
};
const mailTo = (email: string) =>
  outbox()
    .map((name) => JSON.parse(readFileSync(join(dataDir, 'outbox', name), 'utf8')))
    .filter((mail) => mail.to === email);

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function logs(query: string): Promise<AuditEntry[]> {
  const response = await adminApi('GET', `/logs?${query}`);
  expect(response.status).toBe(200);
  return AuditPageSchema.parse(response.body).entries;
}

/**
 * The entries of a query once `count` have arrived (auth's events come through the audit queue, so they land
 * a moment after the reply; bounded at 10 s), read again a moment later so a duplicate would show too.
 */
async function logged(query: string, count: number): Promise<AuditEntry[]> {
  await until(() => logs(query), (found) => found.length >= count);
  await new Promise((resolve) => setTimeout(resolve, 300));
  return logs(query);
}

/** A user account made by the admin, signed in: its id, e-mail, access token and refresh token (the cookie's). */
async function createSignedInUser(label = 'ann') {
  const email = freshEmail(label);
  const created = await adminApi('POST', '/create-user', { body: { email, password: PASSWORD, role: 'user' } });
  expect(created.status).toBe(201);
  const session = await signIn(email, PASSWORD);
  expect(session.status).toBe(200);
  return { id: created.body.user.id as string, email, access: session.body.session.access_token as string, refresh: refreshCookieFrom(session)! };
}

describe('the admin, signed in to the real auth', () => {
  it("GET /users lists auth's accounts (the admin among them) in the admin shape", async () => {
    const response = await adminApi('GET', '/users');
    expect(response.status).toBe(200);
    const { users } = AdminUsersResponseSchema.parse(response.body);
    expect(users).toEqual(expect.arrayContaining([expect.objectContaining({ id: boss.id, email: BOSS.email, role: 'admin', status: 'active' })]));
  });

  it('GET /users pages through 300 more accounts with its cursors, searched and counted by auth', async () => {
    // Older than every account of the other tests, so their newest-first first pages are unchanged.
    await auth.db.query(
      `INSERT INTO "${auth.schema}".users (email, password_hash, first_name, last_name, created_at)
       SELECT 'bulk' || lpad(n::text, 3, '0') || '-${process.pid}@example.com', 'x', 'Bulk', CASE WHEN n % 2 = 0 THEN 'Even' END,
              timestamptz '2001-01-01' + (n / 3) * interval '1 second'
         FROM generate_series(1, 300) AS n`,
    );
    try {
      const inDatabase = (await auth.db.query(`SELECT id FROM "${auth.schema}".users ORDER BY created_at, id`)).rows.map((row) => row.id as string);
      const admins = (await auth.db.query(`SELECT count(*)::int AS n FROM "${auth.schema}".users WHERE role = 'admin'`)).rows[0].n;
      const seen: string[] = [];
      let query = 'direction=asc&limit=100';
      for (;;) {
        const response = await adminApi('GET', `/users?${query}`);
        expect(response.status).toBe(200);
        const page = AdminUsersResponseSchema.parse(response.body);
        expect(page).toMatchObject({ total: inDatabase.length, counters: { registered: inDatabase.length, admins, estimated: false } });
        seen.push(...page.users.map((user) => user.id));
        if (!page.nextCursor) break;
        query = `direction=asc&limit=100&after=${page.nextCursor}`;
      }
      expect(seen).toEqual(inDatabase);

      const evens = AdminUsersResponseSchema.parse((await adminApi('GET', '/users?search=bulk%20even&limit=100&sort=email&direction=desc')).body);
      expect(evens.total).toBe(150);
      expect(evens.users.map((user) => user.email)).toEqual(
        Array.from({ length: 100 }, (_, n) => `bulk${String(300 - 2 * n).padStart(3, '0')}-${process.pid}@example.com`),
      );
      expect(evens.nextCursor).not.toBeNull();
    } finally {
      await auth.db.query(`DELETE FROM "${auth.schema}".users WHERE email LIKE 'bulk%-${process.pid}@example.com'`);
    }
  });

  it("refuses a real user's token with 403 on every route", async () => {
    const ann = await createSignedInUser();
    for (const [method, path] of [['GET', '/users'], ['GET', '/users?search=a&sort=email'], ['GET', '/waitlist'], ['GET', '/waitlist?limit=5'], ['GET', '/logs'], ['POST', '/queues/session']]) {
      expect((await adminApi(method, path, { token: ann.access })).status).toBe(403);
    }
  });
});

describe('POST /approve-user', () => {
  it('creates the account, removes the entry, mails a set-password link that works once; the new user signs in', async () => {
    const email = freshEmail('wendy');
    await joinWaitlist(email, 'Wendy  Van Wait');
    const response = await adminApi('POST', '/approve-user', { body: { email: `  ${email.toUpperCase()} ` }, headers: { 'user-agent': 'AdminJourney/2.0' } });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, message: ADMIN_MESSAGES.approved(email) });
    expect(await waitlistEmails()).not.toContain(email);

    const listed = (await adminApi('GET', '/users')).body.users.find((user: { email: string }) => user.email === email);
    expect(listed).toMatchObject({ firstName: 'Wendy', lastName: 'Van Wait', role: 'user', status: 'active' });
    // No password works until the link sets one.
    expect((await signIn(email, PASSWORD)).status).toBe(401);

    const [mail] = mailTo(email);
    const link = /http:\/\/app\.test\/reset-password#\S+/.exec(mail.text)![0];
    const token = new URLSearchParams(link.split('#')[1]).get('access_token')!;
    expect((await authApi('POST', '/api/auth/update-password', { token, body: { password: PASSWORD } })).status).toBe(200);
    const session = await signIn(email, PASSWORD);
    expect(session.status).toBe(200);
    expect(session.body.user).toMatchObject({ email, role: 'user' });
    expect((await authApi('POST', '/api/auth/update-password', { token, body: { password: 'An0ther!Pass' } })).status).toBe(401);

    // Recorded once, by auth (which committed the account), with the admin and where the request came from.
    const entries = await logged(`kind=admin.user-approved&user=${email}`, 1);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actor: { id: boss.id, email: BOSS.email },
      subject: { id: listed.id, email },
      ip: '127.0.0.1',
      userAgent: 'AdminJourney/2.0',
      details: { role: 'user' },
    });
  });

  it('approving twice answers that the address is not on the waitlist, and changes nothing', async () => {
    const email = freshEmail('twice');
    await joinWaitlist(email, null);
    expect((await adminApi('POST', '/approve-user', { body: { email } })).status).toBe(200);
    const accounts = await accountCount();
    const mails = outbox().length;
    const again = await adminApi('POST', '/approve-user', { body: { email } });
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ message: ADMIN_MESSAGES.notOnWaitlist });
    expect(await accountCount()).toBe(accounts);
    expect(outbox()).toHaveLength(mails);
    expect(await logged(`kind=admin.user-approved&user=${email}`, 1)).toHaveLength(1);
  });

  it('an approval whose reply never reached admin (auth went on after the timeout): approving again finishes it, mails a fresh link, logs it once', async () => {
    const email = freshEmail('late');
    await joinWaitlist(email, 'Lena Late');
    // What auth did for the approve that admin gave up on: the account exists, awaiting its first password.
    const client = createRedisClient(redis.url);
    await client.connect();
    try {
      const reply = await firstValueFrom(
        client.send(AUTH_ADMIN_PATTERNS.approveAccount, { email, firstName: 'Lena', lastName: 'Late', actorId: boss.id, actorEmail: BOSS.email, ip: '127.0.0.1', userAgent: null }).pipe(timeout(10_000)),
      );
      expect(reply).toMatchObject({ ok: true, user: { email } });
    } finally {
      await client.close();
    }
    expect(await waitlistEmails()).toContain(email);

    const retried = await adminApi('POST', '/approve-user', { body: { email } });
    expect(retried.status).toBe(200);
    expect(retried.body).toEqual({ success: true, message: ADMIN_MESSAGES.approved(email) });
    expect(await waitlistEmails()).not.toContain(email);
    // The second link is the one that works (the first was revoked); the approval is in the log once.
    const links = mailTo(email).map((mail) => /http:\/\/app\.test\/reset-password#\S+/.exec(mail.text)![0]);
    expect(links).toHaveLength(2);
    const token = new URLSearchParams(links[1].split('#')[1]).get('access_token')!;
    expect((await authApi('POST', '/api/auth/update-password', { token, body: { password: PASSWORD } })).status).toBe(200);
    expect((await signIn(email, PASSWORD)).status).toBe(200);
    expect(await logged(`kind=admin.user-approved&user=${email}`, 1)).toHaveLength(1);
  });

  it('an address that already has an account: 409, the entry stays, no account, no mail, no log entry', async () => {
    const ann = await createSignedInUser('existing');
    await joinWaitlist(ann.email, 'Ann Lee');
    const accounts = await accountCount();
    const mails = outbox().length;
    const response = await adminApi('POST', '/approve-user', { body: { email: ann.email } });
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ message: ADMIN_MESSAGES.accountExists });
    expect(await waitlistEmails()).toContain(ann.email);
    expect(await accountCount()).toBe(accounts);
    expect(outbox()).toHaveLength(mails);
    // Once the account's own creation has come through the queue, no approval follows it.
    expect(await logged(`kind=admin.user-created&user=${ann.email}`, 1)).toHaveLength(1);
    expect(await logs(`kind=admin.user-approved&user=${ann.email}`)).toHaveLength(0);
  });
});

describe('POST /create-user', () => {
  it('creates an account that signs in with the given password and role, logged with the role', async () => {
    const email = freshEmail('made');
    const response = await adminApi('POST', '/create-user', { body: { email, password: 'abc123', role: 'admin' } });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ success: true, message: ADMIN_MESSAGES.created, user: { email, role: 'admin', status: 'active' } });
    const session = await signIn(email, 'abc123');
    expect(session.status).toBe(200);
    expect(session.body.user.role).toBe('admin');
    const entries = await logged(`kind=admin.user-created&user=${response.body.user.id}`, 1);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actor: { id: boss.id, email: BOSS.email }, subject: { id: response.body.user.id, email }, details: { role: 'admin' } });
    expect(JSON.stringify(entries)).not.toContain('abc123');
  });

  it('an address with an account answers 409 and changes nothing', async () => {
    const email = freshEmail('dup');
    expect((await adminApi('POST', '/create-user', { body: { email, password: PASSWORD } })).status).toBe(201);
    const accounts = await accountCount();
    const again = await adminApi('POST', '/create-user', { body: { email: email.toUpperCase(), password: 'other1', role: 'admin' } });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: ADMIN_MESSAGES.accountExists });
    expect(await accountCount()).toBe(accounts);
    expect((await signIn(email, PASSWORD)).status).toBe(200);
  });
});

describe('POST /toggle-user-status', () => {
  it("suspend: the user's next call to a guarded route is refused (401) and their refresh fails; activate: they sign in again", async () => {
    const ann = await createSignedInUser('suspendee');
    // Both services' guards now remember ann as active.
    expect((await authApi('GET', '/api/auth/me', { token: ann.access })).status).toBe(200);
    expect((await adminApi('GET', '/users', { token: ann.access })).status).toBe(403);

    const suspended = await adminApi('POST', '/toggle-user-status', { body: { userId: ann.id, status: 'suspended' } });
    expect(suspended.status).toBe(200);
    expect(suspended.body).toEqual({ success: true, message: ADMIN_MESSAGES.suspended });

    const refusedByAdmin = await until(() => adminApi('GET', '/users', { token: ann.access }), (r: ApiResponse) => r.status === 401, 5_000);
    expect(refusedByAdmin.status).toBe(401);
    expect(refusedByAdmin.body).toEqual({ message: AUTH_MESSAGES.suspended });
    const me = await authApi('GET', '/api/auth/me', { token: ann.access });
    expect(me.status).toBe(401);
    expect(me.body.message).toBe(AUTH_MESSAGES.suspended);
    const refresh = await authApi('POST', '/api/auth/refresh', { body: {}, headers: refreshHeaders(ann.refresh) });
    // Refused with the reason, like a sign-in of a suspended account (auth answers both 403 ACCOUNT_SUSPENDED).
    expect(refresh.status).toBe(403);
    expect(refresh.body).toEqual({ message: AUTH_MESSAGES.suspended });
    const signInRefused = await signIn(ann.email, PASSWORD);
    expect(signInRefused.status).toBe(403);
    expect(signInRefused.body).toEqual({ message: AUTH_MESSAGES.suspended });
    const listed = (await adminApi('GET', '/users')).body.users.find((user: { id: string }) => user.id === ann.id);
    expect(listed.status).toBe('suspended');

    const activated = await adminApi('POST', '/toggle-user-status', { body: { userId: ann.id, status: 'active' } });
    expect(activated.status).toBe(200);
    expect(activated.body).toEqual({ success: true, message: ADMIN_MESSAGES.activated });
    const back = await signIn(ann.email, PASSWORD);
    expect(back.status).toBe(200);
    expect((await authApi('GET', '/api/auth/me', { token: back.body.session.access_token })).status).toBe(200);

    // Each change once, recorded by auth through the audit queue.
    const entries = await logged(`kind=admin&user=${ann.id}`, 3);
    expect(entries.map((entry) => entry.kind)).toEqual(['admin.user-activated', 'admin.user-suspended', 'admin.user-created']);
    expect(entries[1]).toMatchObject({ actor: { id: boss.id, email: BOSS.email }, subject: { id: ann.id, email: ann.email } });
  });

  it("refuses an administrator's status (403), an unknown user (404), and the admin's own (403), logging nothing", async () => {
    const other = await adminApi('POST', '/create-user', { body: { email: freshEmail('otheradmin'), password: PASSWORD, role: 'admin' } });
    const cases: Array<[string, number, string]> = [
      [other.body.user.id, 403, ADMIN_MESSAGES.adminStatusFixed],
      [randomUUID(), 404, ADMIN_MESSAGES.userNotFound],
      [boss.id, 403, ADMIN_MESSAGES.ownStatusFixed],
    ];
    for (const [userId, status, message] of cases) {
      const response = await adminApi('POST', '/toggle-user-status', { body: { userId, status: 'suspended' } });
      expect([userId, response.status, response.body]).toEqual([userId, status, { message }]);
      // (The admin is the actor of earlier suspensions: none may name them as the one suspended.)
      expect((await logs(`kind=admin.user-suspended&user=${userId}`)).filter((entry) => entry.subject.id === userId)).toHaveLength(0);
    }
  });
});

describe("auth's own events reach the log through the audit queue", () => {
  it('a failed sign-in on auth shows up in GET /logs with the address and browser it came from', async () => {
    const email = freshEmail('intruder');
    const failed = await authApi('POST', '/api/auth/login', { body: { email, password: 'wrong-password' }, headers: { 'x-forwarded-for': '198.51.100.23', 'user-agent': 'Intruder/0.1' } });
    expect(failed.status).toBe(401);
    const entries = await until(() => logs(`kind=auth.sign-in-failed&user=${email}`), (found) => found.length > 0);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ subject: { email }, ip: '198.51.100.23', userAgent: 'Intruder/0.1' });
    expect(JSON.stringify(entries[0])).not.toContain('wrong-password');
  });
});

describe('the queue board with a real admin session', () => {
  it("serves the board to the signed-in admin through the session cookie; a user cannot get one, and no access token opens it", async () => {
    const session = await adminApi('POST', '/queues/session');
    expect(session.status).toBe(204);
    const cookie = session.headers.get('set-cookie')!.split(';')[0];
    const page = await fetch(`${h.baseUrl}${QUEUE_BOARD_PATH}/api/queues`, { headers: { cookie } });
    expect(page.status).toBe(200);
    const ann = await createSignedInUser('peeker');
    expect((await adminApi('POST', '/queues/session', { token: ann.access })).status).toBe(403);
    for (const token of [ann.access, boss.token]) {
      const refused = await fetch(`${h.baseUrl}${QUEUE_BOARD_PATH}/api/queues`, { headers: { cookie: cookie.replace(/=.*/, `=${token}`) } });
      expect(refused.status).toBe(401);
    }
  });
});
