// POST /api/waitlist/join and GET / through the gateway vs straight to the service / a plain
// static server; 50 connections, 10 s each. Run with `npm run bench`.
// On a shared machine a single pair of runs says little (another process's burst lands in one run and not the
// other), so the pairs are interleaved over BENCH_ROUNDS rounds and the medians reported, together with what does
// not move with the neighbours: the CPU time the gateway and the service spend per request (from /proc).
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import {
  BENCH_RATE_LIMIT_FACTOR,
  REPO_ROOT,
  TARGET_EXTRA_P99_MS,
  TARGET_THROUGHPUT_RATIO,
  printComparison,
  processCpuMs,
  runAutocannon,
  startMinimalProxy,
  startPlainStaticServer,
  startStackForBench,
  writeResults,
} from './bench-kit.mjs';

const CONNECTIONS = 50;
const DURATION_SECONDS = Number(process.env.BENCH_DURATION ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

/** The pid of the process whose command line holds every one of `parts` (and PORT=`port` in its environment). */
function findPid(parts, port) {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').join(' ');
      if (!parts.every((part) => cmdline.includes(part))) continue;
      if (port !== undefined && !readFileSync(`/proc/${entry}/environ`, 'utf8').split('\0').includes(`PORT=${port}`)) continue;
      return Number(entry);
    } catch {
      // gone, or not ours to read
    }
  }
  return null;
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** Medians of several runs, in the shape runAutocannon returns. */
function medianRun(runs) {
  return {
    requestsPerSecond: Math.round(median(runs.map((run) => run.requestsPerSecond))),
    p50Ms: median(runs.map((run) => run.p50Ms)),
    p90Ms: median(runs.map((run) => run.p90Ms)),
    p99Ms: median(runs.map((run) => run.p99Ms)),
    maxMs: Math.max(...runs.map((run) => run.maxMs)),
    errors: runs.reduce((sum, run) => sum + run.errors, 0),
    non2xx: runs.reduce((sum, run) => sum + run.non2xx, 0),
    total: runs.reduce((sum, run) => sum + run.total, 0),
  };
}

/** Runs `bench()` and adds the CPU µs per request that each watched process spent meanwhile. */
async function withCpu(pids, bench) {
  const before = Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, pid ? processCpuMs(pid) : null]));
  const result = await bench();
  const cpuMicrosPerRequest = {};
  for (const [name, pid] of Object.entries(pids)) {
    const after = pid ? processCpuMs(pid) : null;
    if (after !== null && before[name] !== null && result.total > 0) {
      cpuMicrosPerRequest[name] = Math.round(((after - before[name]) * 1000) / result.total);
    }
  }
  return { ...result, cpuMicrosPerRequest };
}

