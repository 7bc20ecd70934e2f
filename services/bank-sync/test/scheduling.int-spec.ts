import { randomUUID } from 'node:crypto';
import { SCHEDULED_SYNC_EVERY_MS } from '@paycadence/contracts';
import { bullPrefix, JobProducer, SettableClock } from '@paycadence/nest-kit';
import { TEST_NOW } from '@paycadence/nest-kit/testing';
import { Queue } from 'bullmq';
import { SWEEP_EVERY_MS, SyncSweep } from '../src/sync/sync-sweep.js';
import { nextSlotAfter, nextSlotSql } from '../src/sync/sync-slot.js';
import { startBankSyncKit, type BankSyncKit } from './support/bank-sync-kit.js';

// Scheduled syncs live in PostgreSQL (plaid_items.next_sync_at on a hash slot of the period) and one sweep job
// queues the due items; Redis keeps no scheduler per item. Without a worker until the last block, so the jobs
// a sweep adds stay in the queue to be looked at.
const PERIOD = SCHEDULED_SYNC_EVERY_MS;
const MINUTE = 60_000;
const clock = new SettableClock(TEST_NOW);
let kit: BankSyncKit;
let queue: Queue;

beforeAll(async () => {
  kit = await startBankSyncKit({ clock });
  queue = new Queue('bank-sync', { connection: { url: kit.h.config.REDIS_URL }, prefix: bullPrefix(kit.h.config.REDIS_KEY_PREFIX) });
});
afterAll(async () => {
  await queue?.close();
  await kit?.close();
});
afterEach(() => clock.set(TEST_NOW));

const q = (sql: string, params: unknown[] = []) => kit.h.db.query(sql.replaceAll('bs.', `"${kit.h.schema}".`), params);
const sweep = (options?: Parameters<SyncSweep['sweep']>[0]) => kit.h.app.get(SyncSweep).sweep(options);
const now = () => clock.now().getTime();

async function nextSyncAt(itemId: string): Promise<number> {
  return (await q(`SELECT next_sync_at FROM bs.plaid_items WHERE id = $1`, [itemId])).rows[0].next_sync_at.getTime();
}

/** Items arranged directly, each due at `dueAt` (ms), with nothing queued for them. */
async function insertItems(count: number, dueAt: number, status = 'active'): Promise<string[]> {
  const { rows } = await q(
    `INSERT INTO bs.plaid_items (user_id, plaid_item_id, access_token_sealed, institution_name, status, next_sync_at)
     SELECT gen_random_uuid(), gen_random_uuid()::text, 'v1.not-a-real-token', 'First Platypus Bank', $2, $3
     FROM generate_series(1, $1) RETURNING id`,
    [count, status, new Date(dueAt)],
  );
  return rows.map((row) => row.id as string);
}

async function queuedSyncs(itemIds: string[]): Promise<string[]> {
  const jobs = await Promise.all(itemIds.map((id) => queue.getJob(`${id}.sync`)));
  return jobs.filter((job) => job !== undefined).map((job) => job.data.itemId as string);
}

const sorted = (ids: string[]) => [...ids].sort();

describe('the slot of a linked item', () => {
  it('is written at link time, in the future within one period, where the hash of its id puts it; no scheduler in Redis', async () => {
    const { h } = kit;
    const itemId = await kit.link(h.userA);
    const at = await nextSyncAt(itemId);
    expect(at).toBeGreaterThan(now());
    expect(at).toBeLessThanOrEqual(now() + PERIOD);
    expect(at).toBe(nextSlotAfter(itemId, now(), PERIOD));
    expect(await queue.getJob(`${itemId}.sync`)).toBeDefined(); // the first import
    expect(await queue.getJobSchedulers()).toEqual([]);
  });

  it('is computed alike in PostgreSQL and in Node, to the millisecond', async () => {
    const cases = Array.from({ length: 50 }, (_, n) => ({ id: randomUUID(), at: now() + n * 7_919_993 + (n % 7) }));
    const { rows } = await q(
      `SELECT c.id, ${nextSlotSql('c.id', 'c.at', '$3')} AS next FROM unnest($1::uuid[], $2::timestamptz[]) AS c(id, at)`,
      [cases.map((c) => c.id), cases.map((c) => new Date(c.at)), PERIOD],
    );
    expect(rows.map((row) => row.next.getTime())).toEqual(cases.map((c) => nextSlotAfter(c.id, c.at, PERIOD)));
  });
});

