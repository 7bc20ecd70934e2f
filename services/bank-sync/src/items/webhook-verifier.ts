import { createHash, createPublicKey, timingSafeEqual, verify, type KeyObject } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { CLOCK, InjectServiceConfig, REDIS, type Clock } from '@paycadence/nest-kit';
import type { Redis } from 'ioredis';
import type { BankSyncConfig } from '../config.js';
import { PlaidCallError } from '../plaid/plaid-call-error.js';
import { PlaidGateway } from '../plaid/plaid-gateway.js';

/** Plaid: reject a webhook whose `iat` is more than 5 minutes old. */
const MAX_AGE_SECONDS = 5 * 60;
/** Tolerated clock skew for an `iat` in the future. */
const MAX_SKEW_SECONDS = 60;
/** Refetched this often, so a key Plaid has since expired (`expired_at`) stops being accepted. */
const KEY_CACHE_MS = 60 * 60 * 1000;
/** A `kid` Plaid did not know is not asked about again for this long (the endpoint is public). */
const UNKNOWN_KEY_CACHE_MS = 5 * 60 * 1000;
const MAX_CACHED_KIDS = 1000;
/** Key lookups at Plaid, all kids together, per minute: random kids in forged headers cannot make us call Plaid more. */
const KEY_FETCHES_PER_MINUTE = 10;
const MAX_JWT_LENGTH = 4096;

export class WebhookRejected extends Error {}

interface CachedKey {
  key: KeyObject;
  expiredAt: number | null;
  cachedAt: number;
}

function decodeJson(part: string): Record<string, unknown> {
  const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new WebhookRejected('not a JSON object');
  return value as Record<string, unknown>;
}

/**
 * Plaid's webhook verification: the `Plaid-Verification` header is an ES256 JWT signed by a key Plaid serves
 * by its `kid` (/webhook_verification_key/get, cached here), whose `iat` is at most 5 minutes old and whose
 * `request_body_sha256` is the SHA-256 of the exact body bytes. Anything else is refused before any work.
 */
@Injectable()
export class WebhookVerifier {
  private readonly logger = new Logger(WebhookVerifier.name);
  private readonly keys = new Map<string, CachedKey>();
  private readonly unknownKids = new Map<string, number>();
  private readonly inFlight = new Map<string, Promise<CachedKey>>();
  private fetchTimes: number[] = [];

  constructor(
    @Inject(PlaidGateway) private readonly plaid: PlaidGateway,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(REDIS) private readonly redis: Redis,
    @InjectServiceConfig() private readonly config: BankSyncConfig,
  ) {}

