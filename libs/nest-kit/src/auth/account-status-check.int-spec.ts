import { randomUUID } from 'node:crypto';
import { HttpException, type ExecutionContext, type INestApplicationContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  ACCOUNT_STATUS_CHANNEL,
  AUTH_MESSAGES,
  REVOKED_SESSION_KEY_PREFIX,
  SUSPENDED_ACCOUNT_KEY_PREFIX,
} from '@paycadence/contracts';
import { Redis } from 'ioredis';
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { REDIS, RedisModule } from '../redis.js';
import { AccountStatusCheck } from './account-status-check.js';
import { AuthKitModule } from './auth-kit.module.js';
import { AuthGuard } from './auth.guard.js';
import { TOKEN_AUDIENCE, TOKEN_ISSUER } from './token-claims.js';

// The guard with its status check on the real Redis (REDIS_URL, else the local one), as a service runs it:
// the shared client from RedisModule, the subscriber it duplicates, and auth's key and channel as auth writes them.
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
let app: INestApplicationContext;
let guard: AuthGuard;
let check: AccountStatusCheck;
let redis: Redis;
let privateKey: CryptoKey;
const touched: string[] = [];

beforeAll(async () => {
  const pair = await generateKeyPair('ES256', { extractable: true });
  privateKey = pair.privateKey;
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'status-test', alg: 'ES256', use: 'sig' };
  const moduleRef = await Test.createTestingModule({
    imports: [RedisModule.forRoot(() => redisUrl), AuthKitModule.forRoot(() => ({ jwks: { keys: [jwk] } }))],
  }).compile();
  app = await moduleRef.init();
  guard = app.get(AuthGuard);
  check = app.get(AccountStatusCheck);
  redis = new Redis(redisUrl);
});

afterAll(async () => {
  if (touched.length) await redis?.del(...touched);
  redis?.disconnect();
  await app?.close();
});

/** A fresh user's valid access token (of session `sid`, or a fresh one). */
async function user(sid: string = randomUUID()) {
  const id = randomUUID();
  touched.push(`${SUSPENDED_ACCOUNT_KEY_PREFIX}${id}`, `${REVOKED_SESSION_KEY_PREFIX}${sid}`);
  const now = Math.floor(Date.now() / 1000);
  const token = await new SignJWT({ token_use: 'access', role: 'user', aal: 'aal1', sid })
    .setProtectedHeader({ alg: 'ES256', kid: 'status-test' })
    .setSubject(id)
    .setIssuer(TOKEN_ISSUER)
    .setAudience(TOKEN_AUDIENCE)
    .setIssuedAt(now)
    .setExpirationTime(now + 900)
    .sign(privateKey);
  return { id, sid, token };
}

/** The guard's answer to one request with this token: 'allowed' or the refusal's status and message. */
async function answer(token: string) {
  const request = { headers: { authorization: `Bearer ${token}` } };
  const context = {
    switchToHttp: () => ({ getRequest: () => request, getResponse: () => ({}) }),
    getHandler: () => answer,
    getClass: () => AuthGuard,
  } as unknown as ExecutionContext;
  return guard.canActivate(context).then(
    () => 'allowed',
    (error: unknown) => (error instanceof HttpException ? { status: error.getStatus(), message: error.message } : error),
  );
}

/** What auth does when an admin suspends or activates (services/auth AccountStatusPublisher). */
const suspend = async (id: string) => {
  await redis.set(`${SUSPENDED_ACCOUNT_KEY_PREFIX}${id}`, 1, 'EX', ACCESS_TOKEN_TTL_SECONDS);
  await redis.publish(ACCOUNT_STATUS_CHANNEL, JSON.stringify({ userId: id, status: 'suspended' }));
};
const activate = async (id: string) => {
  await redis.del(`${SUSPENDED_ACCOUNT_KEY_PREFIX}${id}`);
  await redis.publish(ACCOUNT_STATUS_CHANNEL, JSON.stringify({ userId: id, status: 'active' }));
};

