// Redis restarted and PostgreSQL restarted while requests flow. The services must come back WITHOUT
// being restarted, refuse cleanly while a dependency is away (a JSON answer without a stack trace; 5xx is
// acceptable only during the outage), and lose no write that was answered with success.
//
// The rest of the reliability suite shares npm test's PostgreSQL and Redis, so this file starts its own (see
// support/faults-infra.ts) and its own launcher stack (every built service, bank-sync's worker, the dev gateway)
// on a free port block, then drives writes through the gateway while it kills Redis (SIGKILL, started again on
// the same port and data folder) and stops PostgreSQL (fast shutdown, started again on the same port).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignServicePorts } from '../../tools/lib/service-ports.mjs';
import { discoverPortedApps, startStack } from '../../tools/lib/stack.mjs';
import { findFreePortOffset } from '../../tools/lib/network.mjs';
import { startRestartablePostgres, startRestartableRedis, type RestartablePostgres, type RestartableRedis } from './support/faults-infra';
import { probeAll, registerUser, startTraffic, type Outcome, type Phase, type User } from './support/faults-traffic';

const OUTAGE_MS = 5_000;
const STEADY_MS = 4_000;
/** How long the services may take to answer normally again once the dependency is back. */
const RECOVERY_LIMIT_MS = 30_000;