  async verify(jwt: string | undefined, rawBody: Buffer | undefined): Promise<void> {
    if (!jwt || jwt.length > MAX_JWT_LENGTH || !rawBody) throw new WebhookRejected('missing header or body');
    const parts = jwt.split('.');
    if (parts.length !== 3) throw new WebhookRejected('not a JWS');
    const [encodedHeader, encodedPayload, encodedSignature] = parts as [string, string, string];
    let header: Record<string, unknown>;
    let payload: Record<string, unknown>;
    try {
      header = decodeJson(encodedHeader);
      payload = decodeJson(encodedPayload);
    } catch {
      throw new WebhookRejected('unreadable JWT');
    }
    if (header.alg !== 'ES256' || typeof header.kid !== 'string' || header.kid.length > 200) throw new WebhookRejected('wrong alg or kid');
    const key = await this.keyFor(header.kid);
    const signed = verify('sha256', Buffer.from(`${encodedHeader}.${encodedPayload}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(encodedSignature, 'base64url'));
    if (!signed) throw new WebhookRejected('bad signature');
    const nowSeconds = Math.floor(this.clock.now().getTime() / 1000);
    const iat = payload.iat;
    if (typeof iat !== 'number' || nowSeconds - iat > MAX_AGE_SECONDS || iat - nowSeconds > MAX_SKEW_SECONDS) throw new WebhookRejected('stale iat');
    const claimed = typeof payload.request_body_sha256 === 'string' ? payload.request_body_sha256 : '';
    const actual = createHash('sha256').update(rawBody).digest('hex');
    if (claimed.length !== actual.length || !timingSafeEqual(Buffer.from(claimed), Buffer.from(actual))) throw new WebhookRejected('body hash mismatch');
    // Each delivery is signed anew with its own iat (Plaid's retries too): the same signed content twice within its
    // 5 minutes is a replay. Keyed on what was signed, not on the signature's text: that one decodes leniently
    // (padding, spare bits) and ECDSA accepts (r, n - s) too, so a re-encoded signature would pass as new.
    const signedContent = createHash('sha256').update(`${encodedHeader}.${encodedPayload}`).digest('hex');
    const seen = `${this.config.REDIS_KEY_PREFIX}plaid-webhook:${signedContent}`;
    const first = await this.redis.set(seen, '1', 'EX', MAX_AGE_SECONDS + MAX_SKEW_SECONDS, 'NX');
    if (first !== 'OK') throw new WebhookRejected('replayed');
  }

  /**
   * The key of `kid`: cached for an hour; one lookup in flight per kid (concurrent requests share it); at most
   * KEY_FETCHES_PER_MINUTE lookups in all; a kid Plaid refused is not asked about for 5 minutes. When a refetch
   * fails for a passing reason (Plaid down, throttled here), the cached key is kept.
   */
  private async keyFor(kid: string): Promise<KeyObject> {
    const now = this.clock.now().getTime();
    const cached = this.keys.get(kid);
    if (cached && now - cached.cachedAt <= KEY_CACHE_MS) return usable(cached, now);
    const refusedAt = this.unknownKids.get(kid);
    if (refusedAt !== undefined && now - refusedAt < UNKNOWN_KEY_CACHE_MS) throw new WebhookRejected('unknown key');
    let lookup = this.inFlight.get(kid);
    if (!lookup) {
      if (!this.takeFetchBudget(now)) {
        if (cached) return usable(cached, now);
        throw new WebhookRejected('key lookups throttled');
      }
      lookup = this.fetchKey(kid, now).finally(() => this.inFlight.delete(kid));
      this.inFlight.set(kid, lookup);
    }
    try {
      return usable(await lookup, now);
    } catch (error) {
      if (error instanceof KeyLookupFailed && cached) return usable(cached, now);
      throw error;
    }
  }

  private async fetchKey(kid: string, now: number): Promise<CachedKey> {
    let jwk: Record<string, unknown>;
    try {
      jwk = await this.plaid.webhookVerificationKey(kid);
    } catch (error) {
      if (error instanceof PlaidCallError) this.logger.warn(`webhook key ${kid.slice(0, 40)} refused: ${error.code}`);
      // Plaid refused this kid: remember it, so forged headers cannot make us call Plaid on every request.
      if (error instanceof PlaidCallError && !error.retryable) {
        this.keys.delete(kid);
        remember(this.unknownKids, kid, now);
        throw new WebhookRejected('unknown key');
      }
      throw new KeyLookupFailed('key lookup failed');
    }
    if (jwk.kty !== 'EC' || jwk.crv !== 'P-256') throw new WebhookRejected('unexpected key type');
    const key = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: jwk.x as string, y: jwk.y as string }, format: 'jwk' });
    const fetched = { key, expiredAt: typeof jwk.expired_at === 'number' ? jwk.expired_at * 1000 : null, cachedAt: now };
    remember(this.keys, kid, fetched);
    return fetched;
  }

  /** A sliding minute of lookups, all kids together. */
  private takeFetchBudget(now: number): boolean {
    this.fetchTimes = this.fetchTimes.filter((at) => now - at < 60_000 && at <= now);
    if (this.fetchTimes.length >= KEY_FETCHES_PER_MINUTE) return false;
    this.fetchTimes.push(now);
    return true;
  }
}

/** A lookup that failed for a passing reason (Plaid unavailable): a cached key may still serve. */
class KeyLookupFailed extends WebhookRejected {}

function usable(cached: CachedKey, now: number): KeyObject {
  if (cached.expiredAt !== null && cached.expiredAt < now) throw new WebhookRejected('expired key');
  return cached.key;
}

/** Map.set with a size bound: the oldest entry goes first. */
function remember<V>(map: Map<string, V>, key: string, value: V) {
  map.delete(key);
  map.set(key, value);
  if (map.size > MAX_CACHED_KIDS) map.delete(map.keys().next().value!);
}
