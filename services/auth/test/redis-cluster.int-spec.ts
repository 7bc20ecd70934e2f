import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ClientProxy } from '@nestjs/microservices';
import {
  AUTH_ADMIN_PATTERNS,
  AUTH_MESSAGES,
  REVOKED_SESSION_KEY_PREFIX,
  SUSPENDED_ACCOUNT_KEY_PREFIX,
  type UserReply,
} from '@paycadence/contracts';
import { AccountStatusCheck, createRedisClient, createRedisConnection, REDIS, systemClock } from '@paycadence/nest-kit';
import { startPrivateRedisCluster, startServiceHarness, type PrivateRedisCluster, type ServiceHarness } from '@paycadence/nest-kit/testing';
import { Cluster } from 'ioredis';
import { decodeJwt } from 'jose';
import { firstValueFrom, timeout } from 'rxjs';
import type { AuthConfig } from '../src/config.js';
import { serviceDefinition } from '../src/service-definition.js';
import { PASSWORD, registerAccount } from './support/accounts.js';

// The real auth service on a throwaway three-primary Redis Cluster (docs/redis-cluster.md): an admin's suspension
// over the Redis transport, and a new password ending several sessions at once, must reach the running service's
// guard through the account-status channel at once, not when its 30 s cache runs out. No skip: without
// redis-server this fails, naming it.
const dataDir = mkdtempSync(join(tmpdir(), 'auth-cluster-'));
let cluster: PrivateRedisCluster;
let h: ServiceHarness<AuthConfig>;
let admin: ClientProxy;
let raw: Cluster;
let check: AccountStatusCheck;

beforeAll(async () => {
  cluster = await startPrivateRedisCluster(3);
  h = await startServiceHarness(serviceDefinition, {
    redisUrl: cluster.url,
    clock: systemClock, // tokens are checked against the real time
    env: { DATA_DIR: dataDir, APP_URL: 'http://app.test', SMTP_URL: '', JWT_PRIVATE_KEY: '', ENCRYPTION_KEY: '', ARGON2_MEMORY_KIB: '1024', ARGON2_TIME_COST: '1' },
  });
  admin = createRedisClient(cluster.url);
  await admin.connect();
  raw = createRedisConnection(cluster.url) as Cluster;
  check = h.app.get(AccountStatusCheck, { strict: false });
}, 60_000);

afterAll(async () => {
  await admin?.close();
  raw?.disconnect();
  await h?.close();
  await cluster?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

let counter = 0;
const freshIp = () => `203.0.113.${(++counter % 200) + 1}`;
const freshEmail = () => `cluster${++counter}-${process.pid}@example.com`;
const api = (method: string, path: string, options: { body?: unknown; token?: string } = {}) =>
  h.call(method, path, { body: options.body, token: options.token, headers: { 'x-forwarded-for': freshIp() } });
const me = (token: string) => api('GET', '/api/auth/me', { token });
const sessionIdOf = (accessToken: string) => decodeJwt(accessToken).sid as string;

/** The port of the primary holding `key`. */
async function nodeOf(key: string): Promise<number> {
  const slot = await raw.cluster('KEYSLOT', key);
  const ranges = await raw.cluster('SLOTS');
  return ranges.find(([from, to]) => slot >= from && slot <= to)![2][1];
}

async function waitFor<T>(probe: () => Promise<T | null | undefined | false>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('auth on a Redis Cluster', () => {
  it("talks to the cluster through ioredis' Cluster client, whose status keys spread over the primaries", async () => {
    expect(h.app.get(REDIS, { strict: false })).toBeInstanceOf(Cluster);
    expect(new Set(await Promise.all(['a', 'b', 'c', 'd', 'e', 'f'].map((id) => nodeOf(`${SUSPENDED_ACCOUNT_KEY_PREFIX}${id}`)))).size).toBeGreaterThan(1);
  });

  it("an admin's suspension over the transport makes the running service refuse the user's token at once", async () => {
    const ann = await registerAccount(h, freshEmail(), { 'x-forwarded-for': freshIp() });
    const token = ann.session.access_token as string;
    expect((await me(token)).status).toBe(200);
    // The guard now remembers ann as active for 30 s: only the channel's message can change its mind sooner.
    expect(await check.isSuspended(ann.id)).toBe(false);

    const reply = await firstValueFrom(
      admin
        .send<UserReply>(AUTH_ADMIN_PATTERNS.setUserStatus, { actorId: h.admin.id, actorEmail: 'boss@example.com', ip: '198.51.100.7', userAgent: 'cluster-test', userId: ann.id, status: 'suspended' })
        .pipe(timeout(10_000)),
    );
    expect(reply).toMatchObject({ ok: true, user: { id: ann.id, status: 'suspended' } });
    expect(await raw.get(`${SUSPENDED_ACCOUNT_KEY_PREFIX}${ann.id}`)).toBe('1');
    await waitFor(() => check.isSuspended(ann.id), 5_000);
    const refused = await me(token);
    expect(refused.status).toBe(401);
    expect(refused.body.message).toBe(AUTH_MESSAGES.suspended);
  });

  it('a new password ends every session at once, their keys on several primaries', async () => {
    const ann = await registerAccount(h, freshEmail(), { 'x-forwarded-for': freshIp() });
    const tokens: string[] = [ann.session.access_token];
    // More sessions until their revocation keys sit on at least two primaries: one transaction over them all
    // is what a cluster refuses.
    const nodes = async () => new Set(await Promise.all(tokens.map((token) => nodeOf(`${REVOKED_SESSION_KEY_PREFIX}${sessionIdOf(token)}`))));
    while (tokens.length < 3 || ((await nodes()).size < 2 && tokens.length < 12)) {
      const signIn = await api('POST', '/api/auth/login', { body: { email: ann.email, password: PASSWORD } });
      expect(signIn.status).toBe(200);
      tokens.push(signIn.body.session.access_token);
    }
    expect((await nodes()).size).toBeGreaterThan(1);
    for (const token of tokens) {
      expect((await me(token)).status).toBe(200);
      expect(await check.isSessionRevoked(sessionIdOf(token))).toBe(false); // cached as live for 30 s
    }

    expect((await api('POST', '/api/auth/forgot-password', { body: { email: ann.email } })).status).toBe(200);
    const mail = await waitFor(async () => {
      const outbox = join(dataDir, 'outbox');
      const names = (() => {
        try {
          return readdirSync(outbox).filter((name) => name.endsWith('.json'));
        } catch {
          return [];
        }
      })();
      return names.map((name) => JSON.parse(readFileSync(join(outbox, name), 'utf8'))).find((sent) => sent.to === ann.email && /Reset/.test(sent.subject));
    });
    const recovery = new URLSearchParams(/reset-password#(\S+)/.exec(mail.text)![1]).get('access_token')!;
    expect((await api('POST', '/api/auth/update-password', { token: recovery, body: { password: 'N3w!Password' } })).status).toBe(200);

    for (const token of tokens) {
      const sessionId = sessionIdOf(token);
      expect(await raw.exists(`${REVOKED_SESSION_KEY_PREFIX}${sessionId}`)).toBe(1);
      await waitFor(() => check.isSessionRevoked(sessionId), 5_000);
      expect((await me(token)).status).toBe(401);
    }
  });
});
