// Shared pieces for `npm run bench` (tests/load/*.bench.mjs): start the stack the way the launcher does,
// drive it with autocannon, compare "through the gateway" against "straight to the app".
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { RESULTS_DIR, writeBenchResult } from '../../tools/bench/results.mjs';
import { REPO_ROOT, dataDirFrom } from '../../tools/lib/paths.mjs';
import { bootstrap, ensureChromium } from '../../tools/lib/bootstrap.mjs';
import { createThrowawayDatabase } from '../../tools/lib/e2e-database.mjs';
import { assignServicePorts } from '../../tools/lib/service-ports.mjs';
import { discoverPortedApps, startStack } from '../../tools/lib/stack.mjs';
import { runTargets } from '../../tools/lib/nx.mjs';
import { findFreePort, findFreePortOffset, isListening } from '../../tools/lib/network.mjs';
import { stopChild } from '../../tools/lib/processes.mjs';

/**
 * What a production-mode service needs on a bench machine: generated keys (kept under .data, as npm start
 * does) and an SMTP_URL, which production requires; nothing listens there and no benchmark sends mail.
 */
export const BENCH_PRODUCTION_ENV = { AUTH_GENERATE_KEYS: 'true', BANK_SYNC_GENERATE_KEYS: 'true', FINANCE_GENERATE_KEYS: 'true', SMTP_URL: 'smtp://127.0.0.1:9' };

export { REPO_ROOT, RESULTS_DIR };

/**
 * A fresh user registered through `/api/auth/register` at `baseUrl` (the gateway, or auth itself), as the sign-up
 * screen does; resolves to `{ email, password, token }`, the token being the access token the answer holds.
 */
export async function registerBenchUser(baseUrl, prefix = 'bench') {
  const email = `${prefix}-${randomBytes(4).toString('hex')}@example.com`;
  const password = `Bench-${randomBytes(6).toString('hex')}!9aA`;
  const response = await fetch(new URL('/api/auth/register', baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      firstName: 'Bench',
      lastName: 'User',
      email,
      password,
      phone: '(555) 123-4567',
      dateOfBirth: '1990-01-15',
      address: { street: '1 Main St', city: 'Springfield', state: 'IL', zipCode: '62701' },
      ssn: '1234',
    }),
  });
  const text = await response.text();
  const token = response.status === 201 ? JSON.parse(text).session?.access_token : undefined;
  if (!token) throw new Error(`Registration through /api/auth/register failed: ${response.status} ${text.slice(0, 300)}`);
  return { email, password, token };
}

/** The Chromium the browser benches drive: CHROME_PATH, else Debian's, installed as `npm test` installs it. */
export const chromePath = async () => process.env.CHROME_PATH ?? (await ensureChromium());
const MACHINE_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
// Benchmarks measure the plugins' cost, not the limits: kong.yml's rate limits are multiplied by this.
export const BENCH_RATE_LIMIT_FACTOR = 10_000;
// The targets the product set for itself (docs/performance.md).
export const TARGET_THROUGHPUT_RATIO = 0.85;
export const TARGET_EXTRA_P99_MS = 3;

/**
 * PostgreSQL and Redis for a bench, beside whatever else runs on the machine: the machine's PostgreSQL when it
 * answers on 5432 (as CI's does) or DATABASE_URL, else an embedded one of the bench's own; Redis from REDIS_URL,
 * else a redis-server of its own. Like `npm test` (bootstrap's `isolated`), on ports free right now and in a
 * data folder of its own (<data dir>/bench), so it neither stops on the port of a running `npm start`'s
 * PostgreSQL nor shares its Redis, whose services would answer the bench's transport messages. Resolves to
 * bootstrap's `{ databaseUrl, redisUrl, dataDir, stop() }`.
 */
export async function startBenchServers({ log = () => {} } = {}) {
  const machineDatabase = !process.env.DATABASE_URL && (await isListening(5432));
  const env = {
    ...process.env,
    DATA_DIR: join(dataDirFrom(process.env), 'bench'),
    ...(machineDatabase ? { DATABASE_URL: MACHINE_DATABASE_URL } : {}),
  };
  return bootstrap({ env, isolated: true, log });
}

/**
 * Bootstrap + build + stack, with the gateway in its own process (so autocannon in this process does not
 * share its event loop) and a throwaway database. Resolves to `{ gatewayUrl, appUrl, services, stop() }`.
 */
export async function startStackForBench({ log = console.log } = {}) {
  const infra = await startBenchServers({ log });
  const build = await runTargets(['build'], { quiet: true });
  if (!build.ok) log('Warning: the build reported errors; benchmarking the services that have a build');
  const database = await createThrowawayDatabase(infra.databaseUrl, 'bench');
  const names = discoverPortedApps();
  const portOffset = await findFreePortOffset(Object.values(assignServicePorts(names)), { start: 300 });
  log(`Rate limits: kong.yml's limits multiplied by ${BENCH_RATE_LIMIT_FACTOR} so the benchmark measures the plugins' cost without being throttled`);
  let stack;
  try {
    stack = await startStack({
      databaseUrl: database.url,
      redisUrl: infra.redisUrl,
      dataDir: infra.dataDir,
      port: await findFreePort(),
      portOffset,
      // Production settings (argon2 floor, no debug logs); this one-replica local stack may keep auth's and
      // bank-sync's generated keys under .data, as npm start does.
      env: {
        ...process.env,
        NODE_ENV: 'production',
        ...BENCH_PRODUCTION_ENV,
        REDIS_KEY_PREFIX: `auth-${database.name}:`,
        LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      },
      log,
      onServiceLog: () => {},
      rateLimitFactor: BENCH_RATE_LIMIT_FACTOR,
      gatewayInProcess: false,
    });
  } catch (error) {
    await database.drop().catch(() => {});
    await infra.stop();
    throw error;
  }
  return {
    gatewayUrl: `http://127.0.0.1:${stack.port}`,
    // What a browser opens: the services' APP_URL, the only origin the session refresh accepts.
    appUrl: stack.url,
    services: stack.services,
    stop: async () => {
      await stack.stop();
      await database.drop().catch((error) => log(`could not drop ${database.name}: ${error.message}`));
      await infra.stop();
    },
  };
}

