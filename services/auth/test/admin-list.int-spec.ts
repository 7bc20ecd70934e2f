import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ClientProxy } from '@nestjs/microservices';
import {
  ADMIN_LIST_MESSAGES,
  AUTH_ADMIN_PATTERNS,
  ListUsersReplySchema,
  type AdminListQueryInput,
  type AdminListedUser,
  type ListUsersReply,
} from '@paycadence/contracts';
import { createRedisClient, systemClock } from '@paycadence/nest-kit';
import { startPrivateRedis, startServiceHarness, type PrivateRedis, type ServiceHarness } from '@paycadence/nest-kit/testing';
import { firstValueFrom, timeout } from 'rxjs';
import type { AuthConfig } from '../src/config.js';
import { SEARCH_CONDITION } from '../src/admin/admin-user-list.js';
import { serviceDefinition } from '../src/service-definition.js';

// The admin's account list at scale (docs/product/signed-in.md §2): 300 accounts in the real PostgreSQL, asked
// for over the real Redis transport one keyset page at a time, searched, sorted both ways, with the counters.
const dataDir = mkdtempSync(join(tmpdir(), 'auth-admin-list-'));
let h: ServiceHarness<AuthConfig>;
let redis: PrivateRedis;
let client: ClientProxy;

interface Seeded {
  id: string;
  email: string;
  createdUs: number;
  first: string | null;
  last: string | null;
}
let seeded: Seeded[] = [];
const SEEDS = 300;
const FIRST_NAMES = ['Ann', 'Bob', 'Cleo', 'Dev', null];
const LAST_NAMES = ['Lee', 'Marie Lee', 'Ortiz', null];

beforeAll(async () => {
  redis = await startPrivateRedis();
  h = await startServiceHarness(serviceDefinition, {
    redisUrl: redis.url,
    clock: systemClock,
    env: { DATA_DIR: dataDir, APP_URL: 'http://app.test', SMTP_URL: '', JWT_PRIVATE_KEY: '', ENCRYPTION_KEY: '', ARGON2_MEMORY_KIB: '1024', ARGON2_TIME_COST: '1' },
  });
  client = createRedisClient(redis.url);
  await client.connect();
  // Four accounts share each millisecond and pairs share the very same instant: the tie-break (id) and the
  // microseconds decide their order, which a cursor rounded to the millisecond would lose.
  const { rows } = await h.db.query(
    `INSERT INTO "${h.schema}".users (email, password_hash, role, first_name, last_name, created_at)
     SELECT 'user' || lpad(n::text, 4, '0') || '@example.com', 'x', CASE WHEN n % 100 = 0 THEN 'admin' ELSE 'user' END,
            ($1::text[])[1 + n % 5], ($2::text[])[1 + n % 4],
            timestamptz '2026-01-01T00:00:00Z' + (n / 4) * interval '1 millisecond' + (n % 4 / 2) * interval '1 microsecond'
       FROM generate_series(1, ${SEEDS}) AS n
     RETURNING id, email, first_name, last_name,
               (extract(epoch FROM created_at) * 1000000)::bigint AS created_us`,
    [FIRST_NAMES, LAST_NAMES],
  );
  seeded = rows.map((row) => ({ id: row.id, email: row.email, createdUs: Number(row.created_us), first: row.first_name, last: row.last_name }));
}, 60_000);