describe('the sweep', () => {
  beforeEach(async () => {
    await kit.h.truncate();
    await queue.drain(true);
  });

  it('queues exactly the active items that are due, and moves each to its next slot', async () => {
    const due = [...(await insertItems(20, now() - 30_000)), ...(await insertItems(5, now())), ...(await insertItems(5, now() - 3 * PERIOD))];
    const later = await insertItems(10, now() + MINUTE);
    const needsSignIn = await insertItems(5, now() - MINUTE, 'login_required');

    expect(sorted(await sweep())).toEqual(sorted(due));
    expect(sorted(await queuedSyncs([...due, ...later, ...needsSignIn]))).toEqual(sorted(due));
    for (const id of due) expect(await nextSyncAt(id)).toBe(nextSlotAfter(id, now(), PERIOD)); // in (now, now + period]
    for (const id of [...later]) expect(await nextSyncAt(id)).toBe(now() + MINUTE);
    for (const id of needsSignIn) expect(await nextSyncAt(id)).toBe(now() - MINUTE);
    // Swept once: not due again until its slot comes round.
    expect(await sweep()).toEqual([]);
    // A minute on: the later ones, and any swept one whose next slot falls in that minute.
    const slotsInNextMinute = due.filter((id) => nextSlotAfter(id, now(), PERIOD) <= now() + MINUTE);
    clock.set(new Date(now() + MINUTE));
    expect(sorted(await sweep())).toEqual(sorted([...later, ...slotsInNextMinute]));
  });

  it('run twice at once (two workers), queues each due item once', async () => {
    const due = await insertItems(200, now() - MINUTE);
    const [first, second] = await Promise.all([sweep({ batchSize: 7 }), sweep({ batchSize: 7 })]);
    const all = [...first!, ...second!];
    expect(all).toHaveLength(200);
    expect(sorted(all)).toEqual(sorted(due));
    expect(await queuedSyncs(due)).toHaveLength(200);
  });

  it('queues at most maxItems a run; the rest stays due for the next one', async () => {
    const due = await insertItems(40, now() - MINUTE);
    const first = await sweep({ batchSize: 10, maxItems: 25 });
    expect(first).toHaveLength(25);
    const second = await sweep({ batchSize: 10, maxItems: 25 });
    expect(sorted([...first, ...second])).toEqual(sorted(due));
  });

  it('leaves the items due when Redis refuses the jobs (the claim is rolled back)', async () => {
    const due = await insertItems(3, now() - MINUTE);
    const enqueue = jest.spyOn(kit.h.app.get(JobProducer), 'enqueueMany').mockRejectedValueOnce(new Error('Redis went away'));
    try {
      await expect(sweep()).rejects.toThrow('Redis went away');
    } finally {
      enqueue.mockRestore();
    }
    for (const id of due) expect(await nextSyncAt(id)).toBe(now() - MINUTE);
    expect(sorted(await sweep())).toEqual(sorted(due));
  });

  it('never takes a disconnected item', async () => {
    const { h } = kit;
    const itemId = await kit.link(h.userB);
    await queue.remove(`${itemId}.sync`); // its first import, left waiting (no worker)
    expect((await h.call('DELETE', `/disconnect/${itemId}`, { token: h.userB.token, body: { userId: h.userB.id } })).status).toBe(200);
    const other = await insertItems(1, now() + PERIOD);
    clock.set(new Date(now() + 2 * PERIOD));
    expect(await sweep()).toEqual(other);
    expect(await queue.getJob(`${itemId}.sync`)).toBeUndefined();
  });
});

describe('with a worker', () => {
  beforeAll(async () => {
    await kit.h.truncate();
    await queue.drain(true);
  });

  it('a starting worker adds the one sweep scheduler and removes the per-item schedulers of earlier versions', async () => {
    const producer = kit.h.app.get(JobProducer);
    const old = Array.from({ length: 3 }, () => ({ userId: randomUUID(), itemId: randomUUID() }));
    for (const job of old) await producer.schedule('sync-item', job, PERIOD);
    expect(await queue.getJobSchedulersCount()).toBe(3);
    await kit.startWorker();
    const deadline = Date.now() + 10_000;
    while ((await queue.getJobSchedulersCount()) !== 1) {
      if (Date.now() > deadline) throw new Error('the old schedulers are still there');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await queue.getJobSchedulers()).toEqual([expect.objectContaining({ key: 'bank-sync.sweep.every', name: 'sweep-syncs', every: SWEEP_EVERY_MS })]);
  });

  it("a sync Plaid's webhook asked for moves the next scheduled one a period on: the item is not polled at its slot", async () => {
    const { h } = kit;
    const itemId = await kit.link(h.userA);
    await kit.waitForIdle(itemId);
    // The first import already moved it: its first slot at least 3/4 of a period after that sync.
    const slotAt = await nextSyncAt(itemId);
    expect(slotAt).toBe(nextSlotAfter(itemId, now() + 0.75 * PERIOD, PERIOD));

    clock.set(new Date(slotAt - MINUTE)); // its scheduled sync is a minute away when the webhook comes
    (await kit.emulated(itemId)).webhook = `${h.baseUrl}/api/plaid-production/webhook`;
    const fired = await kit.plaid('/sandbox/item/fire_webhook', { access_token: await kit.accessToken(itemId), webhook_code: 'SYNC_UPDATES_AVAILABLE' });
    expect(fired.status).toBe(200);
    const deadline = Date.now() + 10_000;
    while ((await q(`SELECT last_synced_at FROM bs.plaid_items WHERE id = $1`, [itemId])).rows[0].last_synced_at.getTime() !== now()) {
      if (Date.now() > deadline) throw new Error('the webhook sync never ran');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await kit.waitForIdle(itemId);
    expect(await nextSyncAt(itemId)).toBe(slotAt + PERIOD);

    clock.set(new Date(slotAt + MINUTE));
    expect(await sweep()).not.toContain(itemId);
  });
});
