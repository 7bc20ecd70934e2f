// Password sign-ins per second (argon2id at the production cost) beside passkey sign-ins (a WebAuthn
// assertion checked instead of a password hashed), and access-token
// verifications per second in the guard (target ≥ 5,000/s on one core): JwtVerifier.verifyAccessToken, and
// the same first-time check through AuthGuard itself (@nestjs/passport → passport-jwt → jwks-rsa).
// Run with `node tests/load/auth.bench.mjs` (or `npm run bench`). Writes tests/load/results/auth.json.
//
// Starts the built auth service on its own (NODE_ENV=production, so the OWASP-floor argon2id cost applies)
// against a throwaway database, a temp DATA_DIR and a random Redis key prefix; the rest of the stack is
// not needed for either figure.
import { generateKeyPairSync, randomBytes, sign, verify } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Redis } from 'ioredis';
import { ACCOUNT_STATUS_CACHE_MS } from '@paycadence/contracts';
import { REPO_ROOT, median, processCpuMs, registerBenchUser, runAutocannon, writeResults } from './bench-kit.mjs';
import { benchRedisPrefix, buildService, startBenchInfrastructure, startServiceProcess } from './support/service-process.mjs';

const DURATION_SECONDS = Number(process.env.BENCH_DURATION ?? 10);
// argon2id runs on libuv's thread pool (4 threads by default): a few connections keep it busy.
const SIGN_IN_CONNECTIONS = 8;
const VERIFY_ITERATIONS = Number(process.env.BENCH_VERIFY_ITERATIONS ?? 20_000);
const TARGET_VERIFICATIONS_PER_SECOND = 5000;
/** The app's address as the bench's auth knows it: a passkey's signature names this origin. */
const BENCH_APP_URL = 'http://localhost:8080';
/** Rounds of the guard with and without the status checks, alternating. */
const PAIRED_ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