afterAll(async () => {
  await client?.close();
  await h?.close();
  await redis?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const ask = async (query: AdminListQueryInput): Promise<Extract<ListUsersReply, { ok: true }>> => {
  const reply = ListUsersReplySchema.parse(await firstValueFrom(client.send(AUTH_ADMIN_PATTERNS.listUsers, query).pipe(timeout(10_000))));
  if (!reply.ok) throw new Error(`refused: ${reply.message}`);
  return reply;
};

/** Every page from the first, following nextCursor; checks each page's size and links on the way. */
async function walk(query: AdminListQueryInput): Promise<{ ids: string[]; pages: AdminListedUser[][] }> {
  const pages: AdminListedUser[][] = [];
  let after: string | undefined;
  for (let guard = 0; guard < 100; guard++) {
    const page = await ask({ ...query, after });
    pages.push(page.users);
    expect(page.prevCursor === null).toBe(after === undefined);
    if (!page.nextCursor) break;
    expect(page.users).toHaveLength(Number(query.limit ?? 50));
    after = page.nextCursor;
  }
  return { ids: pages.flat().map((user) => user.id), pages };
}

const byCreated = (a: Seeded, b: Seeded) => a.createdUs - b.createdUs || (a.id < b.id ? -1 : 1);
const byEmail = (a: Seeded, b: Seeded) => (a.email < b.email ? -1 : 1);
const ids = (rows: Seeded[]) => rows.map((row) => row.id);

describe('the admin account list, paged on the server', () => {
  it.each([
    ['created', 'desc', (a: Seeded, b: Seeded) => byCreated(b, a)],
    ['created', 'asc', byCreated],
    ['email', 'asc', byEmail],
    ['email', 'desc', (a: Seeded, b: Seeded) => byEmail(b, a)],
  ] as const)('walks every account once by %s %s, pages of 40, no duplicate and no gap', async (sort, direction, order) => {
    const { ids: walked, pages } = await walk({ sort, direction, limit: 40 });
    expect(walked).toEqual(ids([...seeded].sort(order)));
    expect(new Set(walked).size).toBe(SEEDS);
    expect(pages).toHaveLength(Math.ceil(SEEDS / 40));
  });

  it('walks back from the last page with prevCursor to the very first page, the same pages in reverse', async () => {
    const forward = await walk({ limit: 70 });
    let page = await ask({ limit: 70 });
    const cursors: string[] = [];
    while (page.nextCursor) {
      cursors.push(page.nextCursor);
      page = await ask({ limit: 70, after: page.nextCursor });
    }
    const backward: AdminListedUser[][] = [page.users];
    while (page.prevCursor) {
      page = await ask({ limit: 70, before: page.prevCursor });
      backward.unshift(page.users);
    }
    expect(backward.map((users) => users.map((user) => user.id))).toEqual(forward.pages.map((users) => users.map((user) => user.id)));
    expect(page.prevCursor).toBeNull();
    expect(page.nextCursor).not.toBeNull();
  });

  it('counts every account and the admins, exactly at this size, on every page', async () => {
    const first = await ask({});
    expect(first.users).toHaveLength(50);
    expect(first.counters).toEqual({ registered: SEEDS, admins: seeded.filter((_, n) => (n + 1) % 100 === 0).length, estimated: false });
    expect(first.total).toBe(SEEDS);
    expect(first.totalEstimated).toBe(false);
    const later = await ask({ after: first.nextCursor! });
    expect(later.counters).toEqual(first.counters);
  });

  it.each([
    ['an e-mail prefix', 'USER00', (row: Seeded) => row.email.startsWith('user00')],
    ['a last name, any case', 'lee', (row: Seeded) => row.last?.toLowerCase().startsWith('lee') ?? false],
    ['a first name', 'Cle', (row: Seeded) => row.first?.startsWith('Cle') ?? false],
    ['a full name, spaces collapsed', ' ann   marie', (row: Seeded) => row.first === 'Ann' && row.last === 'Marie Lee'],
    ['a last name of two words', 'Marie L', (row: Seeded) => row.last === 'Marie Lee'],
  ])('searches by %s (%j) through every page, with the total of matches', async (_label, search, matches) => {
    const expected = ids(seeded.filter(matches).sort((a, b) => byCreated(b, a)));
    expect(expected.length).toBeGreaterThan(0);
    const { ids: walked } = await walk({ search, limit: 25 });
    expect(walked).toEqual(expected);
    const first = await ask({ search, limit: 25 });
    expect(first.total).toBe(expected.length);
    expect(first.counters.registered).toBe(SEEDS); // the counters stay the totals
  });

  it('says which accounts have a security key, and nothing about the key', async () => {
    const [withKey] = seeded;
    await h.db.query(
      `INSERT INTO "${h.schema}".security_keys (user_id, credential_id, public_key, device_type, name) VALUES ($1, 'Y3JlZC1pZA', '\\x01', 'singleDevice', 'Kitchen laptop')`,
      [withKey!.id],
    );
    const page = await ask({ search: withKey!.email });
    expect(page.users.map((user) => [user.email, user.has_security_key])).toEqual([[withKey!.email, true]]);
    expect(JSON.stringify(page)).not.toMatch(/Kitchen laptop|Y3JlZC1pZA/);
    expect((await ask({ search: seeded[1]!.email })).users.map((user) => user.has_security_key)).toEqual([false]);
    await h.db.query(`DELETE FROM "${h.schema}".security_keys WHERE user_id = $1`, [withKey!.id]);
  });

  it('treats % and _ as the characters they are, not as wildcards', async () => {
    expect((await ask({ search: '%' })).total).toBe(0);
    expect((await ask({ search: 'user_0' })).total).toBe(0);
    expect((await ask({ search: 'user0_01' })).users).toEqual([]);
  });

  it('answers the search through the prefix indexes, not a scan of the table', async () => {
    await h.db.query(`ANALYZE "${h.schema}".users`);
    // Planned as the service plans it (its schema on the search path), with scans made unattractive so a
    // missing or unmatched index shows as a plan without it rather than as a cheap scan of 300 rows.
    await h.db.query('BEGIN');
    try {
      await h.db.query(`SET LOCAL search_path = "${h.schema}"`);
      await h.db.query('SET LOCAL enable_seqscan = off');
      const { rows } = await h.db.query(`EXPLAIN SELECT id FROM users WHERE ${SEARCH_CONDITION}`, ['ann%']);
      const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
      expect(plan).toContain('users_email_prefix_idx');
      expect(plan).toContain('users_last_name_prefix_idx');
      expect(plan).toContain('users_full_name_prefix_idx');
    } finally {
      await h.db.query('ROLLBACK');
    }
  });

  it.each([
    [{ limit: 0 }, 'limit', ADMIN_LIST_MESSAGES.limit],
    [{ limit: 101 }, 'limit', ADMIN_LIST_MESSAGES.limit],
    [{ sort: 'password_hash' }, 'sort', ADMIN_LIST_MESSAGES.sort],
    [{ after: 'not-a-cursor' }, 'after', ADMIN_LIST_MESSAGES.badCursor],
    [{ page: 2 }, 'page', 'Unknown field "page"'],
  ])('refuses %j with VALIDATION naming %s, reading nothing', async (payload, field, message) => {
    const reply = await firstValueFrom(client.send(AUTH_ADMIN_PATTERNS.listUsers, payload).pipe(timeout(10_000)));
    expect(reply).toMatchObject({ ok: false, code: 'VALIDATION', errors: { [field]: message } });
  });

  it('refuses a cursor of the e-mail order used with the date order', async () => {
    const byAddress = await ask({ sort: 'email', direction: 'asc' });
    const reply = await firstValueFrom(client.send(AUTH_ADMIN_PATTERNS.listUsers, { after: byAddress.nextCursor }).pipe(timeout(10_000)));
    expect(reply).toMatchObject({ ok: false, code: 'VALIDATION', errors: { after: ADMIN_LIST_MESSAGES.otherOrder } });
  });
});
