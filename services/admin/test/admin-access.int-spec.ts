import {
  ACCOUNT_STATUS_CHANNEL,
  ADMIN_ENDPOINTS,
  ADMIN_LIST_MESSAGES,
  ADMIN_MESSAGES,
  AdminWaitlistResponseSchema,
  AUTH_MESSAGES,
  AuditPageSchema,
  QUEUE_BOARD_COOKIE,
  QUEUE_BOARD_PATH,
  QUEUES,
  SUSPENDED_ACCOUNT_KEY_PREFIX,
  type AuditEventInput,
} from '@paycadence/contracts';
import { bullPrefix, JobProducer } from '@paycadence/nest-kit';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { startPrivateRedis, startServiceHarness, type PrivateRedis, type ServiceHarness } from '@paycadence/nest-kit/testing';
import { createHash, randomUUID } from 'node:crypto';
import type { AdminConfig } from '../src/config.js';
import { serviceDefinition } from '../src/service-definition.js';
// A test of admin's wire to the waitlist needs the real waitlist: the one place admin loads its code.
// eslint-disable-next-line @nx/enforce-module-boundaries
import type { WaitlistConfig } from '../../waitlist/src/config.js';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { serviceDefinition as waitlistDefinition } from '../../waitlist/src/service-definition.js';

// Admin on the real PostgreSQL with a Redis of its own (pub/sub ignores key prefixes), the real waitlist
// service answering over it, and NO auth service: what does not need auth is tested here, and that a missing
// auth is a clear 503. admin-with-auth.int-spec.ts runs the journeys with the real auth.
let h: ServiceHarness<AdminConfig>;
let waitlist: ServiceHarness<WaitlistConfig>;
let redis: PrivateRedis;
let redisClient: Redis;

beforeAll(async () => {
  redis = await startPrivateRedis();
  redisClient = new Redis(redis.url);
  waitlist = await startServiceHarness(waitlistDefinition, { redisUrl: redis.url });
  // No auth listens: a short wait on it keeps the 503 cases quick; the real waitlist keeps its default.
  h = await startServiceHarness(serviceDefinition, {
    basePath: '/api/admin',
    callAs: 'admin',
    redisUrl: redis.url,
    env: { AUTH_TIMEOUT_MS: '400' },
  });
});
afterAll(async () => {
  redisClient?.disconnect();
  await h?.close();
  await waitlist?.close();
  await redis?.stop();
});
beforeEach(async () => {
  await h.truncate();
  await waitlist.truncate();
});

/** Reads until `done` says so or `ms` have passed (bounded), answering the last value read. */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const sql = (text: string, params: unknown[] = []) => h.db.query(text.replaceAll('audit_log', `"${h.schema}".audit_log`), params);

async function joinWaitlist(email: string, name: string | null = null, createdAt = '2026-03-01T10:00:00Z'): Promise<string> {
  const { rows } = await waitlist.db.query(
    `INSERT INTO "${waitlist.schema}".waitlist_entries (email, name, referral_source, created_at) VALUES ($1, $2, 'homepage-hero', $3) RETURNING id`,
    [email, name, createdAt],
  );
  return rows[0].id;
}

/** Every /api/admin route of the contracts, with a body that would pass validation. */
// Three items each: jest passes a row's items as arguments, and a missing one would become `done`.
const ROUTES: Array<[string, string, unknown]> = [
  ['GET', '/waitlist', undefined],
  ['GET', '/users', undefined],
  ['POST', '/create-user', { email: 'new@example.com', password: 'secret1', role: 'user' }],
  ['POST', '/approve-user', { email: 'new@example.com' }],
  ['DELETE', `/waitlist/${randomUUID()}`, undefined],
  ['POST', '/toggle-user-status', { userId: randomUUID(), status: 'suspended' }],
  ['GET', '/logs', undefined],
  ['POST', '/queues/session', undefined],
  ['DELETE', '/queues/session', undefined],
];

