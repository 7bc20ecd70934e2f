import type { ClientProxy } from '@nestjs/microservices';
import {
  WAITLIST_ADMIN_PATTERNS,
  WaitlistEntryReplySchema,
  WaitlistListReplySchema,
  WaitlistRemoveReplySchema,
} from '@paycadence/contracts';
import { createRedisClient } from '@paycadence/nest-kit';
import { startPrivateRedis, startServiceHarness, type PrivateRedis, type ServiceHarness } from '@paycadence/nest-kit/testing';
import { firstValueFrom, timeout } from 'rxjs';
import type { WaitlistConfig } from '../src/config.js';
import { serviceDefinition } from '../src/service-definition.js';
import { SEARCH_CONDITION } from '../src/waitlist/waitlist-admin.service.js';

// The admin service's messages to the real waitlist service over the Redis transport, on a Redis of this
// test's own (pub/sub ignores key prefixes, so another waitlist on the machine would answer too).
let h: ServiceHarness<WaitlistConfig>;
let redis: PrivateRedis;
let client: ClientProxy;

beforeAll(async () => {
  redis = await startPrivateRedis();
  h = await startServiceHarness(serviceDefinition, { redisUrl: redis.url });
  client = createRedisClient(redis.url);
  await client.connect();
});
afterAll(async () => {
  await client?.close();
  await h?.close();
  await redis?.stop();
});
beforeEach(() => h.truncate());

const ask = (pattern: string, payload: unknown) => firstValueFrom(client.send<unknown>(pattern, payload).pipe(timeout(10_000)));

async function store(email: string, createdAt: string, extra: { name?: string; status?: string } = {}): Promise<string> {
  const { rows } = await h.db.query(
    `INSERT INTO "${h.schema}".waitlist_entries (email, name, referral_source, status, created_at) VALUES ($1, $2, 'homepage-hero', $3, $4) RETURNING id`,
    [email, extra.name ?? null, extra.status ?? 'pending', createdAt],
  );
  return rows[0].id;
}
const count = async () => Number((await h.db.query(`SELECT count(*) FROM "${h.schema}".waitlist_entries`)).rows[0].count);