/** Polls until the check says `suspended` (a published message crosses Redis in well under a second). */
async function eventually(id: string, suspended: boolean) {
  const deadline = Date.now() + 2_000;
  while ((await check.isSuspended(id)) !== suspended) {
    if (Date.now() > deadline) throw new Error(`still ${!suspended ? 'suspended' : 'active'} after 2 s`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const SUSPENDED = { status: 401, message: AUTH_MESSAGES.suspended };
const SIGNED_OUT = { status: 401, message: AUTH_MESSAGES.sessionExpired };

/** What auth does when a session ends (services/auth SessionService: sign-out, reuse, new password...). */
const revokeSession = async (sid: string) => {
  await redis.set(`${REVOKED_SESSION_KEY_PREFIX}${sid}`, 1, 'EX', ACCESS_TOKEN_TTL_SECONDS);
  await redis.publish(ACCOUNT_STATUS_CHANNEL, JSON.stringify({ sessionId: sid, status: 'revoked' }));
};
async function eventuallyRevoked(sid: string) {
  const deadline = Date.now() + 2_000;
  while (!(await check.isSessionRevoked(sid))) {
    if (Date.now() > deadline) throw new Error('session still live after 2 s');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('AuthGuard with AccountStatusCheck on the real Redis', () => {
  it('refuses a user whose suspension key is present, and lets others through', async () => {
    const [ann, bob] = [await user(), await user()];
    await redis.set(`${SUSPENDED_ACCOUNT_KEY_PREFIX}${ann.id}`, 1, 'EX', 60);
    expect(await answer(ann.token)).toEqual(SUSPENDED);
    expect(await answer(bob.token)).toBe('allowed');
  });

  it('refuses at once on the published suspension, even while the cache says active', async () => {
    const ann = await user();
    expect(await answer(ann.token)).toBe('allowed'); // cached as active for ACCOUNT_STATUS_CACHE_MS
    await suspend(ann.id);
    await eventually(ann.id, true);
    expect(await answer(ann.token)).toEqual(SUSPENDED);
  });

  it('lets the user in again after the key is deleted and the activation published', async () => {
    const ann = await user();
    await suspend(ann.id);
    await eventually(ann.id, true);
    expect(await answer(ann.token)).toEqual(SUSPENDED);
    await activate(ann.id);
    await eventually(ann.id, false);
    expect(await answer(ann.token)).toBe('allowed');
  });

  it('answers a cached user without a round trip to Redis', async () => {
    const ann = await user();
    const shared = app.get<Redis>(REDIS);
    const lookups = vi.spyOn(shared, 'exists');
    for (let i = 0; i < 100; i += 1) expect(await answer(ann.token)).toBe('allowed');
    expect(lookups).toHaveBeenCalledTimes(2); // the user's suspension and the session's revocation, once each
    lookups.mockRestore();
  });

  it('refuses a signed-out session at once (published), even while the cache says live, and no other session', async () => {
    const ann = await user();
    const annElsewhere = await user(); // same person's other device: another family
    expect(await answer(ann.token)).toBe('allowed');
    expect(await answer(annElsewhere.token)).toBe('allowed');
    await revokeSession(ann.sid);
    await eventuallyRevoked(ann.sid);
    expect(await answer(ann.token)).toEqual(SIGNED_OUT);
    expect(await answer(annElsewhere.token)).toBe('allowed');
  });

  it('refuses a session whose revocation key is present when first seen (a message this process missed)', async () => {
    const sid = randomUUID();
    await redis.set(`${REVOKED_SESSION_KEY_PREFIX}${sid}`, 1, 'EX', 60);
    const ann = await user(sid);
    expect(await answer(ann.token)).toEqual(SIGNED_OUT);
  });
});

describe('AuthGuard when Redis is unreachable', () => {
  it('starts, lets a valid token through (fail open, within the bounded wait) and shuts down promptly', async () => {
    const jwk = { ...(await exportJWK((await generateKeyPair('ES256', { extractable: true })).publicKey)), kid: 'other', alg: 'ES256', use: 'sig' };
    const started = performance.now();
    // Port 1 on loopback: nothing listens, every connection is refused.
    const moduleRef = await Test.createTestingModule({
      imports: [RedisModule.forRoot(() => 'redis://127.0.0.1:1'), AuthKitModule.forRoot(() => ({ jwks: { keys: [jwk] }, accountStatus: { redisTimeoutMs: 100 } }))],
    }).compile();
    const offline = await moduleRef.init();
    try {
      const lookup = performance.now();
      expect(await offline.get(AccountStatusCheck).isSuspended(randomUUID())).toBe(false);
      expect(performance.now() - lookup).toBeLessThan(1_000);
    } finally {
      await offline.close();
    }
    expect(performance.now() - started).toBeLessThan(8_000);
  });
});