describe('every /api/admin route', () => {
  it('lists every route of ADMIN_ENDPOINTS', () => {
    const listed = ROUTES.map(([method, path]) => `${method} /api/admin${path.replace(/\/waitlist\/[0-9a-f-]{36}$/, '/waitlist/{id}')}`);
    expect(listed.sort()).toEqual(Object.values(ADMIN_ENDPOINTS).map((e) => `${e.method} ${e.path}`).sort());
  });

  it.each(ROUTES)('%s %s refuses a caller without a token (401) and a user (403), and changes nothing', async (method, path, body) => {
    const anonymous = await h.call(method, path, { token: null, body });
    expect(anonymous.status).toBe(401);
    const user = await h.call(method, path, { token: h.userA.token, body });
    expect(user.status).toBe(403);
    expect(user.body).toEqual({ message: ADMIN_MESSAGES.accessDeniedBody });
    expect((await sql(`SELECT count(*)::int AS n FROM audit_log`)).rows[0].n).toBe(0);
  });

  it('refuses an expired token and a token of another kind with 401', async () => {
    expect((await h.call('GET', '/logs', { token: await h.auth.sign(h.admin.id, { role: 'admin', expiresInSeconds: -10 }) })).status).toBe(401);
    expect((await h.call('GET', '/logs', { token: await h.auth.sign(h.admin.id, { role: 'admin', tokenUse: 'recovery' }) })).status).toBe(401);
  });
});

describe('validation', () => {
  it.each([
    ['/create-user', { email: 'x@example.com', password: '12345', role: 'user' }, 'password', 'Password must be at least 6 characters'],
    ['/create-user', { email: 'not-an-email', password: 'secret1' }, 'email', 'Please enter a valid email address'],
    ['/create-user', { email: 'x@example.com', password: 'secret1', role: 'owner' }, 'role', 'Role must be user or admin'],
    ['/create-user', { email: 'x@example.com', password: 'secret1', admin: true }, 'admin', 'Unknown field "admin"'],
    ['/approve-user', {}, 'email', 'Email is required'],
    ['/toggle-user-status', { userId: 'nope', status: 'suspended' }, 'userId', 'userId must be a user id'],
    ['/toggle-user-status', { userId: randomUUID(), status: 'banned' }, 'status', 'Status must be active or suspended'],
  ])('POST %s %j → 400 naming %s', async (path, body, field, message) => {
    const response = await h.call('POST', path, { body });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
    expect(response.body.errors[field]).toBe(message);
  });

  it.each([
    ['kind=nope', 'kind'],
    ['from=yesterday', 'from'],
    ['page=0', 'page'],
    ['pageSize=201', 'pageSize'],
    ['from=2026-03-10T00:00:00Z&to=2026-03-01T00:00:00Z', 'to'],
    ['sort=asc', 'sort'],
  ])('GET /logs?%s → 400 naming %s', async (query, field) => {
    const response = await h.call('GET', `/logs?${query}`);
    expect(response.status).toBe(400);
    expect(response.body.errors[field]).toEqual(expect.any(String));
  });

  // Refused here, before anyone is asked: no auth listens in this file, so a query that got through would be a 503.
  it.each([
    ['limit=0', 'limit', ADMIN_LIST_MESSAGES.limit],
    ['limit=101', 'limit', ADMIN_LIST_MESSAGES.limit],
    ['limit=ten', 'limit', ADMIN_LIST_MESSAGES.limit],
    ['sort=password_hash', 'sort', ADMIN_LIST_MESSAGES.sort],
    ['direction=sideways', 'direction', ADMIN_LIST_MESSAGES.direction],
    [`search=${'x'.repeat(101)}`, 'search', ADMIN_LIST_MESSAGES.searchTooLong],
    ['after=%25%00', 'after', expect.any(String)],
    ['after=not-a-cursor', 'after', ADMIN_LIST_MESSAGES.badCursor],
    ['sort=created&sort=email', 'sort', ADMIN_LIST_MESSAGES.sort],
    ['page=2', 'page', 'Unknown field "page"'],
  ])('GET /users and /waitlist ?%s → 400 naming %s, never a 5xx', async (query, field, message) => {
    for (const path of ['/users', '/waitlist']) {
      const response = await h.call('GET', `${path}?${query}`);
      expect(response.status).toBe(400);
      expect(response.body.errors[field]).toEqual(message);
    }
  });

  it('GET /users and /waitlist refuse a cursor of another sort order with 400', async () => {
    await joinWaitlist('a@example.com');
    await joinWaitlist('b@example.com');
    const byAddress = await h.call('GET', '/waitlist?sort=email&direction=asc&limit=1');
    expect(byAddress.status).toBe(200);
    const response = await h.call('GET', `/waitlist?limit=1&after=${byAddress.body.nextCursor}`);
    expect(response.status).toBe(400);
    expect(response.body.errors.after).toBe(ADMIN_LIST_MESSAGES.otherOrder);
  });
});

