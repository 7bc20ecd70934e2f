// Issue 4 benchmark: GET /api/financial/dashboard-with-insights for a user with 100 bills and 10 income
// sources, through the gateway, 50 connections, 10 s. Targets: ≥ 1,000 req/s and p99 ≤ 25 ms.
// Run with `node tests/load/finance.bench.mjs` (or `npm run bench`). Writes tests/load/results/finance.json.
//
// The user is registered through /api/auth/register when the stack's auth service answers; otherwise
// (auth not built or registration refused) the bench starts finance and a gateway of its own, with a local
// JWKS server whose key signs the token, and says so in its output.
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { REPO_ROOT, BENCH_RATE_LIMIT_FACTOR, runAutocannon, startStackForBench, writeResults } from './bench-kit.mjs';
import { findFreePort } from '../../tools/lib/network.mjs';
import { stopChild, forEachLine } from '../../tools/lib/processes.mjs';

const CONNECTIONS = 50;
const DURATION_SECONDS = Number(process.env.BENCH_DURATION ?? 10);
const BILLS = 100;
const INCOME_SOURCES = 10;
const TARGET_RPS = 1000;
const TARGET_P99_MS = 25;
const PATH = '/api/financial/dashboard-with-insights';

const CATEGORIES = ['utilities', 'rent', 'insurance', 'subscriptions', 'loans', 'credit-card', 'auto-payment', 'other'];
const RECURRENCES = ['monthly', 'monthly', 'monthly', 'weekly', 'biweekly', 'quarterly', 'yearly', 'once'];
const PRIORITIES = ['low', 'medium', 'high'];
const FREQUENCIES = ['weekly', 'biweekly', 'monthly', 'quarterly'];

function isoDay(offset) {
  return new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
}

async function post(baseUrl, path, body, token) {
  const response = await fetch(baseUrl + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

/** Registers a fresh user through the gateway; null when auth is missing or refuses the body. */
async function registerUser(gatewayUrl) {
  const password = `Bench-${randomBytes(8).toString('hex')}!9`;
  const response = await post(gatewayUrl, '/api/auth/register', {
    firstName: 'Bench',
    lastName: 'User',
    email: `finance-bench-${randomBytes(4).toString('hex')}@example.com`,
    password,
    phone: '(555) 123-4567',
    dateOfBirth: '1990-01-15',
    address: { street: '1 Main St', city: 'Springfield', state: 'IL', zipCode: '62701' },
    ssn: '1234',
  }).catch((error) => ({ status: 0, body: { message: error.message } }));
  const token = response.body?.session?.access_token;
  if (response.status === 201 && token) return token;
  console.log(`Registration through /api/auth/register did not give a token (${response.status} ${JSON.stringify(response.body)})`);
  return null;
}

/** A local JWKS with one ES256 key, standing in for auth's, and a token for a random user. */
async function startLocalJwks() {
  const { publicKey, privateKey } = await generateKeyPair('ES256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'finance-bench', alg: 'ES256', use: 'sig' };
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [jwk] }));
  });
  const port = await findFreePort();
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  const token = await new SignJWT({ role: 'user', aal: 'aal1', token_use: 'access' })
    .setProtectedHeader({ alg: 'ES256', kid: 'finance-bench' })
    .setSubject(randomUUID())
    .setIssuer('paycadence-auth')
    .setAudience('paycadence')
    .setIssuedAt()
    .setExpirationTime('2h')
    .sign(privateKey);
  return { jwksUrl: `http://127.0.0.1:${port}/.well-known/jwks.json`, token, close: () => new Promise((r) => server.close(r)) };
}

