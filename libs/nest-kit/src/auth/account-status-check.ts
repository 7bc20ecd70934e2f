import { Inject, Injectable, Logger, Optional, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import {
  ACCOUNT_STATUS_CACHE_MS,
  ACCOUNT_STATUS_CHANNEL,
  REVOKED_SESSION_KEY_PREFIX,
  SUSPENDED_ACCOUNT_KEY_PREFIX,
  USER_STATUSES,
} from '@paycadence/contracts';
import { duplicateRedis, REDIS, type RedisClient } from '../redis.js';

export interface AccountStatusOptions {
  /** How long a looked-up status is trusted without Redis (default ACCOUNT_STATUS_CACHE_MS). */
  cacheMs?: number;
  /** The longest a request waits for Redis before failing open (default 250 ms). */
  redisTimeoutMs?: number;
  /** Users and sessions remembered at most; the oldest entry goes first (default 10 000). */
  maxEntries?: number;
}

/** Injection token of the options (AuthKitModule.forRoot's `accountStatus`). */
export const ACCOUNT_STATUS_OPTIONS = Symbol('ACCOUNT_STATUS_OPTIONS');

const DEFAULT_REDIS_TIMEOUT_MS = 250;
const DEFAULT_MAX_ENTRIES = 10_000;
/** A failed lookup is remembered this long at most, so a slow Redis costs one bounded wait, not one per request. */
const FAILURE_CACHE_MS = 5_000;
const WARN_EVERY_MS = 60_000;
/** How long start-up waits for the status channel before going on (the subscription then completes later). */
const SUBSCRIBE_WAIT_MS = 2_000;

interface Entry {
  /** Whether the Redis key (a suspension or a revoked session) exists. */
  present: boolean;
  expiresAt: number;
}

class RedisTimeout extends Error {}

/**
 * Is this user suspended? (suspension that takes effect everywhere.) Auth writes
 * `${SUSPENDED_ACCOUNT_KEY_PREFIX}${userId}` while an account is suspended and publishes `{userId, status}` on
 * ACCOUNT_STATUS_CHANNEL on every change. Was this session ended? (signing out ends the session
 * everywhere at once.) Auth writes `${REVOKED_SESSION_KEY_PREFIX}${sid}` when a refresh family is revoked
 * (sign-out, reuse of a spent refresh token, a new password, a 2FA change ending the other sessions) and
 * publishes `{sessionId, status: 'revoked'}` on the same channel. Both are the same question, "does this key
 * exist", answered through one small cache keyed by the Redis key: a hit never touches Redis; a miss asks
 * Redis once (concurrent misses share the lookup); a message on the channel drops the entry at once, so the next
 * request reads the key again, and the entry's expiry bounds how stale it can get should a message be missed.
 *
 * A message is only a hint to look again, never the answer itself: Redis permissions cannot let a service
 * subscribe to the channel without also publishing on it, so any service could send `{userId, status:
 * 'active'}`. The keys, which only auth may write, stay the one source of the answer (auth writes them before
 * it publishes).
 *
 * Times are measured with the monotonic `performance.now()`, not the injected CLOCK: tests freeze that clock,
 * and a frozen clock would keep an entry forever.
 */
@Injectable()
export class AccountStatusCheck implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('AccountStatusCheck');
  private readonly entries = new Map<string, Entry>();
  private readonly lookups = new Map<string, Promise<boolean>>();
  private readonly cacheMs: number;
  private readonly timeoutMs: number;
  private readonly maxEntries: number;
  private subscriber: RedisClient | undefined;
  private subscribed: Promise<void> | undefined;
  private lastWarning = -Infinity;

  constructor(
    @Optional() @Inject(REDIS) private readonly redis?: RedisClient,
    @Optional() @Inject(ACCOUNT_STATUS_OPTIONS) options?: AccountStatusOptions,
  ) {
    this.cacheMs = options?.cacheMs ?? ACCOUNT_STATUS_CACHE_MS;
    this.timeoutMs = options?.redisTimeoutMs ?? DEFAULT_REDIS_TIMEOUT_MS;
    this.maxEntries = Math.max(1, options?.maxEntries ?? DEFAULT_MAX_ENTRIES);
    if (!redis) this.logger.warn('no Redis in this context: the account status check is off (suspended users are not refused here)');
  }

  isSuspended(userId: string): Promise<boolean> {
    return this.isPresent(`${SUSPENDED_ACCOUNT_KEY_PREFIX}${userId}`);
  }

  /** Was the refresh family `sessionId` (an access token's `sid`) revoked within an access token's lifetime? */
  isSessionRevoked(sessionId: string): Promise<boolean> {
    return this.isPresent(`${REVOKED_SESSION_KEY_PREFIX}${sessionId}`);
  }

  private async isPresent(key: string): Promise<boolean> {
    if (!this.redis) return false;
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt > performance.now()) return entry.present;
    return this.lookups.get(key) ?? this.lookUp(key);
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!this.redis) return;
    // A connection of its own: a subscribed ioredis connection can do nothing else. Never gives up on a
    // command (maxRetriesPerRequest null), so the subscription is made whenever Redis comes back. On a cluster
    // the channel is broadcast to every node, so subscribing through any one of them hears every change.
    const subscriber = duplicateRedis(this.redis, { maxRetriesPerRequest: null });
    this.subscriber = subscriber;
    subscriber.on('error', (error: Error) => this.warn(`status channel: ${error.message}`));
    subscriber.on('message', (_channel: string, message: string) => this.onMessage(message));
    let ready = false;
    subscriber.on('ready', () => {
      // Messages published while the connection was down are lost: forget what might have changed meanwhile.
      if (ready) this.entries.clear();
      ready = true;
    });
    this.subscribed = subscriber.subscribe(ACCOUNT_STATUS_CHANNEL).then(
      () => undefined,
      (error: Error) => this.warn(`cannot subscribe to ${ACCOUNT_STATUS_CHANNEL}: ${error.message}`),
    );
    const waited = await Promise.race([this.subscribed.then(() => true), delay(SUBSCRIBE_WAIT_MS).then(() => false)]);
    if (!waited) this.warn(`not yet subscribed to ${ACCOUNT_STATUS_CHANNEL}; status changes reach this process through the cache expiry until then`);
  }

  async onApplicationShutdown(): Promise<void> {
    const subscriber = this.subscriber;
    this.subscriber = undefined;
    if (!subscriber) return;
    // quit() waits for Redis, which this connection waits for without limit: only when connected.
    if (subscriber.status === 'ready') await subscriber.quit().catch(() => subscriber.disconnect());
    else subscriber.disconnect();
  }

  private lookUp(key: string): Promise<boolean> {
    const lookup: Promise<boolean> = this.ask(key).then(
      (present): boolean => this.settle(key, lookup, present, this.cacheMs),
      (error: Error): boolean => {
        // Fail OPEN: a Redis outage must not sign every user out of every service. The risk is bounded: the
        // refresh tokens of a suspended user or an ended session are already revoked in auth's database, so
        // whatever access token they hold expires within ACCESS_TOKEN_TTL_SECONDS (15 minutes), and auth
        // itself refuses the refresh and the sign-in.
        this.warn(`status lookup failed, letting the request through: ${error.message}`);
        return this.settle(key, lookup, false, Math.min(this.cacheMs, FAILURE_CACHE_MS));
      },
    );
    this.lookups.set(key, lookup);
    return lookup;
  }

  private async ask(key: string): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new RedisTimeout(`no answer within ${this.timeoutMs} ms`)), this.timeoutMs);
    });
    try {
      return (await Promise.race([this.redis!.exists(key), timeout])) === 1;
    } finally {
      clearTimeout(timer);
    }
  }

  /** Stores a lookup's answer unless a channel message about the key arrived meanwhile (it is newer). */
  private settle(key: string, lookup: Promise<boolean>, present: boolean, forMs: number): boolean {
    if (this.lookups.get(key) !== lookup) return this.entries.get(key)?.present ?? present;
    this.lookups.delete(key);
    this.remember(key, present, forMs);
    return present;
  }

  private onMessage(message: string): void {
    let parsed: unknown;
    try {
      parsed = JSON.parse(message);
    } catch {
      return;
    }
    const { userId, sessionId, status } = (parsed ?? {}) as { userId?: unknown; sessionId?: unknown; status?: unknown };
    if (typeof sessionId === 'string' && status === 'revoked') return this.forget(`${REVOKED_SESSION_KEY_PREFIX}${sessionId}`);
    if (typeof userId !== 'string' || !(USER_STATUSES as readonly unknown[]).includes(status)) return;
    this.forget(`${SUSPENDED_ACCOUNT_KEY_PREFIX}${userId}`);
  }

  private forget(key: string): void {
    this.lookups.delete(key); // a lookup still running answers what Redis held before this change
    this.entries.delete(key);
  }

  private remember(key: string, present: boolean, forMs: number): void {
    // Re-inserted at the end, so the Map's order is oldest-first and the bound drops the stalest entry.
    this.entries.delete(key);
    this.entries.set(key, { present, expiresAt: performance.now() + forMs });
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }

  /** At most one warning a minute: a Redis outage must not flood the logs with one line per request. */
  private warn(message: string): void {
    const now = performance.now();
    if (now - this.lastWarning < WARN_EVERY_MS) return;
    this.lastWarning = now;
    this.logger.warn(message);
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
