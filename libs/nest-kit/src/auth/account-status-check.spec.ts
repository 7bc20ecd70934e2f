import { EventEmitter } from 'node:events';
import { Logger } from '@nestjs/common';
import { ACCOUNT_STATUS_CHANNEL, REVOKED_SESSION_KEY_PREFIX, SUSPENDED_ACCOUNT_KEY_PREFIX } from '@paycadence/contracts';
import type { Redis } from 'ioredis';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AccountStatusCheck, type AccountStatusOptions } from './account-status-check.js';

const ANN = '5b3f1c7e-0000-4000-8000-000000000001';
const BOB = '5b3f1c7e-0000-4000-8000-000000000002';

/** A Redis double: a set of keys answered by EXISTS (after `latencyMs`, or failing), and a subscriber. */
class FakeRedis {
  keys = new Set<string>();
  latencyMs = 0;
  failure: Error | null = null;
  exists = vi.fn(async (key: string) => {
    if (this.latencyMs) await new Promise((resolve) => setTimeout(resolve, this.latencyMs));
    if (this.failure) throw this.failure;
    return this.keys.has(key) ? 1 : 0;
  });
  subscriber = Object.assign(new EventEmitter(), {
    channels: [] as string[],
    status: 'ready',
    subscribe: vi.fn(async (channel: string) => {
      this.subscriber.channels.push(channel);
      return 1;
    }),
    quit: vi.fn(async () => 'OK'),
    disconnect: vi.fn(),
  });
  duplicate = vi.fn(() => this.subscriber);

  suspend(userId: string) {
    this.keys.add(`${SUSPENDED_ACCOUNT_KEY_PREFIX}${userId}`);
  }
  publish(message: unknown) {
    this.subscriber.emit('message', ACCOUNT_STATUS_CHANNEL, typeof message === 'string' ? message : JSON.stringify(message));
  }
}

let redis: FakeRedis;
let warnings: string[];