describe('waitlist routes against the real waitlist service', () => {
  it('GET /waitlist pages through 120 entries with the cursors it answers, searched and sorted by the waitlist service', async () => {
    await waitlist.db.query(
      `INSERT INTO "${waitlist.schema}".waitlist_entries (email, name, referral_source, created_at)
       SELECT 'w' || lpad(n::text, 3, '0') || '@example.com', CASE WHEN n % 3 = 0 THEN 'Ann Lee' END, 'landing',
              timestamptz '2026-01-01' + (n / 2) * interval '1 second'
         FROM generate_series(1, 120) AS n`,
    );
    const seen: string[] = [];
    let path = '/waitlist?sort=email&direction=desc&limit=50';
    for (;;) {
      const response = await h.call('GET', path);
      expect(response.status).toBe(200);
      const page = AdminWaitlistResponseSchema.parse(response.body);
      expect(page).toMatchObject({ total: 120, totalEstimated: false, counters: { waitlist: 120, estimated: false } });
      seen.push(...page.users.map((entry) => entry.email));
      if (!page.nextCursor) break;
      path = `/waitlist?sort=email&direction=desc&limit=50&after=${page.nextCursor}`;
    }
    expect(seen).toEqual(Array.from({ length: 120 }, (_, n) => `w${String(120 - n).padStart(3, '0')}@example.com`));
    const searched = AdminWaitlistResponseSchema.parse((await h.call('GET', '/waitlist?search=%20LEE&limit=100')).body);
    expect(searched.total).toBe(40);
    expect(searched.users.every((entry) => entry.name === 'Ann Lee')).toBe(true);
    expect(searched.counters.waitlist).toBe(120);
  });

  it('GET /waitlist answers the pending entries, newest first', async () => {
    await joinWaitlist('old@example.com', 'Old Timer', '2026-03-01T10:00:00Z');
    await joinWaitlist('new@example.com', null, '2026-03-05T10:00:00Z');
    const response = await h.call('GET', '/waitlist');
    expect(response.status).toBe(200);
    expect(response.body.users.map((u: { email: string }) => u.email)).toEqual(['new@example.com', 'old@example.com']);
    expect(response.body.users[1]).toMatchObject({ name: 'Old Timer', referral_source: 'homepage-hero', created_at: '2026-03-01T10:00:00.000Z' });
  });

  it('DELETE /waitlist/{id} removes the entry and logs who removed whom, from where', async () => {
    const id = await joinWaitlist('gone@example.com');
    const response = await h.call('DELETE', `/waitlist/${id}`, { headers: { 'user-agent': 'AdminTest/1.0' } });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, message: ADMIN_MESSAGES.removed });
    expect((await waitlist.db.query(`SELECT count(*)::int AS n FROM "${waitlist.schema}".waitlist_entries`)).rows[0].n).toBe(0);
    const logs = AuditPageSchema.parse((await h.call('GET', '/logs')).body);
    expect(logs.total).toBe(1);
    expect(logs.entries[0]).toMatchObject({
      kind: 'admin.waitlist-removed',
      actor: { id: h.admin.id },
      subject: { id: null, email: 'gone@example.com' },
      ip: '127.0.0.1',
      userAgent: 'AdminTest/1.0',
      details: { waitlistEntryId: id },
    });
  });

  it('DELETE /waitlist/{id} answers 404 for an unknown or malformed id, removing and logging nothing', async () => {
    await joinWaitlist('stays@example.com');
    for (const id of [randomUUID(), 'not-a-uuid']) {
      const response = await h.call('DELETE', `/waitlist/${id}`);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ message: ADMIN_MESSAGES.waitlistEntryNotFound });
    }
    expect((await waitlist.db.query(`SELECT count(*)::int AS n FROM "${waitlist.schema}".waitlist_entries`)).rows[0].n).toBe(1);
    expect((await sql(`SELECT count(*)::int AS n FROM audit_log`)).rows[0].n).toBe(0);
  });

  it('POST /approve-user for an address not on the waitlist answers 404 and asks auth nothing', async () => {
    const response = await h.call('POST', '/approve-user', { body: { email: 'Nobody@Example.com' } });
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ message: ADMIN_MESSAGES.notOnWaitlist });
  });
});

