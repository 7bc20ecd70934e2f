import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  captureQueries,
  checkQueryPlans,
  describePlanCheck,
  startPrivateRedis,
  startServiceHarness,
  type PrivateRedis,
  type QueryCapture,
  type ServiceHarness,
} from '@paycadence/nest-kit/testing';
import { AccountDataMessagesController } from '../src/account-data/account-data-messages.controller.js';
import type { HouseholdConfig } from '../src/config.js';
import { serviceDefinition } from '../src/service-definition.js';
// Members' names come from the real auth service over the transport, as in household.int-spec.ts.
// eslint-disable-next-line @nx/enforce-module-boundaries
import type { AuthConfig } from '../../auth/src/config.js';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { serviceDefinition as authDefinition } from '../../auth/src/service-definition.js';

// Every statement behind the Household page (create, list, members, invite, the invitation page, accept, roles,
// leave) and the export is recorded as household sends it, then EXPLAINed on a database holding the households
// of many users with seq scans priced out: a Seq Scan left means no index can serve that statement
// (docs/performance.template.md). With household's integration tests, which the `integration` step of npm test runs.
const dataDir = mkdtempSync(join(tmpdir(), 'household-query-plans-'));
let redis: PrivateRedis;
let auth: ServiceHarness<AuthConfig>;
let h: ServiceHarness<HouseholdConfig>;
let capture: QueryCapture;
const SEED_HOUSEHOLDS = 500;

interface Person {
  id: string;
  token: string;
  email: string;
}

async function person(firstName: string): Promise<Person> {
  const { id, token } = await h.auth.user();
  const email = `${firstName.toLowerCase()}-${process.pid}@example.com`;
  await auth.db.query(
    `INSERT INTO "${auth.schema}".users (id, email, password_hash, first_name, email_confirmed_at) VALUES ($1, $2, 'x', $3, now())`,
    [id, email, firstName],
  );
  return { id, token, email };
}

async function seedManyHouseholds(): Promise<void> {
  const q = (sql: string) => h.db.query(sql.replaceAll('%s', `"${h.schema}"`));
  await q(`INSERT INTO %s.households (name) SELECT 'Seed ' || n FROM generate_series(1, ${SEED_HOUSEHOLDS}) n`);
  await q(`INSERT INTO %s.household_members (household_id, user_id, role, joined_at)
           SELECT id, gen_random_uuid(), CASE WHEN k = 1 THEN 'owner' ELSE 'member' END, now() FROM %s.households, generate_series(1, 3) k`);
  await q(`INSERT INTO %s.household_invitations (household_id, email, role, token_hash, invited_by, created_at, expires_at, accepted_at, accepted_by)
           SELECT m.household_id, 'guest' || k || '-' || m.user_id || '@example.com', 'member', md5(m.user_id::text || k), m.user_id,
                  now(), now() + interval '7 days', CASE WHEN k = 1 THEN now() END, CASE WHEN k = 1 THEN gen_random_uuid() END
           FROM %s.household_members m, generate_series(1, 2) k WHERE m.role = 'owner'`);
  for (const table of ['households', 'household_members', 'household_invitations']) await q(`ANALYZE %s.${table}`);
}

/** The token of the newest invitation e-mailed to `email`, read from its link's fragment. */
function tokenMailedTo(email: string): string {
  const outbox = join(dataDir, 'outbox');
  const mails = readdirSync(outbox)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => JSON.parse(readFileSync(join(outbox, name), 'utf8')) as { to: string; text: string })
    .filter((mail) => mail.to === email);
  const link = /http:\/\/app\.test\S+/.exec(mails[mails.length - 1]!.text)![0];
  return new URLSearchParams(new URL(link).hash.slice(1)).get('token')!;
}

beforeAll(async () => {
  redis = await startPrivateRedis();
  auth = await startServiceHarness(authDefinition, {
    redisUrl: redis.url,
    env: { DATA_DIR: mkdtempSync(join(tmpdir(), 'household-query-plans-auth-')), SMTP_URL: '', JWT_PRIVATE_KEY: '', ENCRYPTION_KEY: '', ARGON2_MEMORY_KIB: '1024', ARGON2_TIME_COST: '1' },
  });
  h = await startServiceHarness(serviceDefinition, {
    basePath: '/api/household',
    redisUrl: redis.url,
    env: { DATA_DIR: dataDir, APP_URL: 'http://app.test', SMTP_URL: '', AUTH_DIRECTORY_TIMEOUT_MS: '1500' },
  });
  await seedManyHouseholds();
  capture = captureQueries(h.app, h.schema);
}, 60_000);
afterAll(async () => {
  capture?.stop();
  for (const close of [() => h?.close(), () => auth?.close(), () => redis?.stop()]) {
    await Promise.resolve()
      .then(close)
      .catch((error: unknown) => console.error(error));
  }
  rmSync(dataDir, { recursive: true, force: true });
});

describe('every statement behind the household page', () => {
  beforeAll(async () => {
    const [owner, guest] = [await person('Ann'), await person('Bob')];
    const as = async (who: Person, method: string, path: string, body?: unknown) => {
      const response = await h.call(method, path, { token: who.token, body });
      expect([method, path, response.status < 300 ? 'ok' : response.body]).toEqual([method, path, 'ok']);
      return response.body;
    };
    const { id } = await as(owner, 'POST', '/create', { name: 'Lee Family' });
    await as(owner, 'POST', `/${id}/invite`, { email: guest.email, role: 'partner' });
    const token = tokenMailedTo(guest.email);
    await as(guest, 'POST', '/invitation-details', { token });
    await as(guest, 'POST', '/accept-invitation', { token });
    await as(owner, 'GET', '/my-households');
    await as(guest, 'GET', '/my-households');
    await as(owner, 'GET', `/${id}/members`);
    await as(owner, 'PUT', `/${id}/members/${guest.id}`, { role: 'member' });
    await as(guest, 'POST', `/${id}/leave`, {});
    await h.app.get(AccountDataMessagesController).export({ userId: owner.id, email: owner.email });
  }, 60_000);

  it('captured the statements of every household table', () => {
    const sql = capture.statements().map((statement) => statement.sql).join('\n');
    for (const table of ['households', 'household_members', 'household_invitations']) expect(sql).toContain(table);
  });

  it('has an index for each: no sequential scan of a table holding many users’ rows', async () => {
    const check = await checkQueryPlans(h.db, h.schema, capture.statements());
    expect(check.explained).toBeGreaterThan(5);
    expect(describePlanCheck(check)).toBe('');
  });

  it('would notice one that has none (a filter on a column no index starts with)', async () => {
    const check = await checkQueryPlans(h.db, h.schema, [{ sql: 'SELECT household_id FROM household_members WHERE role = $1', params: ['owner'] }]);
    expect(check.seqScans).toEqual([expect.objectContaining({ table: 'household_members' })]);
  });
});
