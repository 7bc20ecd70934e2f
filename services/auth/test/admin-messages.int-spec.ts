import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ClientProxy } from '@nestjs/microservices';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  AuditEventSchema,
  JOBS,
  QUEUES,
  type AuditEvent,
  ACCOUNT_STATUS_CHANNEL,
  ADMIN_MESSAGES,
  AUTH_ADMIN_PATTERNS,
  AUTH_MESSAGES,
  ListUsersReplySchema,
  SUSPENDED_ACCOUNT_KEY_PREFIX,
  UserReplySchema,
  type ListUsersReply,
  type UserReply,
} from '@paycadence/contracts';
import { createRedisClient, systemClock } from '@paycadence/nest-kit';
import { refreshCookieFrom, refreshHeaders, startPrivateRedis, startServiceHarness, type PrivateRedis, type ServiceHarness } from '@paycadence/nest-kit/testing';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import pg from 'pg';
import { firstValueFrom, timeout } from 'rxjs';
import type { AuthConfig } from '../src/config.js';
import { serviceDefinition } from '../src/service-definition.js';
import { PASSWORD, registerAccount } from './support/accounts.js';

// AUTH_ADMIN_PATTERNS over the real Redis transport (a redis-server of this test's own: pub/sub ignores key
// prefixes), the real PostgreSQL, the outbox; then what the answers mean for the people concerned, over HTTP.
const dataDir = mkdtempSync(join(tmpdir(), 'auth-admin-'));
let h: ServiceHarness<AuthConfig>;
let redis: PrivateRedis;
let client: ClientProxy;
let raw: Redis;
let auditQueue: Queue;
const ADMIN_ID: string = randomUUID(); // the admin asking (admin's verified token): not an account of this database
const actor = { actorId: ADMIN_ID, actorEmail: 'boss@example.com', ip: '198.51.100.7', userAgent: 'admin-test' };

beforeAll(async () => {
  redis = await startPrivateRedis();
  h = await startServiceHarness(serviceDefinition, {
    redisUrl: redis.url,
    clock: systemClock, // tokens are checked against the real time
    env: { DATA_DIR: dataDir, APP_URL: 'http://app.test', SMTP_URL: '', JWT_PRIVATE_KEY: '', ENCRYPTION_KEY: '', ARGON2_MEMORY_KIB: '1024', ARGON2_TIME_COST: '1' },
  });
  client = createRedisClient(redis.url);
  await client.connect();
  raw = new Redis(redis.url);
  auditQueue = new Queue(QUEUES.audit, { connection: { url: redis.url }, prefix: `${h.redisKeyPrefix}bull` });
});