export async function runPlatformBench() {
  const stack = await startStackForBench();
  const staticServer = await startPlainStaticServer(join(REPO_ROOT, 'frontends/shell/dist/index.html'));
  const minimalProxy = await startMinimalProxy(stack.services.waitlist.url);
  const runId = randomBytes(4).toString('hex');
  const gatewayPort = new URL(stack.gatewayUrl).port;
  const pids = {
    gateway: findPid(['gateway/dev/src/main.mjs', '--port', gatewayPort]),
    waitlist: findPid(['services/waitlist/dist/main.js'], stack.services.waitlist.port),
    minimalProxy: minimalProxy.pid,
  };
  try {
    // Every join is a new e-mail, so the service does real inserts rather than idempotent repeats.
    let sequence = 0;
    const join = (url) =>
      withCpu(pids, () =>
        runAutocannon({
          url,
          path: '/api/waitlist/join',
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          makeBody: () => JSON.stringify({ email: `bench-${runId}-${(sequence += 1)}@example.com`, source: 'homepage' }),
          connections: CONNECTIONS,
          duration: DURATION_SECONDS,
        }),
      );
    const page = (url) => runAutocannon({ url, path: '/', headers: { 'accept-encoding': 'gzip' }, connections: CONNECTIONS, duration: DURATION_SECONDS });

    console.log(`\nBenchmark: ${CONNECTIONS} connections, ${DURATION_SECONDS} s per run (after a 2 s warm-up), ${ROUNDS} interleaved rounds, medians`);
    const joins = { gateway: [], direct: [], minimalProxy: [] };
    const pages = { gateway: [], direct: [] };
    for (let round = 1; round <= ROUNDS; round += 1) {
      joins.gateway.push(await join(stack.gatewayUrl));
      joins.direct.push(await join(stack.services.waitlist.url));
      joins.minimalProxy.push(await join(minimalProxy.url));
      pages.gateway.push(await page(stack.gatewayUrl));
      pages.direct.push(await page(staticServer.url));
      const last = (runs) => runs[runs.length - 1];
      console.log(
        `  round ${round}: join ${last(joins.gateway).requestsPerSecond} vs ${last(joins.direct).requestsPerSecond} req/s (minimal proxy ${last(joins.minimalProxy).requestsPerSecond}), page ${last(pages.gateway).requestsPerSecond} vs ${last(pages.direct).requestsPerSecond} req/s`,
      );
    }
    const joinComparison = printComparison('POST /api/waitlist/join', {
      gateway: medianRun(joins.gateway),
      direct: medianRun(joins.direct),
      directLabel: 'waitlist direct',
    });
    // CPU per request does not depend on what else the machine runs: what the gateway adds to a join, against
    // what the service itself spends (PostgreSQL's share not counted).
    const cpu = (runs, name) => median(runs.map((run) => run.cpuMicrosPerRequest[name]).filter((value) => value !== undefined));
    joinComparison.cpuMicrosPerRequest = {
      gateway: cpu(joins.gateway, 'gateway'),
      waitlistThroughGateway: cpu(joins.gateway, 'waitlist'),
      waitlistDirect: cpu(joins.direct, 'waitlist'),
    };
    joinComparison.rounds = joins;
    // The floor of any Node.js proxy here: what the 85% target asks of the gateway, a bare proxy must reach first.
    const floor = medianRun(joins.minimalProxy);
    joinComparison.minimalProxy = {
      ...floor,
      ratio: Number((floor.requestsPerSecond / joinComparison.direct.requestsPerSecond).toFixed(3)),
      extraP99Ms: floor.p99Ms - joinComparison.direct.p99Ms,
      cpuMicrosPerRequest: cpu(joins.minimalProxy, 'minimalProxy'),
    };
    console.log(
      `  minimal Node.js proxy (tests/load/minimal-proxy.mjs): ${floor.requestsPerSecond} req/s, ${(joinComparison.minimalProxy.ratio * 100).toFixed(1)}% of direct, p99 +${joinComparison.minimalProxy.extraP99Ms} ms, ${joinComparison.minimalProxy.cpuMicrosPerRequest} µs of CPU per join`,
    );
    console.log(
      `  CPU per join: gateway ${joinComparison.cpuMicrosPerRequest.gateway} µs, waitlist ${joinComparison.cpuMicrosPerRequest.waitlistThroughGateway} µs (through the gateway) / ${joinComparison.cpuMicrosPerRequest.waitlistDirect} µs (direct)`,
    );
    const pageComparison = printComparison('GET / (shell index.html)', {
      gateway: medianRun(pages.gateway),
      direct: medianRun(pages.direct),
      directLabel: 'plain node:http',
    });
    pageComparison.rounds = pages;
    const path = writeResults('platform.json', {
      connections: CONNECTIONS,
      durationSeconds: DURATION_SECONDS,
      rounds: ROUNDS,
      rateLimitFactor: BENCH_RATE_LIMIT_FACTOR,
      targets: { throughputRatio: TARGET_THROUGHPUT_RATIO, extraP99Ms: TARGET_EXTRA_P99_MS },
      results: [joinComparison, pageComparison],
    });
    console.log(`\nResults written to ${path}`);
    return [joinComparison, pageComparison];
  } finally {
    await staticServer.stop();
    await minimalProxy.stop();
    await stack.stop();
  }
}

await runPlatformBench();