beforeEach(() => {
  redis = new FakeRedis();
  warnings = [];
  vi.spyOn(Logger.prototype, 'warn').mockImplementation((message: unknown) => {
    warnings.push(String(message));
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

async function started(options: AccountStatusOptions = {}) {
  const check = new AccountStatusCheck(redis as unknown as Redis, options);
  await check.onApplicationBootstrap();
  return check;
}

describe('AccountStatusCheck', () => {
  it('answers from the suspension key, and a cache hit does not touch Redis', async () => {
    redis.suspend(ANN);
    const check = await started();
    expect(await check.isSuspended(ANN)).toBe(true);
    expect(await check.isSuspended(BOB)).toBe(false);
    expect(await check.isSuspended(ANN)).toBe(true);
    expect(await check.isSuspended(BOB)).toBe(false);
    expect(redis.exists).toHaveBeenCalledTimes(2);
    expect(redis.exists).toHaveBeenCalledWith(`${SUSPENDED_ACCOUNT_KEY_PREFIX}${ANN}`);
  });

  it('asks Redis once for concurrent requests of the same user', async () => {
    redis.latencyMs = 20;
    const check = await started();
    expect(await Promise.all([check.isSuspended(ANN), check.isSuspended(ANN), check.isSuspended(ANN)])).toEqual([false, false, false]);
    expect(redis.exists).toHaveBeenCalledTimes(1);
  });

  it('looks again once an entry is older than the cache time', async () => {
    const check = await started({ cacheMs: 30 });
    expect(await check.isSuspended(ANN)).toBe(false);
    redis.suspend(ANN); // the message was missed: only the expiry brings the change
    expect(await check.isSuspended(ANN)).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(await check.isSuspended(ANN)).toBe(true);
  });

  it('subscribes to the status channel and, on a message, reads the key again at once, even over a warm entry', async () => {
    const check = await started();
    expect(redis.subscriber.channels).toEqual([ACCOUNT_STATUS_CHANNEL]);
    expect(await check.isSuspended(ANN)).toBe(false);
    // Auth writes the key, then publishes.
    redis.suspend(ANN);
    redis.publish({ userId: ANN, status: 'suspended' });
    expect(await check.isSuspended(ANN)).toBe(true);
    redis.keys.clear();
    redis.publish({ userId: ANN, status: 'active' });
    expect(await check.isSuspended(ANN)).toBe(false);
    expect(redis.exists).toHaveBeenCalledTimes(3);
    // Between messages the cache answers.
    expect(await check.isSuspended(ANN)).toBe(false);
    expect(redis.exists).toHaveBeenCalledTimes(3);
  });

  it('takes a message as a hint, never as the answer: a forged one cannot lift a suspension or invent one', async () => {
    // Every service may publish on the channel (Redis cannot grant subscribing alone); only auth writes the keys.
    const check = await started();
    redis.suspend(ANN);
    expect(await check.isSuspended(ANN)).toBe(true);
    redis.publish({ userId: ANN, status: 'active' });
    expect(await check.isSuspended(ANN)).toBe(true);
    redis.publish({ userId: BOB, status: 'suspended' });
    expect(await check.isSuspended(BOB)).toBe(false);
  });

  it('does not let a lookup that was still running when a message arrived settle the answer', async () => {
    redis.latencyMs = 20;
    const check = await started();
    const pending = check.isSuspended(ANN); // Redis still says active
    redis.suspend(ANN);
    redis.publish({ userId: ANN, status: 'suspended' });
    await pending;
    expect(await check.isSuspended(ANN)).toBe(true);
  });

  it('ignores malformed messages', async () => {
    const check = await started();
    for (const message of ['not json', 'null', { userId: ANN }, { userId: ANN, status: 'deleted' }, { status: 'suspended' }]) redis.publish(message);
    expect(await check.isSuspended(ANN)).toBe(false);
  });

  it('forgets everything when the channel reconnects (messages may have been lost meanwhile)', async () => {
    const check = await started();
    redis.subscriber.emit('ready');
    expect(await check.isSuspended(ANN)).toBe(false);
    redis.suspend(ANN);
    redis.subscriber.emit('ready');
    expect(await check.isSuspended(ANN)).toBe(true);
  });

  it('keeps at most maxEntries users, dropping the oldest', async () => {
    const check = await started({ maxEntries: 2 });
    const users = [ANN, BOB, '5b3f1c7e-0000-4000-8000-000000000003'];
    for (const user of users) await check.isSuspended(user);
    expect(redis.exists).toHaveBeenCalledTimes(3);
    await check.isSuspended(users[2]);
    await check.isSuspended(users[1]);
    expect(redis.exists).toHaveBeenCalledTimes(3);
    await check.isSuspended(ANN);
    expect(redis.exists).toHaveBeenCalledTimes(4);
  });

  it('fails open when Redis fails, warning at most once a minute, and retries after a short pause', async () => {
    redis.failure = new Error('connection refused');
    redis.suspend(ANN);
    const check = await started();
    expect(await check.isSuspended(ANN)).toBe(false);
    expect(await check.isSuspended(BOB)).toBe(false);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/connection refused/);
    expect(redis.exists).toHaveBeenCalledTimes(2);
    // The failure is remembered briefly (no wait per request), then Redis is asked again.
    expect(await check.isSuspended(ANN)).toBe(false);
    expect(redis.exists).toHaveBeenCalledTimes(2);
  });

  it('fails open when Redis is slow: the request waits redisTimeoutMs at most', async () => {
    redis.latencyMs = 1_000;
    redis.suspend(ANN);
    const check = await started({ redisTimeoutMs: 30 });
    const started_ = performance.now();
    expect(await check.isSuspended(ANN)).toBe(false);
    expect(performance.now() - started_).toBeLessThan(500);
    expect(warnings[0]).toMatch(/no answer within 30 ms/);
  });

  it('retries a failed lookup once the failure pause is over', async () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    redis.failure = new Error('down');
    redis.suspend(ANN);
    const check = await started();
    expect(await check.isSuspended(ANN)).toBe(false);
    redis.failure = null;
    vi.advanceTimersByTime(6_000);
    expect(await check.isSuspended(ANN)).toBe(true);
  });

  describe('revoked sessions (signing out ends the session everywhere at once)', () => {
    const SID = '7d0e0000-0000-4000-8000-00000000000a';
    const OTHER_SID = '7d0e0000-0000-4000-8000-00000000000b';

    it('answers from the revoked-session key, apart from the user suspension of the same id', async () => {
      redis.keys.add(`${REVOKED_SESSION_KEY_PREFIX}${SID}`);
      const check = await started();
      expect(await check.isSessionRevoked(SID)).toBe(true);
      expect(await check.isSessionRevoked(OTHER_SID)).toBe(false);
      expect(await check.isSuspended(SID)).toBe(false);
      expect(redis.exists).toHaveBeenCalledWith(`${REVOKED_SESSION_KEY_PREFIX}${SID}`);
      expect(await check.isSessionRevoked(SID)).toBe(true);
      expect(redis.exists).toHaveBeenCalledTimes(3);
    });

    it('applies a revocation at once over a warm "live" entry, and ignores a forged one', async () => {
      const check = await started();
      expect(await check.isSessionRevoked(SID)).toBe(false);
      redis.publish({ sessionId: OTHER_SID, status: 'revoked' }); // no key behind it
      expect(await check.isSessionRevoked(OTHER_SID)).toBe(false);
      redis.keys.add(`${REVOKED_SESSION_KEY_PREFIX}${SID}`);
      redis.publish({ sessionId: SID, status: 'revoked' });
      expect(await check.isSessionRevoked(SID)).toBe(true);
      expect(await check.isSessionRevoked(OTHER_SID)).toBe(false);
      expect(await check.isSuspended(ANN)).toBe(false);
    });

    it('ignores malformed session messages', async () => {
      const check = await started();
      for (const message of [{ sessionId: SID }, { sessionId: SID, status: 'active' }, { sessionId: 7, status: 'revoked' }]) redis.publish(message);
      expect(await check.isSessionRevoked(SID)).toBe(false);
    });

    it('fails open like the suspension check', async () => {
      redis.failure = new Error('down');
      redis.keys.add(`${REVOKED_SESSION_KEY_PREFIX}${SID}`);
      const check = await started();
      expect(await check.isSessionRevoked(SID)).toBe(false);
    });
  });

  it('is off, with one warning, without Redis', async () => {
    const check = new AccountStatusCheck(undefined, {});
    await check.onApplicationBootstrap();
    expect(await check.isSuspended(ANN)).toBe(false);
    expect(warnings).toEqual([expect.stringMatching(/account status check is off/)]);
  });

  it('closes its subscriber on shutdown', async () => {
    const check = await started();
    await check.onApplicationShutdown();
    expect(redis.subscriber.quit).toHaveBeenCalledTimes(1);
  });

  it('drops a subscriber that is still waiting for Redis on shutdown instead of waiting with it', async () => {
    const check = await started();
    redis.subscriber.status = 'reconnecting';
    await check.onApplicationShutdown();
    expect(redis.subscriber.quit).not.toHaveBeenCalled();
    expect(redis.subscriber.disconnect).toHaveBeenCalledTimes(1);
  });
});
