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
  it('answers every pending entry, newest first, in the admin wire shape', async () => {
    const older = await store('old@example.com', '2026-03-01T10:00:00Z', { name: 'Old Timer' });
    const newer = await store('new@example.com', '2026-03-09T10:00:00Z');
    await store('done@example.com', '2026-03-10T10:00:00Z', { status: 'approved' });
    const reply = WaitlistListReplySchema.parse(await ask(WAITLIST_ADMIN_PATTERNS.list, {}));
    expect(reply).toEqual({
      ok: true,
      entries: [
        { id: newer, email: 'new@example.com', name: null, created_at: '2026-03-09T10:00:00.000Z', referral_source: 'homepage-hero' },
        { id: older, email: 'old@example.com', name: 'Old Timer', created_at: '2026-03-01T10:00:00.000Z', referral_source: 'homepage-hero' },
      ],
    });
  });

  it('answers an empty list when nobody waits', async () => {
    expect(await ask(WAITLIST_ADMIN_PATTERNS.list, {})).toEqual({ ok: true, entries: [] });
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