interface Stack {
  url: string;
  services: Record<string, { port: number; url: string }>;
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The service and worker processes this test process started: pid and the entry file it runs. */
function ownChildren(): { pid: number; entry: string }[] {
  const table = execFileSync('ps', ['-eo', 'pid=,ppid=,args='], { encoding: 'utf8' });
  return table
    .split('\n')
    .map((line) => line.trim().match(/^(\d+)\s+(\d+)\s+(.*)$/))
    .filter((match): match is RegExpMatchArray => match !== null && Number(match[2]) === process.pid)
    .map((match) => ({ pid: Number(match[1]), entry: match[3]!.match(/services\/[^/]+\/dist\/\w+\.js/)?.[0] ?? '' }))
    .filter((child) => child.entry !== '');
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** A 5xx answer that is still clean: JSON, a message, nothing of a stack trace or a driver's internals. */
function uncleanReason(outcome: Outcome): string | null {
  if (!outcome.contentType.includes('application/json')) return `content-type ${outcome.contentType || 'none'}`;
  let parsed: Record<string, unknown>;
  try {
    parsed = JSON.parse(outcome.body) as Record<string, unknown>;
  } catch {
    return 'body is not JSON';
  }
  if (typeof parsed.message !== 'string') return 'no message';
  if ('stack' in parsed || /\n\s+at |node_modules|ECONNREFUSED|QueryFailedError|\.js:\d+/.test(outcome.body)) return 'leaks internals';
  return null;
}

describe('faults: Redis and PostgreSQL restarted under load', () => {
  let workDir: string;
  let postgres: RestartablePostgres | undefined;
  let redis: RestartableRedis | undefined;
  let stack: Stack | undefined;
  let users: User[] = [];
  let children: { pid: number; entry: string }[] = [];
  const serviceLog: string[] = [];
  let current: Phase = 'steady';
  const recoveries: Record<string, number> = {};
  const recoveryFailures: string[] = [];

  beforeAll(async () => {
    workDir = mkdtempSync(join(tmpdir(), 'paycadence-faults-'));
    postgres = await startRestartablePostgres(workDir);
    redis = await startRestartableRedis(workDir);
    // FAULTS_SERVICES_DIR: a copy of services/ with their dist (and node_modules/@paycadence pointing at copied libs)
    // lets this file run while builds rewrite dist/ in the checkout; npm test leaves it unset.
    const servicesDir = process.env.FAULTS_SERVICES_DIR;
    const names: string[] = discoverPortedApps(servicesDir ? { servicesDir } : {});
    const portOffset: number = await findFreePortOffset([...Object.values(assignServicePorts(names) as Record<string, number>), 8080]);
    stack = (await startStack({
      databaseUrl: postgres.url,
      redisUrl: redis.url,
      dataDir: join(workDir, 'data'),
      ...(servicesDir ? { servicesDir } : {}),
      port: 8080 + portOffset,
      portOffset,
      // The writers sign in and write far faster than a person: kong.yml's limits would throttle them.
      rateLimitFactor: 1000,
      env: { ...process.env, NODE_ENV: 'test', REDIS_KEY_PREFIX: 'faults:', LOG_LEVEL: 'warn' },
      log: () => {},
      onServiceLog: (service: string, line: string) => {
        serviceLog.push(`[${service}] ${line}`);
        if (serviceLog.length > 400) serviceLog.shift();
      },
    })) as Stack;
    users = [];
    for (let index = 0; index < 4; index += 1) users.push(await registerUser(stack.url, `u${index}`));
    children = ownChildren();
  }, 180_000);

  afterAll(async () => {
    await stack?.stop().catch(() => {});
    await redis?.close().catch(() => {});
    await postgres?.close().catch(() => {});
    if (workDir) rmSync(workDir, { recursive: true, force: true });
  }, 60_000);

  /**
   * Polls one request of each kind until all succeed, at most RECOVERY_LIMIT_MS; records how long that took, or
   * what still failed (the test goes on, so its summary and the other checks still show).
   */
  async function waitForRecovery(label: string): Promise<void> {
    const started = Date.now();
    let failures: string[] = [];
    while (Date.now() - started < RECOVERY_LIMIT_MS) {
      failures = await probeAll(stack!.url, users[0]!);
      if (failures.length === 0) {
        recoveries[label] = Date.now() - started;
        return;
      }
      await sleep(250);
    }
    recoveryFailures.push(`${label}: not answering normally ${RECOVERY_LIMIT_MS / 1000} s after the restart: ${failures.join('; ')}`);
  }

  it('keeps every answered write and recovers from both restarts without restarting a service', async () => {
    expect(children.map((child) => child.entry).sort(), 'the stack runs every service (and bank-sync worker)').toEqual(
      expect.arrayContaining(['services/auth/dist/main.js', 'services/finance/dist/main.js', 'services/waitlist/dist/main.js']),
    );
    const traffic = startTraffic(stack!.url, users, () => current);
    try {
      await sleep(STEADY_MS);

      // Redis: killed without a goodbye, started again on the same port and data folder.
      current = 'outage';
      await redis!.kill();
      await sleep(OUTAGE_MS);
      await redis!.start();
      await waitForRecovery('redis');
      current = 'steady';
      await sleep(STEADY_MS);

      // PostgreSQL: fast shutdown (every connection terminated), started again on the same port.
      current = 'outage';
      await postgres!.stop();
      await sleep(OUTAGE_MS);
      await postgres!.start();
      await waitForRecovery('postgres');
      current = 'steady';
      await sleep(STEADY_MS);
    } finally {
      await traffic.stop();
    }
    const outcomes = traffic.outcomes;
    const steady = outcomes.filter((outcome) => outcome.sentIn === 'steady' && outcome.answeredIn === 'steady');
    const duringFaults = outcomes.filter((outcome) => !(outcome.sentIn === 'steady' && outcome.answeredIn === 'steady'));
    const summary = (list: Outcome[]) =>
      Object.entries(
        list.reduce<Record<string, number>>((counts, outcome) => {
          const key = `${outcome.kind} ${outcome.status || outcome.error}`;
          counts[key] = (counts[key] ?? 0) + 1;
          return counts;
        }, {}),
      )
        .map(([key, count]) => `${key}: ${count}`)
        .join(', ');
    console.log(`faults: ${outcomes.length} requests; steady: ${summary(steady)}`);
    console.log(`faults: during or across an outage: ${summary(duringFaults)}`);
    const refusals = duringFaults.filter((outcome) => outcome.status >= 500);
    const samples = [...new Set(refusals.map((outcome) => `${outcome.kind} ${outcome.status} ${outcome.body.slice(0, 160)}`))].slice(0, 8);
    console.log(`faults: refusals during the outages (distinct, first 8):\n  ${samples.join('\n  ')}`);
    console.log(`faults: answering normally again ${JSON.stringify(recoveries)} ms after each restart`);

    // Within RECOVERY_LIMIT_MS of each restart, one request of each kind succeeds again.
    expect.soft(recoveryFailures).toEqual([]);
    // Outside the outages everything succeeds.
    const steadyFailures = steady.filter((outcome) => outcome.status < 200 || outcome.status >= 300);
    expect.soft(steadyFailures.map((outcome) => `${outcome.kind} ${outcome.status || outcome.error} ${outcome.body.slice(0, 200)}`)).toEqual([]);
    expect(steady.filter((outcome) => outcome.kind === 'bill').length).toBeGreaterThan(50);

    // During them: an answer on every request (no dropped connection), and any refusal clean.
    expect.soft(outcomes.filter((outcome) => outcome.status === 0).map((outcome) => `${outcome.kind}: ${outcome.error}`)).toEqual([]);
    const unclean = duringFaults
      .filter((outcome) => outcome.status >= 500)
      .map((outcome) => ({ outcome, reason: uncleanReason(outcome) }))
      .filter(({ reason }) => reason !== null)
      .map(({ outcome, reason }) => `${outcome.kind} ${outcome.status} (${reason}): ${outcome.body.slice(0, 200)}`);
    expect.soft(unclean).toEqual([]);
    // 4xx during an outage would blame the client for the server's trouble (a sign-in refused as bad password,
    // a token refused as invalid).
    const blamed = duringFaults.filter((outcome) => outcome.status >= 400 && outcome.status < 500);
    expect.soft(blamed.map((outcome) => `${outcome.kind} ${outcome.status}: ${outcome.body.slice(0, 200)}`)).toEqual([]);

    // No write answered with success is lost.
    const client = new pg.Client({ connectionString: postgres!.url });
    await client.connect();
    try {
      const billNames = outcomes.filter((outcome) => outcome.kind === 'bill' && outcome.status === 201).map((outcome) => outcome.key);
      const storedBills = await client.query<{ name: string }>('SELECT name FROM finance.bills WHERE name = ANY($1)', [billNames]);
      const storedBillNames = new Set(storedBills.rows.map((row) => row.name));
      expect(billNames.filter((name) => !storedBillNames.has(name))).toEqual([]);
      expect(storedBills.rowCount, 'each answered bill stored once').toBe(billNames.length);

      const emails = outcomes.filter((outcome) => outcome.kind === 'waitlist' && outcome.status >= 200 && outcome.status < 300).map((outcome) => outcome.key);
      const storedEmails = await client.query<{ email: string }>('SELECT email FROM waitlist.waitlist_entries WHERE email = ANY($1)', [emails]);
      const storedEmailSet = new Set(storedEmails.rows.map((row) => row.email));
      expect(emails.filter((email) => !storedEmailSet.has(email))).toEqual([]);

      // Each successful sign-in started a session (a refresh-token row); registration started one more.
      const logins = outcomes.filter((outcome) => outcome.kind === 'login' && outcome.status === 200).length;
      const sessions = await client.query<{ count: string }>('SELECT count(*) FROM auth.refresh_tokens WHERE user_id = $1', [users[0]!.id]);
      expect(Number(sessions.rows[0]!.count)).toBeGreaterThanOrEqual(logins + 1);
    } finally {
      await client.end();
    }

    // Nothing was restarted: the same processes still run and answer.
    const after = ownChildren();
    for (const child of children) {
      expect(isAlive(child.pid), `${child.entry} (pid ${child.pid}) still runs`).toBe(true);
      expect(after.some((other) => other.pid === child.pid), `${child.entry} is the same process`).toBe(true);
    }
    for (const [name, service] of Object.entries(stack!.services)) {
      const ready = await fetch(`${service.url}/health/ready`);
      expect(ready.status, `${name} /health/ready after both restarts`).toBe(200);
    }
  }, 300_000);
});