function startProcess(name, args, env) {
  const child = spawn(process.execPath, args, { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const tail = [];
  const onLine = (line) => {
    tail.push(line);
    if (tail.length > 30) tail.shift();
  };
  forEachLine(child.stdout, onLine);
  forEachLine(child.stderr, onLine);
  child.once('exit', (code) => code && console.log(`${name} exited with ${code}:\n${tail.join('\n')}`));
  return child;
}

async function waitForOk(url, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const ok = await fetch(url).then((r) => r.ok, () => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/**
 * Fallback: finance (its dist build, against the stack's database and Redis) with the local JWKS, and a
 * gateway process in front of it reading the same kong.yml.
 */
async function startFinanceWithLocalJwks(stackEnv) {
  const jwks = await startLocalJwks();
  const financePort = await findFreePort();
  const gatewayPort = await findFreePort();
  const finance = startProcess('finance', [join(REPO_ROOT, 'services/finance/dist/main.js')], {
    ...process.env,
    ...stackEnv,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    PORT: String(financePort),
    AUTH_JWKS_URL: jwks.jwksUrl,
  });
  await waitForOk(`http://127.0.0.1:${financePort}/health/ready`);
  const gateway = startProcess(
    'gateway',
    [
      join(REPO_ROOT, 'gateway/dev/src/main.mjs'),
      '--port', String(gatewayPort),
      '--host', '127.0.0.1',
      '--upstream', `finance=http://127.0.0.1:${financePort}`,
      '--rate-limit-factor', String(BENCH_RATE_LIMIT_FACTOR),
    ],
    process.env,
  );
  await waitForOk(`http://127.0.0.1:${gatewayPort}/api/financial/bills`).catch(() => {});
  return {
    gatewayUrl: `http://127.0.0.1:${gatewayPort}`,
    directUrl: `http://127.0.0.1:${financePort}`,
    token: jwks.token,
    stop: async () => {
      await stopChild(gateway, 5000);
      await stopChild(finance, 5000);
      await jwks.close();
    },
  };
}

async function seed(gatewayUrl, token) {
  const started = Date.now();
  for (let i = 0; i < INCOME_SOURCES; i += 1) {
    const response = await post(gatewayUrl, '/api/financial/income', {
      source: `Income ${i + 1}`,
      amount: 800 + i * 137.25,
      frequency: FREQUENCIES[i % FREQUENCIES.length],
      next_date: isoDay(1 + i * 3),
    }, token);
    if (response.status !== 201) throw new Error(`Seeding income failed: ${response.status} ${JSON.stringify(response.body)}`);
  }
  for (let i = 0; i < BILLS; i += 1) {
    const response = await post(gatewayUrl, '/api/financial/bills', {
      name: `Bill ${String(i + 1).padStart(3, '0')}`,
      amount: Math.round((9.99 + ((i * 37.5) % 1400)) * 100) / 100,
      due_date: isoDay(i % 45),
      priority: PRIORITIES[i % PRIORITIES.length],
      category: CATEGORIES[i % CATEGORIES.length],
      recurring: RECURRENCES[i % RECURRENCES.length],
    }, token);
    if (response.status !== 201) throw new Error(`Seeding bills failed: ${response.status} ${JSON.stringify(response.body)}`);
  }
  await post(gatewayUrl, '/api/financial/savings-goals', { goal_type: 'emergency_fund', current_amount: 2500 }, token);
  console.log(`Seeded ${BILLS} bills and ${INCOME_SOURCES} income sources through the gateway in ${Date.now() - started} ms`);
}

export async function runFinanceBench() {
  const stack = await startStackForBench();
  let own = null;
  try {
    let gatewayUrl = stack.gatewayUrl;
    let directUrl = stack.services.finance?.url;
    let tokenSource = 'registered through /api/auth/register';
    let token = stack.services.auth ? await registerUser(gatewayUrl) : null;
    if (!token || !directUrl) {
      // The bench user is a fresh random id, so sharing the default database's finance schema is harmless.
      own = await startFinanceWithLocalJwks({
        DATABASE_URL: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
        REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
      });
      ({ gatewayUrl, directUrl, token } = own);
      tokenSource = 'NOTE: auth unavailable, so finance runs with a local JWKS and a self-signed access token';
    }
    console.log(`Token: ${tokenSource}`);
    await seed(gatewayUrl, token);

    const check = await fetch(gatewayUrl + PATH, { headers: { authorization: `Bearer ${token}` } });
    const sample = await check.json();
    if (check.status !== 200 || sample.bills?.length !== BILLS || sample.income?.length !== INCOME_SOURCES) {
      throw new Error(`The dashboard did not answer the seeded data: ${check.status} ${JSON.stringify(sample).slice(0, 300)}`);
    }
    const bytes = Buffer.byteLength(JSON.stringify(sample));
    const headers = { authorization: `Bearer ${token}`, 'accept-encoding': 'identity' };
    console.log(`\nBenchmark: GET ${PATH} (${BILLS} bills, ${INCOME_SOURCES} income sources, ${Math.round(bytes / 1024)} KiB), ${CONNECTIONS} connections, ${DURATION_SECONDS} s after a 2 s warm-up`);
    const gateway = await runAutocannon({ url: gatewayUrl, path: PATH, headers, connections: CONNECTIONS, duration: DURATION_SECONDS });
    const direct = await runAutocannon({ url: directUrl, path: PATH, headers, connections: CONNECTIONS, duration: DURATION_SECONDS });
    const meetsTargets = gateway.requestsPerSecond >= TARGET_RPS && gateway.p99Ms <= TARGET_P99_MS && gateway.errors === 0 && gateway.non2xx === 0;
    const row = (label, r) =>
      `  ${label.padEnd(16)} ${String(r.requestsPerSecond).padStart(8)} req/s   p50 ${String(r.p50Ms).padStart(4)} ms   p99 ${String(r.p99Ms).padStart(4)} ms   errors ${r.errors}   non-2xx ${r.non2xx}`;
    console.log(row('through gateway', gateway));
    console.log(row('finance direct', direct));
    console.log(`  targets (through the gateway): ≥ ${TARGET_RPS} req/s and p99 ≤ ${TARGET_P99_MS} ms: ${meetsTargets ? 'met' : 'MISSED'}`);
    const path = writeResults('finance.json', {
      date: new Date().toISOString(),
      node: process.version,
      endpoint: `GET ${PATH}`,
      data: { bills: BILLS, incomeSources: INCOME_SOURCES, responseBytes: bytes },
      connections: CONNECTIONS,
      durationSeconds: DURATION_SECONDS,
      rateLimitFactor: BENCH_RATE_LIMIT_FACTOR,
      tokenSource,
      targets: { requestsPerSecond: TARGET_RPS, p99Ms: TARGET_P99_MS },
      gateway,
      direct,
      meetsTargets,
    });
    console.log(`\nResults written to ${path}`);
    return { gateway, direct, meetsTargets };
  } finally {
    await own?.stop();
    await stack.stop();
  }
}

await runFinanceBench();