describe(WAITLIST_ADMIN_PATTERNS.list, () => {
  const emptyPage = { total: 0, totalEstimated: false, nextCursor: null, prevCursor: null, counters: { waitlist: 0, estimated: false } };

  it('answers the pending entries, newest first, in the admin wire shape, with the counter', async () => {
    const older = await store('old@example.com', '2026-03-01T10:00:00Z', { name: 'Old Timer' });
    const newer = await store('new@example.com', '2026-03-09T10:00:00Z');
    await store('done@example.com', '2026-03-10T10:00:00Z', { status: 'approved' });
    const reply = WaitlistListReplySchema.parse(await ask(WAITLIST_ADMIN_PATTERNS.list, {}));
    expect(reply).toEqual({
      ...emptyPage,
      ok: true,
      entries: [
        { id: newer, email: 'new@example.com', name: null, created_at: '2026-03-09T10:00:00.000Z', referral_source: 'homepage-hero' },
        { id: older, email: 'old@example.com', name: 'Old Timer', created_at: '2026-03-01T10:00:00.000Z', referral_source: 'homepage-hero' },
      ],
      total: 2,
      counters: { waitlist: 2, estimated: false },
    });
  });

  it('answers an empty list when nobody waits', async () => {
    expect(await ask(WAITLIST_ADMIN_PATTERNS.list, {})).toEqual({ ok: true, entries: [], ...emptyPage });
  });

  describe('300 entries', () => {
    interface Seeded {
      id: string;
      email: string;
      name: string | null;
      createdUs: number;
    }
    const NAMES = ['Ann Lee', 'Bob Marie Lee', 'cleo', null];
    let seeded: Seeded[];
    beforeEach(async () => {
      // Pairs share an instant and fours a millisecond: the id and the microseconds decide their order.
      const { rows } = await h.db.query(
        `INSERT INTO "${h.schema}".waitlist_entries (email, name, referral_source, created_at)
         SELECT 'wait' || lpad(n::text, 4, '0') || '@example.com', ($1::text[])[1 + n % 4], 'landing',
                timestamptz '2026-01-01T00:00:00Z' + (n / 4) * interval '1 millisecond' + (n % 4 / 2) * interval '1 microsecond'
           FROM generate_series(1, 300) AS n
         RETURNING id, email, name, (extract(epoch FROM created_at) * 1000000)::bigint AS created_us`,
        [NAMES],
      );
      seeded = rows.map((row) => ({ id: row.id, email: row.email, name: row.name, createdUs: Number(row.created_us) }));
      await store('approved@example.com', '2026-06-01T00:00:00Z', { status: 'approved' }); // never listed nor counted
    });

    const page = async (query: Record<string, unknown>) => {
      const reply = WaitlistListReplySchema.parse(await ask(WAITLIST_ADMIN_PATTERNS.list, query));
      if (!reply.ok) throw new Error(reply.message);
      return reply;
    };
    async function walk(query: Record<string, unknown>): Promise<string[]> {
      const seen: string[] = [];
      let reply = await page(query);
      seen.push(...reply.entries.map((entry) => entry.id));
      while (reply.nextCursor) {
        reply = await page({ ...query, after: reply.nextCursor });
        seen.push(...reply.entries.map((entry) => entry.id));
      }
      return seen;
    }
    const byCreated = (a: Seeded, b: Seeded) => a.createdUs - b.createdUs || (a.id < b.id ? -1 : 1);
    const byEmail = (a: Seeded, b: Seeded) => (a.email < b.email ? -1 : 1);

    it.each([
      ['created', 'desc', (a: Seeded, b: Seeded) => byCreated(b, a)],
      ['created', 'asc', byCreated],
      ['email', 'asc', byEmail],
      ['email', 'desc', (a: Seeded, b: Seeded) => byEmail(b, a)],
    ] as const)('walks every pending entry once by %s %s, no duplicate and no gap', async (sort, direction, order) => {
      expect(await walk({ sort, direction, limit: 45 })).toEqual([...seeded].sort(order).map((entry) => entry.id));
    });

    it('walks back with prevCursor to the first page, and counts the pending entries only', async () => {
      let reply = await page({ limit: 100 });
      expect(reply.counters).toEqual({ waitlist: 300, estimated: false });
      const forward = [reply.entries.map((entry) => entry.id)];
      while (reply.nextCursor) {
        reply = await page({ limit: 100, after: reply.nextCursor });
        forward.push(reply.entries.map((entry) => entry.id));
      }
      const backward = [reply.entries.map((entry) => entry.id)];
      while (reply.prevCursor) {
        reply = await page({ limit: 100, before: reply.prevCursor });
        backward.unshift(reply.entries.map((entry) => entry.id));
      }
      expect(backward).toEqual(forward);
      expect(forward.map((ids) => ids.length)).toEqual([100, 100, 100]);
    });

    it.each([
      ['an e-mail prefix', 'WAIT01', (entry: Seeded) => entry.email.startsWith('wait01')],
      ['a name', 'ann', (entry: Seeded) => entry.name === 'Ann Lee'],
      ['the name after its first word', 'marie l', (entry: Seeded) => entry.name === 'Bob Marie Lee'],
      ['a name typed in lower case', 'CLEO', (entry: Seeded) => entry.name === 'cleo'],
    ])('searches by %s (%j), with the total of matches and the counter unchanged', async (_label, search, matches) => {
      const expected = seeded.filter(matches).sort((a, b) => byCreated(b, a)).map((entry) => entry.id);
      expect(expected.length).toBeGreaterThan(0);
      expect(await walk({ search, limit: 20 })).toEqual(expected);
      const first = await page({ search, limit: 20 });
      expect(first.total).toBe(expected.length);
      expect(first.counters.waitlist).toBe(300);
    });

    it('answers the search and the first page through the partial indexes, not a scan of the table', async () => {
      await h.db.query(`ANALYZE "${h.schema}".waitlist_entries`);
      // Planned as the service plans it, with scans made unattractive: a missing or unmatched index shows as
      // a plan without it rather than as a cheap scan of 300 rows.
      await h.db.query('BEGIN');
      try {
        await h.db.query(`SET LOCAL search_path = "${h.schema}"`);
        await h.db.query('SET LOCAL enable_seqscan = off');
        const plan = async (sql: string, params: unknown[] = []) =>
          (await h.db.query(`EXPLAIN ${sql}`, params)).rows.map((row) => row['QUERY PLAN']).join('\n');
        const search = await plan(`SELECT id FROM waitlist_entries WHERE status = 'pending' AND ${SEARCH_CONDITION}`, ['ann%']);
        for (const index of ['waitlist_pending_email_prefix_idx', 'waitlist_pending_name_prefix_idx', 'waitlist_pending_last_name_prefix_idx']) {
          expect(search).toContain(index);
        }
        const first = await plan(`SELECT id FROM waitlist_entries WHERE status = 'pending' ORDER BY created_at DESC, id DESC LIMIT 51`);
        // the first page walks a date index from its end (an incremental sort of equal instants may follow)
        expect(first).toMatch(/Index Scan (Backward )?using waitlist_\w*created/);
        expect(first).not.toMatch(/Seq Scan|-> {2}Sort /);
      } finally {
        await h.db.query('ROLLBACK');
      }
    });

    it('finds nothing for wildcards typed as text', async () => {
      expect((await page({ search: '%' })).total).toBe(0);
      expect((await page({ search: 'wait_0' })).total).toBe(0);
    });
  });

  it.each([
    [{ limit: 0 }, 'limit'],
    [{ direction: 'up' }, 'direction'],
    [{ before: 'x' }, 'before'],
    [{ extra: true }, 'extra'],
  ])('refuses %j with VALIDATION naming %s', async (payload, field) => {
    expect(await ask(WAITLIST_ADMIN_PATTERNS.list, payload)).toMatchObject({ ok: false, code: 'VALIDATION', errors: { [field]: expect.any(String) } });
  });
});

