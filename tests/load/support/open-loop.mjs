// An open-loop load generator: requests leave on a fixed schedule (`rate` per second) whether or not the
// earlier ones have answered, and each latency is measured from the request's SCHEDULED send time, not from
// when a free connection let it out. A closed-loop tool (autocannon: N connections, next request when the last
// answered) slows its own offered rate when the server stalls and so hides the stall ("coordinated omission");
// this one does not. Not a *.bench.mjs file, so `npm run bench` does not run it on its own.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { Pool } from 'undici';

/** Percentile (0-100) of an ascending array, nearest rank. */
export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))];
}

const round2 = (value) => Math.round(value * 100) / 100;

/**
 * Sends `method path` to `url` at `rate` requests per second for `durationSeconds` (after `warmupSeconds` at
 * the same rate, not counted). `connections` caps the undici pool (requests beyond it wait in the pool's queue,
 * and that wait counts in their latency). A request that has not answered `timeoutMs` after it was sent counts
 * as an error. `makeRequest(n)` (optional) gives request n its own `{ path, method, headers, body }` (a random
 * user's token, say), and `onResponse(request, status, text)` (optional) receives each answer's body. Resolves
 * to `{ offeredRate, achievedRate, sent, completed, ok, non2xx, errors, p50Ms, p90Ms, p99Ms, maxMs,
 * maxInFlight, behindScheduleMs, statuses }`; `behindScheduleMs` is how late the generator itself
 * sent its worst request (a busy generator shows here, and its lateness is in the latencies anyway).
 */
export async function runOpenLoop({
  url,
  path = '/',
  method = 'GET',
  headers = {},
  body,
  rate = 1000,
  durationSeconds = 10,
  warmupSeconds = 2,
  connections = 128,
  timeoutMs = 10_000,
  makeRequest,
  onResponse,
}) {
  const pool = new Pool(url, { connections, pipelining: 1, keepAliveTimeout: 30_000, headersTimeout: timeoutMs, bodyTimeout: timeoutMs });
  try {
    const requestOf = makeRequest ?? (() => ({ path, method, headers, body }));
    if (warmupSeconds > 0) await phase({ pool, requestOf, onResponse, rate, seconds: warmupSeconds });
    return await phase({ pool, requestOf, onResponse, rate, seconds: durationSeconds });
  } finally {
    await pool.close().catch(() => {});
  }
}

async function phase({ pool, requestOf, onResponse, rate, seconds }) {
  const total = Math.round(rate * seconds);
  const intervalMs = 1000 / rate;
  const latencies = [];
  const statuses = {};
  let non2xx = 0;
  let errors = 0;
  let inFlight = 0;
  let maxInFlight = 0;
  let behindScheduleMs = 0;
  let sent = 0;
  const pending = [];
  const start = performance.now();

  const fire = (scheduledAt, request) => {
    inFlight += 1;
    if (inFlight > maxInFlight) maxInFlight = inFlight;
    const done = pool
      .request({ method: 'GET', ...request })
      .then(async (response) => {
        if (onResponse) onResponse(request, response.statusCode, await response.body.text());
        else await response.body.dump({ limit: Number.MAX_SAFE_INTEGER });
        latencies.push(performance.now() - scheduledAt);
        statuses[response.statusCode] = (statuses[response.statusCode] ?? 0) + 1;
        if (response.statusCode < 200 || response.statusCode >= 300) non2xx += 1;
      })
      .catch((error) => {
        errors += 1;
        statuses[error.code ?? 'error'] = (statuses[error.code ?? 'error'] ?? 0) + 1;
      })
      .finally(() => {
        inFlight -= 1;
      });
    pending.push(done);
  };

  // A timer cannot fire every millisecond exactly; each tick sends every request whose time has come, each
  // stamped with its own scheduled time.
  await new Promise((resolve) => {
    const tick = () => {
      const now = performance.now();
      const due = Math.min(total, Math.floor((now - start) / intervalMs) + 1);
      while (sent < due) {
        const scheduledAt = start + sent * intervalMs;
        behindScheduleMs = Math.max(behindScheduleMs, now - scheduledAt);
        fire(scheduledAt, requestOf(sent));
        sent += 1;
      }
      if (sent >= total) return resolve();
      const nextAt = start + sent * intervalMs;
      setTimeout(tick, Math.max(0, nextAt - performance.now() - 0.5));
    };
    tick();
  });
  await Promise.all(pending);
  const elapsedSeconds = (performance.now() - start) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    offeredRate: rate,
    achievedRate: Math.round(latencies.length / elapsedSeconds),
    sent,
    completed: latencies.length,
    ok: latencies.length - non2xx,
    non2xx,
    errors,
    p50Ms: round2(percentile(latencies, 50)),
    p90Ms: round2(percentile(latencies, 90)),
    p99Ms: round2(percentile(latencies, 99)),
    maxMs: round2(latencies.at(-1) ?? NaN),
    maxInFlight,
    behindScheduleMs: round2(behindScheduleMs),
    statuses,
  };
}

/** The median run of several (by p99), for a figure that one noisy run does not decide. */
export function medianRun(runs) {
  const sorted = [...runs].sort((a, b) => a.p99Ms - b.p99Ms);
  return sorted[Math.floor(sorted.length / 2)];
}

/**
 * CPU time (ms) used so far by each service, worker and gateway process this process started, by name
 * (`finance`, `household`, `bank-sync-worker`, `gateway`). Linux only (reads /proc); elsewhere an empty object.
 * Two readings around a run, divided by its requests, give the CPU each process spends per request: a figure a
 * busy machine distorts far less than latency.
 */
export function childProcessCpuMs() {
  const totals = {};
  let table;
  try {
    table = execFileSync('ps', ['-eo', 'pid=,ppid=,args='], { encoding: 'utf8' });
  } catch {
    return totals;
  }
  const ticksPerMs = 100 / 1000; // USER_HZ is 100 on Linux
  for (const line of table.split('\n')) {
    const match = line.trim().match(/^(\d+)\s+(\d+)\s+(.*)$/);
    if (!match || Number(match[2]) !== process.pid) continue;
    const service = match[3].match(/services\/([^/]+)\/dist\/(main|worker)\.js/);
    const name = service ? `${service[1]}${service[2] === 'worker' ? '-worker' : ''}` : /gateway\/dev\//.test(match[3]) ? 'gateway' : null;
    if (!name) continue;
    try {
      // Fields after the command name: utime and stime are the 12th and 13th.
      const fields = readFileSync(`/proc/${match[1]}/stat`, 'utf8').split(') ')[1].split(' ');
      totals[name] = (totals[name] ?? 0) + (Number(fields[11]) + Number(fields[12])) / ticksPerMs;
    } catch {
      // the process ended meanwhile
    }
  }
  return totals;
}

/** CPU ms per request of each process between two childProcessCpuMs readings (those above 0.01 ms). */
export function cpuPerRequest(before, after, requests) {
  return Object.fromEntries(
    Object.entries(after)
      .map(([name, ms]) => [name, Math.round(((ms - (before[name] ?? 0)) / Math.max(1, requests)) * 100) / 100])
      .filter(([, ms]) => ms >= 0.01),
  );
}
