import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { systemClock } from '@paycadence/nest-kit';
import {
  captureQueries,
  checkQueryPlans,
  describePlanCheck,
  refreshCookieFrom,
  refreshHeaders,
  startPrivateRedis,
  startServiceHarness,
  type PrivateRedis,
  type QueryCapture,
  type ServiceHarness,
} from '@paycadence/nest-kit/testing';
import type { AuthConfig } from '../src/config.js';
import { serviceDefinition } from '../src/service-definition.js';
import { startAccountDataStandIn, type AccountDataStandIn } from './support/account-data-stand-in.js';

// Every statement behind signing in and the signed-in account pages (Profile, Settings' two-factor status,
// the session refresh every page makes, Your data's export) is recorded as auth sends it, then EXPLAINed on a
// database holding many accounts with seq scans priced out: a Seq Scan left means no index can serve that
// statement (docs/performance.template.md). With auth's integration tests, which npm test's `integration` step runs.
const dataDir = mkdtempSync(join(tmpdir(), 'auth-query-plans-'));
let h: ServiceHarness<AuthConfig>;
let redis: PrivateRedis;
let others: AccountDataStandIn;
let capture: QueryCapture;
const SEED_USERS = 500;
const PASSWORD = 'Str0ng!Pass';

async function seedManyAccounts(): Promise<void> {
  const q = (sql: string) => h.db.query(sql.replaceAll('%s', `"${h.schema}"`));
  await q(`INSERT INTO %s.users (email, password_hash, first_name, last_name, email_confirmed_at)
           SELECT 'seed' || n || '@example.com', 'x', 'Seed', 'User ' || n, now() FROM generate_series(1, ${SEED_USERS}) n`);
  await q(`INSERT INTO %s.refresh_tokens (user_id, token_hash, family_id, aal, expires_at)
           SELECT id, md5(id::text || k), gen_random_uuid(), 'aal1', now() + interval '7 days' FROM %s.users, generate_series(1, 3) k`);
  const { rows } = await q(`SELECT tablename FROM pg_tables WHERE schemaname = '${h.schema}'`);
  for (const { tablename } of rows) await q(`ANALYZE %s."${tablename}"`);
}

beforeAll(async () => {
  redis = await startPrivateRedis();
  others = await startAccountDataStandIn(redis.url);
  h = await startServiceHarness(serviceDefinition, {
    clock: systemClock,
    redisUrl: redis.url,
    env: { DATA_DIR: dataDir, APP_URL: 'http://app.test', SMTP_URL: '', JWT_PRIVATE_KEY: '', ENCRYPTION_KEY: '', ARGON2_MEMORY_KIB: '1024', ARGON2_TIME_COST: '1' },
  });
  await seedManyAccounts();
  capture = captureQueries(h.app, h.schema);
}, 60_000);
afterAll(async () => {
  capture?.stop();
  for (const close of [() => h?.close(), () => others?.close(), () => redis?.stop()]) {
    await Promise.resolve()
      .then(close)
      .catch((error: unknown) => console.error(error));
  }
  rmSync(dataDir, { recursive: true, force: true });
});

describe('every statement behind signing in and the account pages', () => {
  beforeAll(async () => {
    const headers = { 'x-forwarded-for': '198.51.100.7' };
    const email = `ann-${process.pid}@example.com`;
    const registered = await h.call('POST', '/api/auth/register', {
      body: {
        firstName: 'Ann',
        lastName: 'Lee',
        email,
        password: PASSWORD,
        phone: '(555) 123-4567',
        dateOfBirth: '1990-05-01',
        address: { street: '1 Main St', city: 'Austin', state: 'TX', zipCode: '78701' },
        ssn: '1234',
      },
      headers,
    });
    expect(registered.status).toBe(201);
    const login = await h.call('POST', '/api/auth/login', { body: { email, password: PASSWORD }, headers });
    expect(login.status).toBe(200);
    const token = login.body.session.access_token as string;
    const userId = login.body.user.id as string;
    const refreshToken = refreshCookieFrom(login);
    expect(refreshToken).toBeDefined();
    const ok = async (method: string, path: string, body?: unknown, extra: Record<string, string> = {}) => {
      const response = await h.call(method, path, { token, body, headers: { ...headers, ...extra } });
      expect([method, path, response.status < 300 ? 'ok' : response.body]).toEqual([method, path, 'ok']);
    };
    await ok('GET', '/api/auth/me');
    await ok('PUT', '/api/auth/update-profile', { firstName: 'Annie', lastName: 'Lee' });
    await ok('GET', `/api/mfa/status/${userId}`);
    await ok('POST', '/api/auth/refresh', {}, refreshHeaders(refreshToken!));
    // A confirmed address, so the export also looks the account's rows up by address.
    await h.db.query(`UPDATE "${h.schema}".users SET email_confirmed_at = now() WHERE id = $1`, [userId]);
    const exported = await fetch(`${h.baseUrl}/api/auth/account/export`, { headers: { authorization: `Bearer ${token}` } });
    expect(exported.status).toBe(200);
  }, 60_000);

  it('captured the statements of the account tables', () => {
    const sql = capture.statements().map((statement) => statement.sql).join('\n');
    for (const table of ['users', 'refresh_tokens']) expect(sql).toContain(table);
  });

  it('has an index for each: no sequential scan of a table holding many users’ rows', async () => {
    const check = await checkQueryPlans(h.db, h.schema, capture.statements());
    expect(check.explained).toBeGreaterThan(5);
    expect(describePlanCheck(check)).toBe('');
  });

  it('would notice one that has none (a filter on a column no index starts with)', async () => {
    const check = await checkQueryPlans(h.db, h.schema, [{ sql: 'SELECT id FROM users WHERE phone = $1', params: ['x'] }]);
    expect(check.seqScans).toEqual([expect.objectContaining({ table: 'users' })]);
  });
});