describe(WAITLIST_ADMIN_PATTERNS.findByEmail, () => {
  it('finds the pending entry whatever the case and spaces of the address', async () => {
    const id = await store('ann@example.com', '2026-03-05T10:00:00Z', { name: 'Ann Lee' });
    const reply = WaitlistEntryReplySchema.parse(await ask(WAITLIST_ADMIN_PATTERNS.findByEmail, { email: '  Ann@EXAMPLE.com ' }));
    expect(reply).toEqual({ ok: true, entry: expect.objectContaining({ id, email: 'ann@example.com', name: 'Ann Lee' }) });
  });

  it('answers null for an address not waiting (unknown, or already approved)', async () => {
    await store('done@example.com', '2026-03-05T10:00:00Z', { status: 'approved' });
    expect(await ask(WAITLIST_ADMIN_PATTERNS.findByEmail, { email: 'done@example.com' })).toEqual({ ok: true, entry: null });
    expect(await ask(WAITLIST_ADMIN_PATTERNS.findByEmail, { email: 'nobody@example.com' })).toEqual({ ok: true, entry: null });
  });

  it('answers a malformed message with VALIDATION', async () => {
    expect(await ask(WAITLIST_ADMIN_PATTERNS.findByEmail, { mail: 'x' })).toMatchObject({ ok: false, code: 'VALIDATION' });
  });
});

describe(WAITLIST_ADMIN_PATTERNS.remove, () => {
  it('removes exactly that entry and answers it', async () => {
    const gone = await store('gone@example.com', '2026-03-05T10:00:00Z', { name: 'Gone Girl' });
    await store('stays@example.com', '2026-03-06T10:00:00Z');
    expect(WaitlistRemoveReplySchema.parse(await ask(WAITLIST_ADMIN_PATTERNS.remove, { id: gone }))).toEqual({
      ok: true,
      entry: { id: gone, email: 'gone@example.com', name: 'Gone Girl', created_at: '2026-03-05T10:00:00.000Z', referral_source: 'homepage-hero' },
    });
    expect((await h.db.query(`SELECT email FROM "${h.schema}".waitlist_entries`)).rows).toEqual([{ email: 'stays@example.com' }]);
  });

  it('removes only a pending entry: an approved one answers NOT_FOUND and stays (as list and findByEmail see only pending)', async () => {
    const approved = await store('done@example.com', '2026-03-05T10:00:00Z', { status: 'approved' });
    expect(await ask(WAITLIST_ADMIN_PATTERNS.remove, { id: approved })).toMatchObject({ ok: false, code: 'NOT_FOUND' });
    expect(await count()).toBe(1);
  });

  it('two removals of one entry at once: one answers it, the other NOT_FOUND', async () => {
    const id = await store('race@example.com', '2026-03-05T10:00:00Z');
    const replies = await Promise.all([ask(WAITLIST_ADMIN_PATTERNS.remove, { id }), ask(WAITLIST_ADMIN_PATTERNS.remove, { id })]);
    expect(replies.map((reply) => (reply as { ok: boolean }).ok).sort()).toEqual([false, true]);
    expect(await count()).toBe(0);
  });

  it('answers NOT_FOUND for an unknown id, VALIDATION for a malformed one, and removes nothing', async () => {
    await store('stays@example.com', '2026-03-06T10:00:00Z');
    expect(await ask(WAITLIST_ADMIN_PATTERNS.remove, { id: '3f6c2a1e-0000-4000-8000-000000000001' })).toMatchObject({ ok: false, code: 'NOT_FOUND' });
    expect(await ask(WAITLIST_ADMIN_PATTERNS.remove, { id: 'nope' })).toMatchObject({ ok: false, code: 'VALIDATION' });
    expect(await count()).toBe(1);
  });
});
