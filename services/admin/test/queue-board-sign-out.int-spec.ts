import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AUTH_MESSAGES, QUEUE_BOARD_COOKIE, QUEUE_BOARD_PATH } from '@paycadence/contracts';
import { systemClock } from '@paycadence/nest-kit';
import { startPrivateRedis, startServiceHarness, type PrivateRedis, type ServiceHarness } from '@paycadence/nest-kit/testing';
import { Redis } from 'ioredis';
import type { AdminConfig } from '../src/config.js';
import { serviceDefinition } from '../src/service-definition.js';
// Signing out is auth's: the one way to test that the board follows it is the real auth.
// eslint-disable-next-line @nx/enforce-module-boundaries
import type { AuthConfig } from '../../auth/src/config.js';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { serviceDefinition as authDefinition } from '../../auth/src/service-definition.js';

// The queue board's own session dies with the sign-in session that opened it: admin and auth, both real, on their
// own schemas of the real PostgreSQL and on a Redis of this test's own. The admin signs in to auth (access tokens
// carry the session family as `sid`), opens the board, and signs out; auth revokes the family and announces it
// on the account-status channel, which admin's board follows as every guard does.
const dataDir = mkdtempSync(join(tmpdir(), 'admin-board-sign-out-'));
const ADMIN_PREFIX = `admin-board-${process.pid}-${Date.now()}:`;
const BOSS = { email: 'boss@example.com', password: 'B0ss!Password' };
let redis: PrivateRedis;
let redisClient: Redis;
let auth: ServiceHarness<AuthConfig>;
let h: ServiceHarness<AdminConfig>;

let ipCounter = 0;
/** Auth limits sign-in attempts per address: each sign-in comes from an address of its own (the gateway's header). */
const fromSomewhere = () => ({ 'x-forwarded-for': `198.51.100.${(ipCounter++ % 200) + 1}` });

beforeAll(async () => {
  redis = await startPrivateRedis();
  redisClient = new Redis(redis.url);
  auth = await startServiceHarness(authDefinition, {
    redisUrl: redis.url,
    clock: systemClock, // admin checks auth's tokens against the real time
    env: {
      DATA_DIR: dataDir,
      APP_URL: 'http://app.test',
      SMTP_URL: '',
      JWT_PRIVATE_KEY: '',
      ENCRYPTION_KEY: '',
      ARGON2_MEMORY_KIB: '1024',
      ARGON2_TIME_COST: '1',
      ADMIN_EMAIL: BOSS.email,
      ADMIN_PASSWORD: BOSS.password,
      ADMIN_REDIS_KEY_PREFIX: ADMIN_PREFIX,
    },
  });
  h = await startServiceHarness(serviceDefinition, {
    basePath: '/api/admin',
    redisUrl: redis.url,
    clock: systemClock,
    env: { AUTH_JWKS_URL: `${auth.baseUrl}/.well-known/jwks.json`, REDIS_KEY_PREFIX: ADMIN_PREFIX },
  });
}, 60_000);

afterAll(async () => {
  redisClient?.disconnect();
  await h?.close();
  await auth?.close();
  await redis?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A new sign-in of the admin (a session family of its own): its access token. */
async function signIn(): Promise<string> {
  const session = await auth.call('POST', '/api/auth/login', { body: BOSS, headers: fromSomewhere() });
  expect(session.status).toBe(200);
  return session.body.session.access_token as string;
}

/** The board cookie (`name=value`) an access token buys. */
async function boardCookie(token: string): Promise<string> {
  const response = await h.call('POST', '/queues/session', { token });
  expect(response.status).toBe(204);
  return (response.headers.get('set-cookie') ?? '').split(';')[0]!;
}

const board = (cookie: string) => fetch(`${h.baseUrl}${QUEUE_BOARD_PATH}/api/queues`, { headers: { cookie } });
const storedKey = (cookie: string) =>
  `${ADMIN_PREFIX}queue-board:session:${createHash('sha256').update(decodeURIComponent(cookie.split('=')[1]!)).digest('hex')}`;

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 5_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('the queue board and signing out', () => {
  it("closes the board of the session that signed out, at once, and forgets it; another sign-in's board stays open", async () => {
    const [first, second] = [await signIn(), await signIn()];
    const [firstBoard, secondBoard] = [await boardCookie(first), await boardCookie(second)];
    expect((await board(firstBoard)).status).toBe(200);
    expect((await board(secondBoard)).status).toBe(200);
    // The family is kept with the board session, so the board can follow it.
    expect(JSON.parse((await redisClient.get(storedKey(firstBoard)))!)).toEqual({ userId: expect.any(String), role: 'admin', sessionId: expect.any(String) });

    expect((await auth.call('POST', '/api/auth/logout', { token: first, body: {} })).status).toBe(204);

    // The channel message reaches admin within moments; the revoked-session key answers even without it.
    const refused = await until(() => board(firstBoard), (response) => response.status === 401);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ message: AUTH_MESSAGES.sessionExpired });
    expect(await redisClient.exists(storedKey(firstBoard))).toBe(0);
    expect((await board(firstBoard)).status).toBe(401);
    expect((await board(secondBoard)).status).toBe(200);
    // Nor can the signed-out token open a new board.
    expect((await h.call('POST', '/queues/session', { token: first })).status).toBe(401);
  });

  it("DELETE /api/admin/queues/session (the console's sign-out, before the token goes) ends the board and clears its cookie", async () => {
    const token = await signIn();
    const cookie = await boardCookie(token);
    expect((await board(cookie)).status).toBe(200);
    const close = (headers: Record<string, string>) => fetch(`${h.baseUrl}${QUEUE_BOARD_PATH}/session`, { method: 'DELETE', headers: { cookie, ...headers } });

    // Like every admin route: no token, no change.
    expect((await close({})).status).toBe(401);
    expect((await board(cookie)).status).toBe(200);

    const closed = await close({ authorization: `Bearer ${token}` });
    expect(closed.status).toBe(204);
    expect(closed.headers.get('set-cookie')).toBe(`${QUEUE_BOARD_COOKIE}=; Path=${QUEUE_BOARD_PATH}; Max-Age=0; HttpOnly; SameSite=Strict; Secure`);
    expect(await redisClient.exists(storedKey(cookie))).toBe(0);
    expect((await board(cookie)).status).toBe(401);
  });
});