describe('when auth does not answer', () => {
  it('answers 503 with the dependency message, no internals, and logs nothing', async () => {
    const users = await h.call('GET', '/users');
    expect(users.status).toBe(503);
    expect(users.body).toEqual({ message: ADMIN_MESSAGES.dependencyUnavailable });
    const toggle = await h.call('POST', '/toggle-user-status', { body: { userId: h.userA.id, status: 'suspended' } });
    expect(toggle.status).toBe(503);
    await joinWaitlist('ann@example.com', 'Ann Lee');
    expect((await h.call('POST', '/approve-user', { body: { email: 'ann@example.com' } })).status).toBe(503);
    // Nothing changed: the entry still waits.
    expect((await h.call('GET', '/waitlist')).body.users).toHaveLength(1);
    expect((await sql(`SELECT count(*)::int AS n FROM audit_log`)).rows[0].n).toBe(0);
  });

  it('refuses an admin changing their own status without asking anyone (403)', async () => {
    const response = await h.call('POST', '/toggle-user-status', { body: { userId: h.admin.id, status: 'suspended' } });
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ message: ADMIN_MESSAGES.ownStatusFixed });
  });
});

describe('the audit log', () => {
  const event = (overrides: Partial<AuditEventInput> = {}): AuditEventInput => ({
    id: randomUUID(),
    kind: 'auth.sign-in-failed',
    occurredAt: '2026-03-10T09:00:00.000Z',
    actor: { id: null, email: null },
    subject: { id: null, email: 'Ann@Example.com' },
    ip: '203.0.113.9',
    userAgent: 'Mozilla/5.0',
    details: { reason: 'wrong password' },
    ...overrides,
  });
  const producer = () => h.app.get(JobProducer);

  it('stores an event from the audit queue once, even when the job is delivered again', async () => {
    const sent = event();
    await producer().enqueue('record-audit', sent as never);
    const first = await until(() => h.call('GET', '/logs'), (r) => r.body.total === 1);
    expect(first.body.entries[0]).toMatchObject({ id: sent.id, kind: 'auth.sign-in-failed', subject: { email: 'Ann@Example.com' }, details: { reason: 'wrong password' } });
    // The same event again (a retried job after its first run finished): still one row.
    await producer().enqueue('record-audit', sent as never);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await sql(`SELECT count(*)::int AS n FROM audit_log`)).rows[0].n).toBe(1);
  });

  it('filters by kind, family, user (id or e-mail, either side, any case) and time; newest first; paged with the total', async () => {
    const ann = randomUUID();
    const events = [
      event({ occurredAt: '2026-03-01T10:00:00.000Z' }),
      event({ kind: 'auth.locked-out', occurredAt: '2026-03-02T10:00:00.000Z' }),
      event({ kind: 'admin.user-suspended', occurredAt: '2026-03-03T10:00:00.000Z', actor: { id: h.admin.id, email: 'boss@example.com' }, subject: { id: ann, email: 'ann@example.com' } }),
      event({ kind: 'auth.mfa-enabled', occurredAt: '2026-03-04T10:00:00.000Z', actor: { id: ann, email: 'ann@example.com' }, subject: { id: ann, email: 'ann@example.com' } }),
      event({ occurredAt: '2026-03-05T10:00:00.000Z', subject: { id: null, email: 'bob@example.com' } }),
    ];
    for (const sent of events) await producer().enqueue('record-audit', sent as never);
    await until(() => h.call('GET', '/logs'), (r) => r.body.total === 5);
    const ids = async (query: string) => {
      const response = await h.call('GET', `/logs?${query}`);
      expect(response.status).toBe(200);
      return { ids: response.body.entries.map((e: { id: string }) => e.id), total: response.body.total };
    };
    const [e0, e1, e2, e3, e4] = events.map((e) => e.id);
    expect(await ids('')).toEqual({ ids: [e4, e3, e2, e1, e0], total: 5 });
    expect(await ids('kind=auth.sign-in-failed')).toEqual({ ids: [e4, e0], total: 2 });
    expect(await ids('kind=admin')).toEqual({ ids: [e2], total: 1 });
    expect(await ids('kind=auth')).toEqual({ ids: [e4, e3, e1, e0], total: 4 });
    expect(await ids(`user=${ann}`)).toEqual({ ids: [e3, e2], total: 2 });
    expect(await ids('user=ANN%40example.com')).toEqual({ ids: [e3, e2, e1, e0], total: 4 });
    expect(await ids('user=boss@example.com')).toEqual({ ids: [e2], total: 1 });
    expect(await ids('user=ann@example')).toEqual({ ids: [], total: 0 });
    expect(await ids('from=2026-03-02T00:00:00Z&to=2026-03-04T10:00:00Z')).toEqual({ ids: [e3, e2, e1], total: 3 });
    expect(await ids('pageSize=2&page=2')).toEqual({ ids: [e2, e1], total: 5 });
    expect(await ids('kind=auth&user=ann@example.com&pageSize=1')).toEqual({ ids: [e3], total: 3 });
  });

  it('is append-only in the database: UPDATE and DELETE raise, even for no row', async () => {
    const sent = event();
    await producer().enqueue('record-audit', sent as never);
    await until(() => h.call('GET', '/logs'), (r) => r.body.total === 1);
    await expect(sql(`UPDATE audit_log SET kind = 'admin.user-created'`)).rejects.toThrow(/append-only/);
    await expect(sql(`DELETE FROM audit_log WHERE id = $1`, [sent.id])).rejects.toThrow(/append-only/);
    await expect(sql(`DELETE FROM audit_log WHERE false`)).rejects.toThrow(/append-only/);
    expect((await sql(`SELECT kind FROM audit_log`)).rows).toEqual([{ kind: 'auth.sign-in-failed' }]);
  });
});