async function startAuth({ databaseUrl, redisUrl }) {
  const dataDir = mkdtempSync(join(tmpdir(), 'auth-bench-'));
  const prefix = benchRedisPrefix('auth');
  // Production settings (argon2 floor); one throwaway instance may generate its keys into its temp DATA_DIR.
  const service = await startServiceProcess({
    name: 'auth',
    env: { AUTH_GENERATE_KEYS: 'true', APP_URL: BENCH_APP_URL, DATABASE_URL: databaseUrl, REDIS_URL: redisUrl, DATA_DIR: dataDir, REDIS_KEY_PREFIX: prefix, ADMIN_EMAIL: '', ADMIN_PASSWORD: '' },
  }).catch((error) => {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  });
  return {
    url: service.url,
    pid: service.pid,
    prefix,
    stop: async () => {
      await service.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const post = (url, path, body, headers = {}) =>
  fetch(new URL(path, url), { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

/** A bench user with a passkey: a software authenticator (nest-kit's testing kit) registered through the API. */
async function userWithPasskey(url, SoftAuthenticator) {
  const { token, password } = await registerBenchUser(url, 'passkey');
  const auth = { authorization: `Bearer ${token}` };
  const { user } = await (await fetch(new URL('/api/auth/me', url), { headers: auth })).json();
  const { options } = await (await post(url, '/api/mfa/keys/registration-options', { userId: user.id }, auth)).json();
  const key = new SoftAuthenticator({ credentialId: randomBytes(16) });
  const credential = key.register(options, BENCH_APP_URL);
  const added = await post(url, '/api/mfa/keys', { userId: user.id, name: 'Bench key', password, credential }, auth);
  if (added.status !== 200) throw new Error(`adding a passkey failed: ${added.status} ${(await added.text()).slice(0, 300)}`);
  return key;
}

/**
 * Passkey sign-ins as the browser makes them: options (a challenge and the ceremony cookie), the authenticator's
 * signature, the sign-in. One user and key per connection (a key's counter moves one signature at a time), each
 * sign-in from its own client address (the per-client options allowance is not what is measured). The time of
 * the sign-in request alone is the server's cost to compare with a password's; options are timed apart.
 */
async function measurePasskeySignIns({ url, pid }, connections, durationSeconds) {
  const { SoftAuthenticator } = await import(pathToFileURL(join(REPO_ROOT, 'libs/nest-kit/dist/testing/soft-authenticator.js')).href);
  const keys = await Promise.all(Array.from({ length: connections }, () => userWithPasskey(url, SoftAuthenticator)));
  let client = 0;
  const signIn = async (key) => {
    client += 1;
    const from = { 'x-forwarded-for': `10.${(client >> 16) & 255}.${(client >> 8) & 255}.${client & 255}` };
    const optionsStarted = performance.now();
    const optionsAnswer = await post(url, '/api/auth/passkey/options', {}, from);
    const { options } = await optionsAnswer.json();
    const cookie = optionsAnswer.headers.getSetCookie()[0].split(';')[0];
    const optionsMs = performance.now() - optionsStarted;
    const credential = key.authenticate(options, BENCH_APP_URL);
    const started = performance.now();
    const answer = await post(url, '/api/auth/passkey/sign-in', { credential }, { ...from, cookie });
    await answer.arrayBuffer();
    return { ok: answer.status === 200, ms: performance.now() - started, optionsMs };
  };
  for (const key of keys) await signIn(key); // warm-up
  const results = [];
  const deadline = performance.now() + durationSeconds * 1000;
  const cpuBefore = processCpuMs(pid);
  const started = performance.now();
  await Promise.all(
    keys.map(async (key) => {
      while (performance.now() < deadline) results.push(await signIn(key));
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const cpuMs = processCpuMs(pid) - cpuBefore;
  const ascending = (values) => [...values].sort((a, b) => a - b);
  const at = (values, q) => Number(values[Math.min(values.length - 1, Math.floor(q * values.length))].toFixed(2));
  const signInMs = ascending(results.map((result) => result.ms));
  const optionsMs = ascending(results.map((result) => result.optionsMs));
  return {
    endpoint: 'POST /api/auth/passkey/sign-in',
    connections,
    durationSeconds,
    signIns: results.length,
    perSecond: Math.round(results.length / seconds),
    p50Ms: at(signInMs, 0.5),
    p99Ms: at(signInMs, 0.99),
    optionsP50Ms: at(optionsMs, 0.5),
    // The auth process's CPU per sign-in, its options call included: the server's cost of one.
    cpuMsPerRequest: Number((cpuMs / results.length).toFixed(2)),
    failures: results.filter((result) => !result.ok).length,
  };
}

/** The bare OpenSSL cost of one ES256 verification on this machine: the ceiling for any verifier. */
function measureRawEs256(iterations) {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const data = Buffer.from('x'.repeat(400));
  const signature = sign('sha256', data, { key: privateKey, dsaEncoding: 'ieee-p1363' });
  const started = process.hrtime.bigint();
  for (let i = 0; i < iterations; i += 1) verify('sha256', data, { key: publicKey, dsaEncoding: 'ieee-p1363' }, signature);
  return Math.round(iterations / (Number(process.hrtime.bigint() - started) / 1e9));
}

/** Sequential awaits in one loop on this process's single thread: verifications per second on one core. */
async function measureVerifications(verifier, token, iterations) {
  for (let i = 0; i < 500; i += 1) await verifier.verifyAccessToken(token);
  const started = process.hrtime.bigint();
  for (let i = 0; i < iterations; i += 1) await verifier.verifyAccessToken(token);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return { iterations, seconds: Number(seconds.toFixed(3)), perSecond: Math.round(iterations / seconds), microsecondsEach: Number(((seconds * 1e6) / iterations).toFixed(1)) };
}

/** AuthGuard.canActivate as a request meets it (no @Roles), shaped like a verifier for measureVerifications. */
function guardVerifier(AuthGuard, statusCheck, strategyName = 'bench-access-token') {
  const guard = new AuthGuard({ getAllAndOverride: () => undefined }, strategyName, statusCheck);
  return {
    verifyAccessToken: (bearer) => {
      const request = { headers: { authorization: `Bearer ${bearer}` } };
      return guard.canActivate({ switchToHttp: () => ({ getRequest: () => request, getResponse: () => ({}) }), getHandler: () => undefined, getClass: () => undefined });
    },
  };
}

/** Microseconds per call of `fn` over `iterations` sequential awaits (after a warm-up). */
async function microsecondsEach(fn, iterations) {
  for (let i = 0; i < 500; i += 1) await fn(i);
  const started = process.hrtime.bigint();
  for (let i = 0; i < iterations; i += 1) await fn(i);
  return Number((Number(process.hrtime.bigint() - started) / 1e3 / iterations).toFixed(2));
}

/**
 * What the suspension check adds to a request: the check alone on a cache hit and on a miss (a Redis round
 * trip), and the guard with remembered tokens (the usual request, no signature check) with and without it, the
 * two alternating in rounds.
 */
async function measureStatusCheck({ nestKit, jwksUrl, redis, statusCheck, token }) {
  const { AccountStatusCheck, AccessTokenStrategy, AuthGuard, JwtVerifier } = nestKit;
  const userId = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).sub;
  const hitMicroseconds = await microsecondsEach(() => statusCheck.isSuspended(userId), VERIFY_ITERATIONS);
  const alwaysMiss = new AccountStatusCheck(redis, { cacheMs: 0 });
  const missMicroseconds = await microsecondsEach(() => alwaysMiss.isSuspended(userId), Math.min(VERIFY_ITERATIONS, 5_000));
  // The usual request: the token was verified before, so the guard skips the signature check.
  new AccessTokenStrategy(new JwtVerifier({ jwksUrl }), 'bench-remembering');
  const withCheck = guardVerifier(AuthGuard, statusCheck, 'bench-remembering');
  // The guard asks two questions of each request (a suspended account, a signed-out session): both answer no.
  const noStatusCheck = { isSuspended: async () => false, isSessionRevoked: async () => false };
  const withoutCheck = guardVerifier(AuthGuard, noStatusCheck, 'bench-remembering');
  // With and without alternate over PAIRED_ROUNDS rounds, medians: a machine growing busier weighs on both alike.
  const withRounds = [];
  const withoutRounds = [];
  for (let round = 0; round < PAIRED_ROUNDS; round += 1) {
    withRounds.push(await microsecondsEach(() => withCheck.verifyAccessToken(token), VERIFY_ITERATIONS));
    withoutRounds.push(await microsecondsEach(() => withoutCheck.verifyAccessToken(token), VERIFY_ITERATIONS));
  }
  return {
    cacheMs: ACCOUNT_STATUS_CACHE_MS,
    hitMicroseconds,
    missMicroseconds,
    guardWithCheckMicroseconds: median(withRounds),
    guardWithoutCheckMicroseconds: median(withoutRounds),
    pairedRounds: { withCheck: withRounds, withoutCheck: withoutRounds },
  };
}

export async function runAuthBench() {
  await buildService('auth');
  const infra = await startBenchInfrastructure('authbench');
  let auth;
  try {
    auth = await startAuth({ databaseUrl: infra.databaseUrl, redisUrl: infra.redisUrl });
    const { ARGON2_FLOOR } = await import(pathToFileURL(join(REPO_ROOT, 'services/auth/dist/config.js')).href);
    const nestKit = await import(pathToFileURL(join(REPO_ROOT, 'libs/nest-kit/dist/index.js')).href);
    const { JwtVerifier, AccessTokenStrategy, AuthGuard, AccountStatusCheck } = nestKit;

    const { token, ...user } = await registerBenchUser(auth.url);
    const credentials = { email: user.email, password: user.password };

    console.log(`\nSign-ins: POST /api/auth/login (argon2id m=${ARGON2_FLOOR.memoryCost} KiB, t=${ARGON2_FLOOR.timeCost}, p=${ARGON2_FLOOR.parallelism}; OWASP floor 19 MiB / 2 iterations), ${SIGN_IN_CONNECTIONS} connections, ${DURATION_SECONDS} s, ${cpus().length} CPU(s)`);
    const signIns = await runAutocannon({
      url: auth.url,
      method: 'POST',
      path: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      makeBody: () => JSON.stringify(credentials),
      connections: SIGN_IN_CONNECTIONS,
      duration: DURATION_SECONDS,
      cpuPid: auth.pid,
    });
    console.log(`  ${signIns.requestsPerSecond} sign-ins/s   p50 ${signIns.p50Ms} ms   p99 ${signIns.p99Ms} ms   auth CPU ${signIns.cpuMsPerRequest} ms each   errors ${signIns.errors}   non-2xx ${signIns.non2xx}`);

    console.log(`\nPasskey sign-ins: POST /api/auth/passkey/options then /api/auth/passkey/sign-in, ${SIGN_IN_CONNECTIONS} connections, ${DURATION_SECONDS} s`);
    const passkeySignIns = await measurePasskeySignIns(auth, SIGN_IN_CONNECTIONS, DURATION_SECONDS);
    console.log(`  ${passkeySignIns.perSecond} sign-ins/s   sign-in p50 ${passkeySignIns.p50Ms} ms   p99 ${passkeySignIns.p99Ms} ms   options p50 ${passkeySignIns.optionsP50Ms} ms   auth CPU ${passkeySignIns.cpuMsPerRequest} ms each   failures ${passkeySignIns.failures}`);

    // The guard as other services use it: the remote JWKS (auth's), fetched once and cached 10 minutes. Its
    // memory of verified tokens is off here, so every loop pays the full signature check (a first request).
    const remote = new JwtVerifier({ jwksUrl: `${auth.url}/.well-known/jwks.json` }, { rememberVerified: 0 });
    const verifications = await measureVerifications(remote, token, VERIFY_ITERATIONS);
    // Through the guard as a request meets it (no @Roles), with the same verifier: memory off, full check.
    new AccessTokenStrategy(remote, 'bench-access-token');
    // The guard checks the account status with the real check on the real Redis, as services do.
    const redis = new Redis(infra.redisUrl);
    const statusCheck = new AccountStatusCheck(redis);
    const guardVerifications = await measureVerifications(guardVerifier(AuthGuard, statusCheck), token, VERIFY_ITERATIONS);
    const statusCheckCost = await measureStatusCheck({ nestKit, jwksUrl: `${auth.url}/.well-known/jwks.json`, redis, statusCheck, token });
    redis.disconnect();
    const meetsTarget = Math.min(verifications.perSecond, guardVerifications.perSecond) >= TARGET_VERIFICATIONS_PER_SECOND;
    const rawEs256PerSecond = measureRawEs256(VERIFY_ITERATIONS);
    const load = loadavg().map((value) => Number(value.toFixed(2)));
    console.log(`\nToken verifications: JwtVerifier.verifyAccessToken (ES256, cached JWKS), one loop on one core`);
    console.log(`  ${verifications.perSecond} verifications/s (${verifications.microsecondsEach} µs each, ${verifications.iterations} in ${verifications.seconds} s)`);
    console.log(`  through AuthGuard.canActivate: ${guardVerifications.perSecond}/s (${guardVerifications.microsecondsEach} µs each); target ≥ ${TARGET_VERIFICATIONS_PER_SECOND}/s: ${meetsTarget ? 'met' : 'MISSED'}`);
    console.log(`\nAccount status check per request (suspension), one loop on one core`);
    console.log(`  cache hit (every request of a user within ${statusCheckCost.cacheMs / 1000} s after the first): ${statusCheckCost.hitMicroseconds} µs`);
    console.log(`  cache miss (one Redis EXISTS): ${statusCheckCost.missMicroseconds} µs`);
    console.log(`  guard with a remembered token: ${statusCheckCost.guardWithCheckMicroseconds} µs with the check vs ${statusCheckCost.guardWithoutCheckMicroseconds} µs without`);
    console.log(`  context: bare node:crypto ES256 verify on this machine ${rawEs256PerSecond}/s; load average ${load.join(' ')} on ${cpus().length} CPU(s)`);

    const path = writeResults('auth.json', {
      signIns: {
        endpoint: 'POST /api/auth/login',
        argon2id: { memoryKiB: ARGON2_FLOOR.memoryCost, iterations: ARGON2_FLOOR.timeCost, parallelism: ARGON2_FLOOR.parallelism },
        connections: SIGN_IN_CONNECTIONS,
        durationSeconds: DURATION_SECONDS,
        ...signIns,
      },
      passkeySignIns,
      tokenVerifications: { algorithm: 'ES256', jwks: 'remote, cached', target: TARGET_VERIFICATIONS_PER_SECOND, meetsTarget, ...verifications, throughGuard: guardVerifications, rawEs256PerSecond },
      accountStatusCheck: statusCheckCost,
    });
    console.log(`\nResults written to ${path}`);
    return { signIns, verifications, meetsTarget };
  } finally {
    await auth?.stop();
    await infra.stop();
  }
}

await runAuthBench();
