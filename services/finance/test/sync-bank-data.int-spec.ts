import { BANK_SYNC_MESSAGES, FINANCE_MESSAGES, SyncBankDataResponseSchema } from '@paycadence/contracts';
import { bullPrefix } from '@paycadence/nest-kit';
import { startPrivateRedis, startServiceHarness, type PrivateRedis, type ServiceHarness } from '@paycadence/nest-kit/testing';
import { Redis } from 'ioredis';
import { bankSyncQueueKeyPrefix, type FinanceConfig } from '../src/config.js';
import { serviceDefinition } from '../src/service-definition.js';
import { startBankSyncStandIn, type BankSyncStandIn } from './support/bank-sync-stand-in.js';

// docs/product/signed-in.md §7 POST /sync-bank-data and §8: finance asks bank-sync over the real Redis transport (a test
// Redis of its own); bank-sync's side is played by a stand-in whose answers each test sets.
let h: ServiceHarness<FinanceConfig>;
let redis: PrivateRedis;
let bank: BankSyncStandIn;
const LAST_SYNC = '2026-03-10T11:40:00.000Z';

beforeAll(async () => {
  redis = await startPrivateRedis();
  bank = await startBankSyncStandIn(redis.url);
  h = await startServiceHarness(serviceDefinition, {
    basePath: '/api/financial',
    callAs: 'userA',
    redisUrl: redis.url,
    env: { BANK_SYNC_TIMEOUT_MS: '700' },
  });
  keys = new Redis(redis.url);
});
afterAll(async () => {
  keys?.disconnect();
  await h?.close();
  await bank?.close();
  await redis?.stop();
});
beforeEach(async () => {
  bank.received.length = 0;
  bank.fullSync = { fail: true };
  const queueKeys = await keys.keys(`${queuePrefix()}*`);
  if (queueKeys.length) await keys.del(...queueKeys);
});

/** Where bank-sync's worker looks: `<REDIS_KEY_PREFIX>bull:bank-sync:<job id>` (nest-kit's JobsModule). */
const queuePrefix = () => `${bullPrefix(bankSyncQueueKeyPrefix(h.config))}:bank-sync:`;
/** The `sync-user` job waiting on bank-sync's queue for that user, with its deterministic id. */
async function queuedSyncUser(userId: string) {
  const job = await keys.hgetall(`${queuePrefix()}${userId}.sync-user`);
  const waiting = await keys.lrange(`${queuePrefix()}wait`, 0, -1);
  return job.name ? { name: job.name, data: JSON.parse(job.data), waiting: waiting.includes(`${userId}.sync-user`) } : null;
}

const sync = (token?: string | null) => h.call('POST', '/sync-bank-data', token === undefined ? {} : { token });

describe('POST /api/financial/sync-bank-data', () => {
  it("queues the full sync of the signed-in user's banks and answers bank-sync's message with the last sync", async () => {
    bank.fullSync = { reply: () => ({ ok: true, message: BANK_SYNC_MESSAGES.syncQueued, itemCount: 2, lastSyncedAt: LAST_SYNC }) };
    const response = await sync();
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, message: BANK_SYNC_MESSAGES.syncQueued, lastSyncedAt: LAST_SYNC });
    expect(SyncBankDataResponseSchema.parse(response.body)).toEqual(response.body);
    expect(bank.received).toEqual([{ pattern: 'bank-sync.full-sync', message: { userId: h.userA.id } }]);
  });

  it('asks for the token\'s user only: user B\'s call carries user B\'s id', async () => {
    bank.fullSync = { reply: () => ({ ok: true, message: BANK_SYNC_MESSAGES.syncQueued, itemCount: 1, lastSyncedAt: null }) };
    await sync(h.userB.token);
    expect(bank.received.map((r) => r.message.userId)).toEqual([h.userB.id]);
  });

  it('answers success false with the no-bank message when the user has linked no bank', async () => {
    bank.fullSync = { reply: () => ({ ok: true, message: 'nothing to do', itemCount: 0, lastSyncedAt: null }) };
    const response = await sync();
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: false, message: FINANCE_MESSAGES.noBankConnected, lastSyncedAt: null });
  });

  it("falls back when the full sync fails: puts the user's sync on bank-sync's queue, 'Bank data synced successfully' (spec §8)", async () => {
    const response = await sync();
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, message: 'Bank data synced successfully', lastSyncedAt: null });
    expect(bank.received.map((r) => r.pattern)).toEqual(['bank-sync.full-sync']);
    expect(await queuedSyncUser(h.userA.id)).toEqual({ name: 'sync-user', data: { userId: h.userA.id }, waiting: true });
    expect(await queuedSyncUser(h.userB.id)).toBeNull();
    // Pressed again while it waits: the same job id, still one job.
    expect((await sync()).body.message).toBe(FINANCE_MESSAGES.syncFallbackSucceeded);
    expect((await keys.lrange(`${queuePrefix()}wait`, 0, -1))).toEqual([`${h.userA.id}.sync-user`]);
  });

  it('falls back when the full sync does not answer in time', async () => {
    bank.fullSync = { silent: true };
    const started = Date.now();
    const response = await sync();
    expect(response.body).toEqual({ success: true, message: FINANCE_MESSAGES.syncFallbackSucceeded, lastSyncedAt: null });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(await queuedSyncUser(h.userA.id)).toMatchObject({ name: 'sync-user', waiting: true });
  });

  it('falls back when bank-sync refuses the full sync (ok false)', async () => {
    bank.fullSync = { reply: () => ({ ok: false, message: 'busy', itemCount: 1, lastSyncedAt: null }) };
    expect((await sync()).body.message).toBe(FINANCE_MESSAGES.syncFallbackSucceeded);
    expect(await queuedSyncUser(h.userA.id)).toMatchObject({ name: 'sync-user', waiting: true });
  });

  it('answers success false with the sign-in message when every linked bank needs a new sign-in, and queues nothing', async () => {
    bank.fullSync = { reply: () => ({ ok: false, message: BANK_SYNC_MESSAGES.loginRequired, itemCount: 2, lastSyncedAt: LAST_SYNC }) };
    const response = await sync();
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: false, message: BANK_SYNC_MESSAGES.loginRequired, lastSyncedAt: LAST_SYNC });
    expect(await queuedSyncUser(h.userA.id)).toBeNull();
  });

  it("answers 503 'Failed to sync bank data. Please try again.' when both fail, without internals", async () => {
    bank.fullSync = { fail: true };
    // Redis refuses writes (out of memory) but still carries the transport: the job cannot be added.
    await keys.config('SET', 'maxmemory-policy', 'noeviction');
    await keys.config('SET', 'maxmemory', '1');
    try {
      const response = await sync();
      expect(response.status).toBe(503);
      expect(response.body).toEqual({ message: 'Failed to sync bank data. Please try again.' });
    } finally {
      await keys.config('SET', 'maxmemory', '0');
    }
    expect(await queuedSyncUser(h.userA.id)).toBeNull();
  });

  it('takes no body: a JSON content type with an empty body is fine', async () => {
    bank.fullSync = { reply: () => ({ ok: true, message: BANK_SYNC_MESSAGES.syncQueued, itemCount: 1, lastSyncedAt: null }) };
    const response = await h.call('POST', '/sync-bank-data', { headers: { 'content-type': 'application/json' } });
    expect(response.status).toBe(200);
    expect(response.body.success).toBe(true);
  });

  it('answers 401 without a token and asks bank-sync nothing', async () => {
    expect((await sync(null)).status).toBe(401);
    expect(bank.received).toEqual([]);
  });
});