describe('the queue board', () => {
  const board = (path = '', cookie?: string) =>
    fetch(`${h.baseUrl}${QUEUE_BOARD_PATH}${path}`, { headers: cookie ? { cookie } : {} });
  async function sessionCookie(token: string, headers: Record<string, string> = {}) {
    const response = await h.call('POST', '/queues/session', { token, headers });
    return { response, setCookie: response.headers.get('set-cookie') ?? '' };
  }

  it("sets a random board-session id (never the token) in an HttpOnly, SameSite=Strict, Secure cookie on the board's path; Redis keeps only its hash, for the token's remaining life", async () => {
    const token = await h.auth.sign(h.admin.id, { role: 'admin', expiresInSeconds: 600 });
    const { response, setCookie } = await sessionCookie(token);
    expect(response.status).toBe(204);
    // Secure although this request came over plain http (no X-Forwarded-Proto).
    const shape = new RegExp(`^${QUEUE_BOARD_COOKIE}=([A-Za-z0-9_-]{43,}); Path=${QUEUE_BOARD_PATH}; Max-Age=(\\d+); HttpOnly; SameSite=Strict; Secure$`);
    expect(setCookie).toMatch(shape);
    const [, sessionId, maxAge] = shape.exec(setCookie)!;
    expect(Number(maxAge)).toBeGreaterThan(590);
    expect(Number(maxAge)).toBeLessThanOrEqual(600);
    expect(sessionId).not.toContain(token.split('.')[0]);

    const key = `${h.config.REDIS_KEY_PREFIX}queue-board:session:${createHash('sha256').update(sessionId).digest('hex')}`;
    expect(JSON.parse((await redisClient.get(key))!)).toEqual({ userId: h.admin.id, role: 'admin' });
    const ttl = await redisClient.ttl(key);
    expect(ttl).toBeGreaterThan(590);
    expect(ttl).toBeLessThanOrEqual(600);
    // The id itself is stored nowhere.
    for (const stored of await redisClient.keys('*')) {
      expect(stored).not.toContain(sessionId);
      if ((await redisClient.type(stored)) === 'string') expect(await redisClient.get(stored)).not.toContain(sessionId);
    }
  });

  it('a session lives at most 15 minutes even for a longer token, and each call mints a new id', async () => {
    const token = await h.auth.sign(h.admin.id, { role: 'admin', expiresInSeconds: 3600 });
    const first = await sessionCookie(token);
    const second = await sessionCookie(token);
    expect(Number(/Max-Age=(\d+)/.exec(first.setCookie)![1])).toBe(900);
    expect(first.setCookie.split(';')[0]).not.toBe(second.setCookie.split(';')[0]);
    const sessionId = first.setCookie.split(';')[0].split('=')[1];
    const ttl = await redisClient.ttl(`${h.config.REDIS_KEY_PREFIX}queue-board:session:${createHash('sha256').update(sessionId).digest('hex')}`);
    expect(ttl).toBeGreaterThan(890);
    expect(ttl).toBeLessThanOrEqual(900);
  });

  it("refuses without a cookie (401), an unknown or expired session (401), the admin's access token itself (401), a session that is not an admin's (403)", async () => {
    expect((await board()).status).toBe(401);
    expect((await board('', `${QUEUE_BOARD_COOKIE}=garbage`)).status).toBe(401);
    // Not valid %-encoding: as if there were no cookie (401), not a failure of the board (503).
    const malformed = await board('/api/queues', `${QUEUE_BOARD_COOKIE}=%E0%A4%A`);
    expect(malformed.status).toBe(401);
    expect(await malformed.json()).toEqual({ message: 'Authentication required' });
    // The access token is no board credential.
    expect((await board('/api/queues', `${QUEUE_BOARD_COOKIE}=${h.admin.token}`)).status).toBe(401);
    // Expired: its Redis entry is gone.
    const { setCookie } = await sessionCookie(h.admin.token);
    const cookie = setCookie.split(';')[0];
    expect((await board('/api/queues', cookie)).status).toBe(200);
    await redisClient.del(`${h.config.REDIS_KEY_PREFIX}queue-board:session:${createHash('sha256').update(cookie.split('=')[1]).digest('hex')}`);
    expect((await board('/api/queues', cookie)).status).toBe(401);
    // A stored session whose owner is no admin (none can be minted: the route is admin-only).
    await redisClient.set(`${h.config.REDIS_KEY_PREFIX}queue-board:session:${createHash('sha256').update('user-session').digest('hex')}`, JSON.stringify({ userId: h.userA.id, role: 'user' }), 'EX', 60);
    const asUser = await board('/api/queues', `${QUEUE_BOARD_COOKIE}=user-session`);
    expect(asUser.status).toBe(403);
    expect(await asUser.json()).toEqual({ message: ADMIN_MESSAGES.accessDeniedBody });
    expect((await board('/static/images/logo.svg')).status).toBe(401);
  });

  it("refuses a board session once its admin is suspended (401 with the suspended message), and serves it again after activation", async () => {
    const { setCookie } = await sessionCookie(h.admin.token);
    const cookie = setCookie.split(';')[0];
    expect((await board('/api/queues', cookie)).status).toBe(200);
    // What auth does on a suspension: the key, then the news on the channel (every guard's cache hears it).
    await redisClient.set(`${SUSPENDED_ACCOUNT_KEY_PREFIX}${h.admin.id}`, '1', 'EX', 60);
    await redisClient.publish(ACCOUNT_STATUS_CHANNEL, JSON.stringify({ userId: h.admin.id, status: 'suspended' }));
    try {
      const refused = await until(() => board('/api/queues', cookie), (r) => r.status === 401, 5_000);
      expect(refused.status).toBe(401);
      expect(await refused.json()).toEqual({ message: AUTH_MESSAGES.suspended });
    } finally {
      await redisClient.del(`${SUSPENDED_ACCOUNT_KEY_PREFIX}${h.admin.id}`);
      await redisClient.publish(ACCOUNT_STATUS_CHANNEL, JSON.stringify({ userId: h.admin.id, status: 'active' }));
    }
    expect((await until(() => board('/api/queues', cookie), (r) => r.status === 200, 5_000)).status).toBe(200);
  });

  it("serves the page, its assets and its API to an admin's cookie, with bank-sync's queue and the audit queue", async () => {
    const { setCookie } = await sessionCookie(h.admin.token);
    const cookie = setCookie.split(';')[0];
    const page = await board('', cookie);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    const html = await page.text();
    expect(html).toContain(QUEUE_BOARD_PATH);
    const asset = /static\/[^"']+\.js/.exec(html)![0];
    expect((await board(`/${asset}`, cookie)).status).toBe(200);
    const api = await board('/api/queues', cookie);
    expect(api.status).toBe(200);
    const names = ((await api.json()) as { queues: Array<{ name: string }> }).queues.map((q) => q.name).sort();
    expect(names).toEqual(['audit', 'bank-sync']);
  });
});

describe('the queue board and the audit queue', () => {
  it('shows the audit queue read-only: no admin can clean, empty, remove or promote its events; bank-sync stays manageable', async () => {
    const cookie = ((await h.call('POST', '/queues/session')).headers.get('set-cookie') ?? '').split(';')[0];
    const headers = { cookie, 'sec-fetch-site': 'same-origin' };
    // An event still waiting on the queue (delayed, so admin's worker leaves it there).
    const audit = new Queue(QUEUES.audit, { connection: { url: redis.url }, prefix: bullPrefix(h.config.REDIS_KEY_PREFIX) });
    try {
      const job = await audit.add('record-audit', { kind: 'auth.sign-in-failed' }, { delay: 3_600_000 });
      const listed = await fetch(`${h.baseUrl}${QUEUE_BOARD_PATH}/api/queues`, { headers });
      const queues = ((await listed.json()) as { queues: Array<{ name: string; readOnlyMode: boolean }> }).queues;
      expect(Object.fromEntries(queues.map((q) => [q.name, q.readOnlyMode]))).toEqual({ audit: true, 'bank-sync': false });
      const put = (path: string) => fetch(`${h.baseUrl}${QUEUE_BOARD_PATH}/api/queues${path}`, { method: 'PUT', headers });
      for (const path of ['/audit/clean/delayed', '/audit/empty', `/audit/${job.id}/clean`, `/audit/${job.id}/promote`, '/audit/promote', '/audit/obliterate']) {
        expect([path, (await put(path)).status]).toEqual([path, 405]);
      }
      expect(await audit.getJobState(job.id!)).toBe('delayed');
      expect((await put('/bank-sync/clean/failed')).status).toBe(200);
    } finally {
      await audit.obliterate({ force: true });
      await audit.close();
    }
  });
});

describe('the queue board refuses changes from anywhere but its own pages', () => {
  let cookie: string;
  beforeEach(async () => {
    cookie = ((await h.call('POST', '/queues/session')).headers.get('set-cookie') ?? '').split(';')[0];
  });
  const pause = (headers: Record<string, string>) =>
    fetch(`${h.baseUrl}${QUEUE_BOARD_PATH}/api/queues/bank-sync/pause`, { method: 'PUT', headers: { cookie, ...headers } });

  it.each([
    ['no Sec-Fetch-Site and no Origin', {}],
    ['Sec-Fetch-Site same-site (a sibling subdomain)', { 'sec-fetch-site': 'same-site' }],
    ['Sec-Fetch-Site cross-site', { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' }],
    ['no Sec-Fetch-Site, another Origin', { origin: 'https://evil.example' }],
  ])('%s: 403, nothing changed', async (_label, headers: Record<string, string>) => {
    const response = await pause(headers);
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ message: 'The queue board accepts changes only from its own pages.' });
    const bankSync = new Queue(QUEUES.bankSync, { connection: { url: redis.url }, prefix: bullPrefix(h.config.BANK_SYNC_QUEUE_KEY_PREFIX) });
    expect(await bankSync.isPaused()).toBe(false);
    await bankSync.close();
  });

  it('accepts Sec-Fetch-Site same-origin, or without it an Origin equal to its own (directly or through the gateway); reading needs neither', async () => {
    const bankSync = new Queue(QUEUES.bankSync, { connection: { url: redis.url }, prefix: bullPrefix(h.config.BANK_SYNC_QUEUE_KEY_PREFIX) });
    try {
      expect((await pause({ 'sec-fetch-site': 'same-origin' })).status).toBe(200);
      expect(await bankSync.isPaused()).toBe(true);
      await bankSync.resume();
      expect((await pause({ origin: h.baseUrl })).status).toBe(200);
      expect(await bankSync.isPaused()).toBe(true);
      await bankSync.resume();
      const viaGateway = { origin: 'https://pay.example', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'pay.example', 'x-forwarded-port': '443' };
      expect((await pause(viaGateway)).status).toBe(200);
      expect((await fetch(`${h.baseUrl}${QUEUE_BOARD_PATH}/api/queues`, { headers: { cookie } })).status).toBe(200);
    } finally {
      await bankSync.resume();
      await bankSync.close();
    }
  });

  it('refuses a cross-site change before looking at the cookie (no session needed to be refused)', async () => {
    const response = await fetch(`${h.baseUrl}${QUEUE_BOARD_PATH}/api/queues/bank-sync/pause`, { method: 'PUT', headers: { 'sec-fetch-site': 'cross-site' } });
    expect(response.status).toBe(403);
  });
});

describe('health', () => {
  it('answers liveness and readiness with the database and Redis reachable', async () => {
    expect((await fetch(`${h.baseUrl}/health`)).status).toBe(200);
    const ready = await fetch(`${h.baseUrl}/health/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ok', checks: { database: 'ok', redis: 'ok' }, pid: expect.any(Number) });
  });
});