afterAll(async () => {
  await client?.close();
  await auditQueue?.close();
  raw?.disconnect();
  await h?.close();
  await redis?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const ask = <T>(pattern: string, payload: unknown) => firstValueFrom(client.send<T>(pattern, payload).pipe(timeout(10_000)));
const q = (sql: string, params: unknown[] = []) => h.db.query(sql.replaceAll('auth.', `"${h.schema}".`), params);
let counter = 0;
const freshEmail = (label = 'user') => `${label}${++counter}-${process.pid}@example.com`;
const api = (method: string, path: string, options: { body?: unknown; token?: string } = {}) =>
  h.call(method, path, { body: options.body, token: options.token, headers: { 'x-forwarded-for': `203.0.113.${(counter % 200) + 1}` } });
const login = (email: string, password: string) => api('POST', '/api/auth/login', { body: { email, password } });
/** A registered user (the sign-up route), from this test's rotating address. */
const register = (email = freshEmail()) => registerAccount(h, email, { 'x-forwarded-for': `203.0.113.${(counter % 200) + 1}` });

const accountCount = async () => Number((await q(`SELECT count(*) FROM auth.users`)).rows[0].count);
// Sign-ups also mail an address confirmation in the background, whenever it lands: the counts here leave those out.
const outbox = () => {
  try {
    return readdirSync(join(dataDir, 'outbox'))
      .filter((name) => name.endsWith('.json'))
      .sort()
      .filter((name) => !String(readMail(name).subject).startsWith('Confirm your'));
  } catch {
    return [];
  }
};
const readMail = (name: string) => JSON.parse(readFileSync(join(dataDir, 'outbox', name), 'utf8'));

describe(`${AUTH_ADMIN_PATTERNS.listUsers}`, () => {
  it('answers every account newest first as the admin list shows it, with the last sign-in', async () => {
    const older = await register();
    const newer = await register();
    await q(`UPDATE auth.users SET first_name = NULL, last_name = NULL, created_at = now() + interval '1 hour' WHERE id = $1`, [newer.id]);
    await q(`UPDATE auth.users SET created_at = now() + interval '30 minutes' WHERE id = $1`, [older.id]);
    expect((await login(older.email, PASSWORD)).status).toBe(200);

    const reply = await ask<ListUsersReply>(AUTH_ADMIN_PATTERNS.listUsers, {});
    expect(ListUsersReplySchema.parse(reply)).toEqual(reply);
    if (!reply.ok) throw new Error(reply.message);
    const [first, second] = reply.users;
    expect(first).toMatchObject({ id: newer.id, email: newer.email, name: null, firstName: null, lastName: null, role: 'user', status: 'active', last_sign_in_at: null });
    expect(second).toMatchObject({ id: older.id, name: 'Ann Lee', firstName: 'Ann', lastName: 'Lee' });
    expect(first.createdAt).toBe(first.created_at);
    expect(Date.parse(second.last_sign_in_at!)).toBeGreaterThan(Date.now() - 60_000);
    expect(JSON.stringify(reply)).not.toMatch(/password|argon2|ssn/i);
  });

  it('lets a good sign-in through when its last sign-in cannot be recorded', async () => {
    const ann = await register();
    const schema = `"${h.schema}"`;
    await h.db.query(`CREATE FUNCTION ${schema}.refuse_sign_in_bookkeeping() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'bookkeeping refused'; END $$`);
    await h.db.query(`CREATE TRIGGER refuse_sign_in_bookkeeping BEFORE UPDATE OF last_sign_in_at ON ${schema}.users
      FOR EACH ROW EXECUTE FUNCTION ${schema}.refuse_sign_in_bookkeeping()`);
    try {
      const signIn = await login(ann.email, PASSWORD);
      expect(signIn.status).toBe(200);
      expect((await api('GET', '/api/auth/me', { token: signIn.body.session.access_token })).status).toBe(200);
    } finally {
      await h.db.query(`DROP TRIGGER refuse_sign_in_bookkeeping ON ${schema}.users`);
      await h.db.query(`DROP FUNCTION ${schema}.refuse_sign_in_bookkeeping()`);
    }
    expect((await q(`SELECT last_sign_in_at FROM auth.users WHERE id = $1`, [ann.id])).rows[0].last_sign_in_at).toBeNull();
  });

  it('refuses a malformed message', async () => {
    expect(await ask<ListUsersReply>(AUTH_ADMIN_PATTERNS.listUsers, { page: 2 })).toMatchObject({ ok: false, code: 'VALIDATION' });
  });
});

describe(`${AUTH_ADMIN_PATTERNS.createUser}`, () => {
  it('creates an account of the given role with an argon2id hash; its owner signs in with the password', async () => {
    const email = freshEmail('Created');
    const reply = await ask<UserReply>(AUTH_ADMIN_PATTERNS.createUser, { email: email.toUpperCase(), password: 'secret', role: 'admin', ...actor });
    expect(UserReplySchema.parse(reply)).toEqual(reply);
    expect(reply).toMatchObject({ ok: true, user: { email: email.toLowerCase(), role: 'admin', status: 'active', name: null } });
    const { rows } = await q(`SELECT password_hash, role FROM auth.users WHERE email = $1`, [email.toLowerCase()]);
    expect(rows[0].password_hash).toMatch(/^\$argon2id\$/);
    const signIn = await login(email, 'secret');
    expect(signIn.status).toBe(200);
    expect(signIn.body.user.role).toBe('admin');
  });

  it.each<[string, Record<string, unknown>, Record<string, string>]>([
    ['a password under 6 characters', { password: '12345' }, { password: 'Password must be at least 6 characters' }],
    ['no password', { password: '' }, { password: 'Password is required' }],
    ['a malformed e-mail', { email: 'not-an-email' }, { email: 'Please enter a valid email address' }],
  ])('answers VALIDATION with field errors for %s, and creates nothing', async (_label, change, errors) => {
    const before = await accountCount();
    const reply = await ask<UserReply>(AUTH_ADMIN_PATTERNS.createUser, { email: freshEmail(), password: 'secret', role: 'user', ...actor, ...change });
    expect(reply).toMatchObject({ ok: false, code: 'VALIDATION', errors });
    expect(reply.ok === false && reply.message).toBe(Object.values(errors)[0]);
    expect(await accountCount()).toBe(before);
  });

  it('answers VALIDATION for a role that does not exist or a message missing its actor', async () => {
    expect(await ask(AUTH_ADMIN_PATTERNS.createUser, { email: freshEmail(), password: 'secret', role: 'root', ...actor })).toMatchObject({ ok: false, code: 'VALIDATION' });
    expect(await ask(AUTH_ADMIN_PATTERNS.createUser, { email: freshEmail(), password: 'secret', role: 'user' })).toMatchObject({ ok: false, code: 'VALIDATION' });
  });

  it('answers EMAIL_TAKEN for an address that has an account (any case), and leaves that account alone', async () => {
    const existing = await register();
    const before = (await q(`SELECT password_hash, role FROM auth.users WHERE id = $1`, [existing.id])).rows[0];
    const reply = await ask(AUTH_ADMIN_PATTERNS.createUser, { email: existing.email.toUpperCase(), password: 'secret', role: 'admin', ...actor });
    expect(reply).toEqual({ ok: false, code: 'EMAIL_TAKEN', message: ADMIN_MESSAGES.accountExists });
    expect((await q(`SELECT password_hash, role FROM auth.users WHERE id = $1`, [existing.id])).rows[0]).toEqual(before);
  });
});

describe(`${AUTH_ADMIN_PATTERNS.approveAccount}`, () => {
  it('creates an account nobody can sign in to, mails a set-password link; the link sets the password once', async () => {
    const email = freshEmail('approved');
    const mailsBefore = outbox().length;
    const reply = await ask<UserReply>(AUTH_ADMIN_PATTERNS.approveAccount, { email, firstName: 'Wendy', lastName: 'Wait', ...actor });
    expect(reply).toMatchObject({ ok: true, user: { email, name: 'Wendy Wait', role: 'user', status: 'active', last_sign_in_at: null } });
    // No password works until the link sets one.
    expect((await login(email, PASSWORD)).status).toBe(401);

    const mails = outbox();
    expect(mails).toHaveLength(mailsBefore + 1);
    const mail = readMail(mails.at(-1)!);
    expect(mail).toMatchObject({ to: email, subject: 'Your PayCadence account is ready — set your password' });
    expect(mail.text).toContain('Hi Wendy,');
    // The password-reset e-mail's link exactly: the reset screen of part 1 handles it unchanged.
    const link = /http:\/\/app\.test\/reset-password#\S+/.exec(mail.text)![0];
    expect(mail.html).toContain('reset-password#access_token=');
    const fragment = new URLSearchParams(link.split('#')[1]);
    expect(fragment.get('type')).toBe('recovery');
    // The reset screen refuses a link without both tokens (docs/product/accounts.md §5).
    expect(fragment.get('refresh_token')).toMatch(/^\S+$/);
    const token = fragment.get('access_token')!;
    const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
    expect(claims.exp - claims.iat).toBe(3 * 24 * 3600);

    const set = await api('POST', '/api/auth/update-password', { token, body: { password: PASSWORD } });
    expect(set.status).toBe(200);
    const signIn = await login(email, PASSWORD);
    expect(signIn.status).toBe(200);
    expect(signIn.body.user).toMatchObject({ email, firstName: 'Wendy', lastName: 'Wait', role: 'user' });
    // Single use.
    const again = await api('POST', '/api/auth/update-password', { token, body: { password: 'An0ther!Pass' } });
    expect(again.status).toBe(401);
    expect(again.body.message).toBe(AUTH_MESSAGES.invalidResetLink);
    expect((await login(email, PASSWORD)).status).toBe(200);
  });

  it('answers EMAIL_TAKEN when the address has an account: nothing changes, no mail', async () => {
    const existing = await register();
    const before = (await q(`SELECT * FROM auth.users WHERE id = $1`, [existing.id])).rows[0];
    const mailsBefore = outbox().length;
    const reply = await ask(AUTH_ADMIN_PATTERNS.approveAccount, { email: existing.email, firstName: 'X', lastName: null, ...actor });
    expect(reply).toEqual({ ok: false, code: 'EMAIL_TAKEN', message: ADMIN_MESSAGES.accountExists });
    expect((await q(`SELECT * FROM auth.users WHERE id = $1`, [existing.id])).rows[0]).toEqual(before);
    expect(outbox()).toHaveLength(mailsBefore);
    expect(Number((await q(`SELECT count(*) FROM auth.recovery_tokens WHERE user_id = $1`, [existing.id])).rows[0].count)).toBe(0);
  });

  it('answers VALIDATION for a malformed address, creating nothing', async () => {
    const before = await accountCount();
    expect(await ask(AUTH_ADMIN_PATTERNS.approveAccount, { email: 'nope', firstName: null, lastName: null, ...actor })).toMatchObject({
      ok: false,
      code: 'VALIDATION',
      errors: { email: expect.any(String) },
    });
    expect(await accountCount()).toBe(before);
  });

  it('approving again before the password is set answers ok with a fresh link (the older one stops working); once set, EMAIL_TAKEN', async () => {
    const email = freshEmail('retried');
    const approve = () => ask<UserReply>(AUTH_ADMIN_PATTERNS.approveAccount, { email, firstName: 'Rita', lastName: null, ...actor });
    const mailsBefore = outbox().length;
    const first = await approve();
    expect(first).toMatchObject({ ok: true, user: { email } });
    // As if admin's 5 s timeout fired before this answer arrived: the admin approves again.
    const second = await approve();
    expect(second).toEqual(first);
    expect((await q(`SELECT count(*) FROM auth.users WHERE email = $1`, [email])).rows[0].count).toBe('1');
    const mails = outbox().slice(mailsBefore);
    expect(mails).toHaveLength(2);
    const tokenOf = (name: string) => new URLSearchParams(/reset-password#(\S+)/.exec(readMail(name).text)![1]).get('access_token')!;
    const [oldToken, newToken] = mails.map(tokenOf);
    expect(newToken).not.toBe(oldToken);
    expect(readMail(mails[1])).toMatchObject({ to: email, subject: 'Your PayCadence account is ready — set your password' });

    expect((await api('POST', '/api/auth/update-password', { token: oldToken, body: { password: PASSWORD } })).status).toBe(401);
    expect((await api('POST', '/api/auth/update-password', { token: newToken, body: { password: PASSWORD } })).status).toBe(200);
    expect((await login(email, PASSWORD)).status).toBe(200);

    const mailsAfterSet = outbox().length;
    expect(await approve()).toEqual({ ok: false, code: 'EMAIL_TAKEN', message: ADMIN_MESSAGES.accountExists });
    expect(outbox()).toHaveLength(mailsAfterSet);
  });

  it('an approval whose e-mail could not be sent is finished by approving again (no stuck account)', async () => {
    const email = freshEmail('unlucky');
    const box = join(dataDir, 'outbox');
    mkdirSync(box, { recursive: true });
    renameSync(box, `${box}.away`);
    writeFileSync(box, 'not a folder'); // the outbox cannot be written: the mail fails
    try {
      await expect(ask(AUTH_ADMIN_PATTERNS.approveAccount, { email, firstName: null, lastName: null, ...actor })).rejects.toMatchObject({
        message: 'The accounts service could not complete the request',
      });
    } finally {
      rmSync(box);
      renameSync(`${box}.away`, box);
    }
    const mailsBefore = outbox().length;
    expect(await ask(AUTH_ADMIN_PATTERNS.approveAccount, { email, firstName: null, lastName: null, ...actor })).toMatchObject({ ok: true, user: { email } });
    expect(outbox().slice(mailsBefore).map((name) => readMail(name).to)).toEqual([email]);
  });

  it('keeps EMAIL_TAKEN for an account whose password was set by its owner or an admin', async () => {
    const created = freshEmail('created');
    await ask(AUTH_ADMIN_PATTERNS.createUser, { email: created, password: 'secret', role: 'user', ...actor });
    const registered = await register();
    for (const email of [created, registered.email]) {
      expect(await ask(AUTH_ADMIN_PATTERNS.approveAccount, { email, firstName: null, lastName: null, ...actor })).toEqual({
        ok: false,
        code: 'EMAIL_TAKEN',
        message: ADMIN_MESSAGES.accountExists,
      });
    }
  });
});

describe(`${AUTH_ADMIN_PATTERNS.setUserStatus}`, () => {
  const setStatus = (userId: string, status: string, actorId = ADMIN_ID) => ask<UserReply>(AUTH_ADMIN_PATTERNS.setUserStatus, { ...actor, userId, status, actorId });
  const statusOf = async (id: string) => (await q(`SELECT status FROM auth.users WHERE id = $1`, [id])).rows[0].status;

  it('suspends: the access token is refused by the guard at once, refresh and sign-in are refused; activating lets them in again', async () => {
    const ann = await register();
    const token = ann.session.access_token;
    expect((await api('GET', '/api/auth/me', { token })).status).toBe(200); // the guard now remembers ann as active

    const messages: string[] = [];
    const listener = raw.duplicate();
    await listener.subscribe(ACCOUNT_STATUS_CHANNEL);
    listener.on('message', (_channel, message) => messages.push(message));
    try {
      const reply = await setStatus(ann.id, 'suspended');
      expect(reply).toMatchObject({ ok: true, user: { id: ann.id, status: 'suspended' } });
      expect(await statusOf(ann.id)).toBe('suspended');
      const key = `${SUSPENDED_ACCOUNT_KEY_PREFIX}${ann.id}`;
      expect(await raw.get(key)).toBe('1');
      const ttl = await raw.ttl(key);
      expect(ttl).toBeGreaterThan(ACCESS_TOKEN_TTL_SECONDS - 10);
      expect(ttl).toBeLessThanOrEqual(ACCESS_TOKEN_TTL_SECONDS);

      const me = await api('GET', '/api/auth/me', { token });
      expect(me.status).toBe(401);
      expect(me.body.message).toBe(AUTH_MESSAGES.suspended);
      const refresh = await h.call('POST', '/api/auth/refresh', { body: {}, headers: refreshHeaders(ann.refreshToken) });
      expect(refresh.status).toBe(403);
      expect(refresh.body.message).toBe(AUTH_MESSAGES.suspended);
      const signIn = await login(ann.email, PASSWORD);
      expect(signIn.status).toBe(403);
      expect(signIn.body.message).toBe(AUTH_MESSAGES.suspended);

      expect(await setStatus(ann.id, 'active')).toMatchObject({ ok: true, user: { id: ann.id, status: 'active' } });
      expect(await statusOf(ann.id)).toBe('active');
      expect(await raw.exists(key)).toBe(0);
      const back = await login(ann.email, PASSWORD);
      expect(back.status).toBe(200);
      expect((await api('GET', '/api/auth/me', { token: back.body.session.access_token })).status).toBe(200);
      // The session of before the suspension stays ended.
      expect((await h.call('POST', '/api/auth/refresh', { body: {}, headers: refreshHeaders(ann.refreshToken) })).status).toBe(401);

      await waitUntil(() => messages.length >= 2);
      expect(messages.map((message) => JSON.parse(message))).toEqual([
        { userId: ann.id, status: 'suspended' },
        { userId: ann.id, status: 'active' },
      ]);
    } finally {
      listener.disconnect();
    }
  });

  it('answers UNCHANGED when the status is already the one asked for, and still re-asserts the suspension', async () => {
    const ann = await register();
    expect(await setStatus(ann.id, 'active')).toEqual({ ok: false, code: 'UNCHANGED', message: ADMIN_MESSAGES.statusUnchanged('active') });
    expect(await setStatus(ann.id, 'suspended')).toMatchObject({ ok: true, user: { status: 'suspended' } });
    await raw.del(`${SUSPENDED_ACCOUNT_KEY_PREFIX}${ann.id}`); // as if the first attempt's Redis write was lost
    expect(await setStatus(ann.id, 'suspended')).toEqual({ ok: false, code: 'UNCHANGED', message: ADMIN_MESSAGES.statusUnchanged('suspended') });
    expect(await statusOf(ann.id)).toBe('suspended');
    expect(await raw.exists(`${SUSPENDED_ACCOUNT_KEY_PREFIX}${ann.id}`)).toBe(1);
  });

  it('answers NOT_FOUND, ADMIN_TARGET and SELF_TARGET, changing nothing', async () => {
    expect(await setStatus(randomUUID(), 'suspended')).toEqual({ ok: false, code: 'NOT_FOUND', message: ADMIN_MESSAGES.userNotFound });

    const adminEmail = freshEmail('admin');
    const created = await ask<UserReply>(AUTH_ADMIN_PATTERNS.createUser, { email: adminEmail, password: 'secret', role: 'admin', ...actor });
    if (!created.ok) throw new Error(created.message);
    expect(await setStatus(created.user.id, 'suspended')).toEqual({ ok: false, code: 'ADMIN_TARGET', message: ADMIN_MESSAGES.adminStatusFixed });
    expect(await statusOf(created.user.id)).toBe('active');
    expect(await setStatus(created.user.id, 'suspended', created.user.id)).toEqual({ ok: false, code: 'SELF_TARGET', message: ADMIN_MESSAGES.ownStatusFixed });
    expect(await statusOf(created.user.id)).toBe('active');
    expect(await raw.exists(`${SUSPENDED_ACCOUNT_KEY_PREFIX}${created.user.id}`)).toBe(0);
    expect((await login(adminEmail, 'secret')).status).toBe(200);
  });

  it('leaves the database and Redis agreeing when admins suspend and activate one user at the same moment', async () => {
    const ann = await register();
    const key = `${SUSPENDED_ACCOUNT_KEY_PREFIX}${ann.id}`;
    for (let round = 0; round < 15; round += 1) {
      const replies = await Promise.all([setStatus(ann.id, 'suspended'), setStatus(ann.id, 'active'), setStatus(ann.id, 'suspended'), setStatus(ann.id, 'active')]);
      for (const reply of replies) if (!reply.ok) expect(reply.code).toBe('UNCHANGED');
      expect(await raw.exists(key)).toBe((await statusOf(ann.id)) === 'suspended' ? 1 : 0);
    }
  });

  /**
   * Another admin's change in flight: a connection of its own holding a transaction open. `waiters(n)` returns
   * once n requests wait on it in PostgreSQL (pg_blocking_pids), so a test orders them by what PostgreSQL
   * reports, not by a pause a busy machine can outrun.
   */
  async function holdingTransaction() {
    const holder = new pg.Client({ connectionString: h.config.DATABASE_URL });
    await holder.connect();
    const { rows } = await holder.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    await holder.query('BEGIN');
    return {
      query: (sql: string, params: unknown[] = []) => holder.query(sql.replaceAll('auth.', `"${h.schema}".`), params),
      async waiters(count: number): Promise<void> {
        const deadline = Date.now() + 10_000;
        for (;;) {
          // Directly or behind another waiter (a second request queues on the first one's tuple lock).
          const waiting = await q(
            `WITH RECURSIVE queue(pid) AS (
               SELECT $1::int UNION SELECT a.pid FROM pg_stat_activity a JOIN queue ON queue.pid = ANY(pg_blocking_pids(a.pid))
             ) SELECT count(*)::int - 1 AS n FROM queue`,
            [rows[0]!.pid],
          );
          if (waiting.rows[0].n >= count) return;
          if (Date.now() > deadline) throw new Error(`${waiting.rows[0].n} requests wait on the held row, wanted ${count}`);
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
      },
      commit: async () => {
        await holder.query('COMMIT');
        await holder.end();
      },
    };
  }

  it('decides under the row lock: a suspension waiting on another one in flight answers UNCHANGED when that one commits', async () => {
    const ann = await register();
    // Another admin's suspension, written but not yet committed, holds the row.
    const other = await holdingTransaction();
    await other.query(`UPDATE auth.users SET status = 'suspended' WHERE id = $1`, [ann.id]);
    const reply = setStatus(ann.id, 'suspended');
    await other.waiters(1); // the request reaches the locked row and waits
    await other.commit();
    expect(await reply).toEqual({ ok: false, code: 'UNCHANGED', message: ADMIN_MESSAGES.statusUnchanged('suspended') });
    // It still asserts the Redis side of the status it found.
    expect(await raw.exists(`${SUSPENDED_ACCOUNT_KEY_PREFIX}${ann.id}`)).toBe(1);
  });

  it('takes the locks of a suspension and a refresh in one order: a suspension queued first on the row never deadlocks with a rotation', async () => {
    const ann = await register();
    const cookie = ann.refreshToken;
    // Something else holds the user row (another admin's change in flight), so both requests queue on it:
    // the suspension first, then the rotation. With two lock orders (rotation: sessions lock, then the row
    // through the refresh_tokens foreign key; suspension: row, then sessions lock) this is a deadlock.
    const other = await holdingTransaction();
    await other.query(`SELECT 1 FROM auth.users WHERE id = $1 FOR UPDATE`, [ann.id]);
    const suspension = setStatus(ann.id, 'suspended');
    await other.waiters(1); // the suspension reaches the row and waits
    const rotation = h.call('POST', '/api/auth/refresh', { body: {}, headers: refreshHeaders(cookie) });
    await other.waiters(2); // the rotation reaches the row behind it and waits
    await other.commit();
    expect(await suspension).toMatchObject({ ok: true, user: { status: 'suspended' } });
    // The rotation waited for the suspension and then found its token revoked (never a 500).
    expect((await rotation).status).toBe(401);
    expect(await statusOf(ann.id)).toBe('suspended');
  });

  it('50 suspensions racing refresh loops all commit, and no refresh answers 500', async () => {
    const ann = await register();
    const statuses: number[] = [];
    let cookies = [ann.refreshToken];
    let stop = false;
    const loop = async (index: number) => {
      while (!stop) {
        const token = cookies[index];
        if (!token) {
          await new Promise((resolve) => setTimeout(resolve, 1));
          continue;
        }
        const answer = await h.call('POST', '/api/auth/refresh', { body: {}, headers: refreshHeaders(token) });
        statuses.push(answer.status);
        const next = refreshCookieFrom(answer);
        cookies[index] = next ?? '';
      }
    };
    const loops = [0, 1, 2].map((index) => loop(index));
    const replies: UserReply[] = [];
    try {
      for (let round = 0; round < 50; round += 1) {
        replies.push(await setStatus(ann.id, 'suspended'));
        replies.push(await setStatus(ann.id, 'active'));
        // New sessions for the loops (the suspension revoked the old ones).
        const sessions = await Promise.all([0, 1, 2].map(() => login(ann.email, PASSWORD)));
        cookies = sessions.map((answer) => refreshCookieFrom(answer) ?? '');
      }
    } finally {
      stop = true;
      await Promise.all(loops);
    }
    expect(replies.filter((reply) => !reply.ok)).toEqual([]);
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThan(0);
  });

  it('answers VALIDATION for an unknown status or a user id that is not one', async () => {
    const ann = await register();
    expect(await setStatus(ann.id, 'banned')).toMatchObject({ ok: false, code: 'VALIDATION' });
    expect(await setStatus('nobody', 'suspended')).toMatchObject({ ok: false, code: 'VALIDATION' });
    expect(await statusOf(ann.id)).toBe('active');
  });
});

describe('audit events of the changes auth commits for admin', () => {
  /** The record-audit jobs about one account (no worker runs here, so they wait), checked against the contract. */
  const eventsAbout = async (subjectId: string): Promise<AuditEvent[]> => {
    const jobs = await auditQueue.getJobs(['waiting', 'delayed', 'active', 'completed', 'failed']);
    return jobs
      .filter((job) => job.data.subject?.id === subjectId)
      .map((job) => {
        expect(job.id).toBe(JOBS['record-audit'].jobId(job.data));
        return AuditEventSchema.parse(job.data);
      });
  };
  /** The events are added in the background: wait until `count` are there, then a moment for any extra one. */
  const settledEvents = async (subjectId: string, count: number) => {
    const deadline = Date.now() + 5_000;
    while ((await eventsAbout(subjectId)).length < count && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25));
    await new Promise((resolve) => setTimeout(resolve, 150));
    return (await eventsAbout(subjectId)).sort((a, b) => a.occurredAt.localeCompare(b.occurredAt));
  };
  const actorOf = { actor: { id: ADMIN_ID, email: actor.actorEmail }, ip: actor.ip, userAgent: actor.userAgent };

  it('records a created user once, with the admin as actor and the role; not for a refused create', async () => {
    const email = freshEmail('audited');
    const reply = await ask<UserReply>(AUTH_ADMIN_PATTERNS.createUser, { email, password: 'secret', role: 'admin', ...actor });
    if (!reply.ok) throw new Error(reply.message);
    expect(await ask(AUTH_ADMIN_PATTERNS.createUser, { email, password: 'secret', role: 'user', ...actor })).toMatchObject({ code: 'EMAIL_TAKEN' });
    const events = await settledEvents(reply.user.id, 1);
    expect(events).toEqual([
      expect.objectContaining({ kind: 'admin.user-created', subject: { id: reply.user.id, email }, details: { role: 'admin' }, ...actorOf }),
    ]);
    expect(JSON.stringify(events)).not.toContain('secret');
  });

  it('records an approval once, however often it is answered', async () => {
    const email = freshEmail('approved-audit');
    const approve = () => ask<UserReply>(AUTH_ADMIN_PATTERNS.approveAccount, { email, firstName: null, lastName: null, ...actor });
    const reply = await approve();
    if (!reply.ok) throw new Error(reply.message);
    expect((await approve()).ok).toBe(true);
    expect(await settledEvents(reply.user.id, 1)).toEqual([
      expect.objectContaining({ kind: 'admin.user-approved', subject: { id: reply.user.id, email }, details: { role: 'user' }, ...actorOf }),
    ]);
  });

  it('records a suspension and an activation once each; nothing for UNCHANGED or a refusal', async () => {
    const ann = await register();
    const setStatus = (status: string) => ask<UserReply>(AUTH_ADMIN_PATTERNS.setUserStatus, { ...actor, userId: ann.id, status });
    expect((await setStatus('active')).ok).toBe(false); // UNCHANGED
    expect((await setStatus('suspended')).ok).toBe(true);
    expect((await setStatus('suspended')).ok).toBe(false); // UNCHANGED
    expect((await setStatus('active')).ok).toBe(true);
    expect(await ask(AUTH_ADMIN_PATTERNS.setUserStatus, { ...actor, userId: ann.id, status: 'suspended', actorId: ann.id })).toMatchObject({ code: 'SELF_TARGET' });
    const events = await settledEvents(ann.id, 2);
    expect(events.map(({ kind }) => kind)).toEqual(['admin.user-suspended', 'admin.user-activated']);
    for (const event of events) expect(event).toMatchObject({ subject: { id: ann.id, email: ann.email }, details: { role: 'user' }, ...actorOf });
  });
});

async function waitUntil(probe: () => boolean, timeoutMs = 3_000) {
  const deadline = Date.now() + timeoutMs;
  while (!probe()) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