/** A plain node:http server (own process) answering every GET with one file, as the gateway serves it. */
export function startPlainStaticServer(filePath) {
  return startReferenceServer('plain-static-server.mjs', filePath);
}

/** The minimal Node.js proxy in front of `upstream` (tests/load/minimal-proxy.mjs), as its own process. */
export function startMinimalProxy(upstream) {
  return startReferenceServer('minimal-proxy.mjs', upstream);
}

/** One of tests/load's reference servers as its own process (its CPU apart from the bench's); ready once it speaks. */
async function startReferenceServer(script, argument) {
  const port = await findFreePort();
  const child = spawn(process.execPath, [join(REPO_ROOT, 'tests/load', script), argument, String(port)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolveReady, rejectReady) => {
    child.stdout.once('data', resolveReady);
    child.once('exit', (code) => rejectReady(new Error(`${script} exited with ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}`, pid: child.pid, stop: () => stopChild(child, 2000) };
}

/**
 * Runs autocannon and returns `{ requestsPerSecond, p50Ms, p90Ms, p99Ms, maxMs, bytesPerSecond, errors,
 * non2xx, total }`. `makeBody()` (optional) gives each request its own body, e.g. a unique e-mail.
 */
/** Linux counts a process's CPU time in clock ticks of 10 ms (USER_HZ, 100 on every common platform). */
const CLOCK_TICKS_PER_SECOND = 100;

/** CPU time (ms, user + system) a process has used so far, from /proc; null where it cannot be read. */
export function processCpuMs(pid) {
  try {
    // The fields after the command's closing parenthesis: utime and stime are the 12th and 13th, in clock ticks.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/**
 * autocannon's figures after a warm-up. With `cpuPid`, also the CPU that process spent per request of the
 * measured run (the server's cost, whatever the load generator beside it costs).
 */
export async function runAutocannon({ url, connections = 50, duration = 10, method = 'GET', path = '/', headers = {}, makeBody, warmupSeconds = 2, cpuPid }) {
  const request = { method, path, headers };
  if (makeBody) request.setupRequest = (req) => ({ ...req, body: makeBody() });
  const options = { url, connections, requests: [request] };
  if (warmupSeconds > 0) await autocannon({ ...options, duration: warmupSeconds });
  const cpuBefore = cpuPid ? processCpuMs(cpuPid) : null;
  const result = await autocannon({ ...options, duration });
  const cpuAfter = cpuPid ? processCpuMs(cpuPid) : null;
  const cpuMsPerRequest =
    cpuBefore !== null && cpuAfter !== null && result.requests.total > 0 ? Number(((cpuAfter - cpuBefore) / result.requests.total).toFixed(2)) : undefined;
  return {
    ...(cpuMsPerRequest !== undefined ? { cpuMsPerRequest } : {}),
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p90Ms: result.latency.p90,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    bytesPerSecond: Math.round(result.throughput.average),
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    total: result.requests.total,
  };
}

/** Prints one comparison and returns it with the ratio, the p99 difference and whether the targets hold. */
export function printComparison(name, { gateway, direct, directLabel = 'direct' }) {
  const ratio = gateway.requestsPerSecond / direct.requestsPerSecond;
  const extraP99Ms = gateway.p99Ms - direct.p99Ms;
  const meetsTargets = ratio >= TARGET_THROUGHPUT_RATIO && extraP99Ms <= TARGET_EXTRA_P99_MS;
  const row = (label, r) =>
    `  ${label.padEnd(16)} ${String(r.requestsPerSecond).padStart(8)} req/s   p50 ${String(r.p50Ms).padStart(4)} ms   p99 ${String(r.p99Ms).padStart(4)} ms   errors ${r.errors}   non-2xx ${r.non2xx}`;
  console.log(`\n${name}`);
  console.log(row('through gateway', gateway));
  console.log(row(directLabel, direct));
  console.log(
    `  ratio ${(ratio * 100).toFixed(1)}% of direct throughput (target ≥ ${TARGET_THROUGHPUT_RATIO * 100}%), p99 +${extraP99Ms} ms (target ≤ ${TARGET_EXTRA_P99_MS} ms): ${meetsTargets ? 'meets the targets' : 'MISSES the targets'}`,
  );
  return { name, directLabel, gateway, direct, ratio: Number(ratio.toFixed(3)), extraP99Ms, meetsTargets };
}

/** The middle value (the mean of the two middle ones for an even count). */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/**
 * Writes tests/load/results/<bench>.json (`fileName` is `<bench>.json`) with the run's context (date, commit,
 * Node, CPUs, machine, load average) added; docs/performance.md is generated from these files. Returns the
 * path. `resultsDir` puts a one-off run elsewhere, so that it neither replaces the committed figures nor
 * reaches the page.
 */
export function writeResults(fileName, data, { resultsDir = RESULTS_DIR } = {}) {
  return writeBenchResult(fileName.replace(/\.json$/, ''), data, { resultsDir });
}
