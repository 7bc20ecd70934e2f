import { BANK_SYNC_MESSAGES } from '@paycadence/contracts';
import { bullPrefix, createRedisConnection, type RedisClient } from '@paycadence/nest-kit';
import type { Cluster } from 'ioredis';
import { startPrivateRedisCluster, type PrivateRedisCluster } from '@paycadence/nest-kit/testing';
import { startBankSyncKit, type BankSyncKit } from './support/bank-sync-kit.js';

// A bank import through a throwaway three-primary Redis Cluster (docs/redis-cluster.md): bank-sync's HTTP app
// adds the jobs, its real worker context runs them against the Plaid emulator, BullMQ's keys in the queue's own
// hash slot. No skip: without redis-server this fails, naming it.
let cluster: PrivateRedisCluster;
let kit: BankSyncKit;
let raw: RedisClient;
let closing: Promise<void> | undefined;

beforeAll(async () => {
  cluster = await startPrivateRedisCluster(3);
  kit = await startBankSyncKit({ redisUrl: cluster.url });
  await kit.startWorker();
  raw = createRedisConnection(cluster.url);
}, 60_000);
afterAll(async () => {
  raw?.disconnect();
  await (closing ?? kit?.close());
  await cluster?.stop();
});

describe('bank-sync on a Redis Cluster', () => {
  it('links a bank and imports what Plaid added through the queue and the worker', async () => {
    const { h } = kit;
    expect(h.config.REDIS_URL).toBe(cluster.url);
    const itemId = await kit.link(h.userA);
    // The first import after linking runs on the worker too.
    expect(await kit.waitForIdle(itemId)).toEqual({ sync_state: 'idle', status: 'active' });
    expect((await kit.rows(itemId)).length).toBeGreaterThan(0);

    await kit.plaid('/sandbox/transactions/create', {
      access_token: await kit.accessToken(itemId),
      transactions: [{ date_transacted: '2026-03-10', date_posted: '2026-03-10', amount: 12.34, description: 'CLUSTER CAFE', iso_currency_code: 'USD' }],
    });
    const answer = await h.call('POST', `/sync/${h.userA.id}`);
    expect(answer.body).toEqual({ success: true, message: BANK_SYNC_MESSAGES.syncQueued, queued: 1 });
    const deadline = Date.now() + 15_000;
    while (!(await kit.rows(itemId)).some((row) => row.name === 'CLUSTER CAFE')) {
      if (Date.now() > deadline) throw new Error('the worker never imported the new transaction');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await kit.waitForIdle(itemId)).toEqual({ sync_state: 'idle', status: 'active' });

    // The queue's keys: under the cluster form of the prefix, in one slot (BullMQ's scripts need it).
    const prefix = bullPrefix(h.redisKeyPrefix, 'bank-sync', cluster.url);
    expect(prefix).toBe(`${h.redisKeyPrefix}{bull:bank-sync}`);
    const meta = `${prefix}:bank-sync:meta`;
    expect(await raw.exists(meta)).toBe(1);
    expect(await raw.cluster('KEYSLOT', `${prefix}:bank-sync:completed`)).toBe(await raw.cluster('KEYSLOT', meta));
  }, 40_000);

  it("leaves none of its keys on any primary once closed (the harness' clean-up walks every node)", async () => {
    const prefix = kit.h.redisKeyPrefix;
    const primaries = (raw as Cluster).nodes('master');
    const keysOf = async () => (await Promise.all(primaries.map((node) => node.keys(`${prefix}*`)))).map((keys) => keys.length);
    // Keys on more than one primary (the queues' slots, and others), so a walk of one node would leave some.
    expect((await keysOf()).filter((count) => count > 0).length).toBeGreaterThan(1);
    closing = kit.close();
    await closing;
    expect(await keysOf()).toEqual(primaries.map(() => 0));
  });
});
