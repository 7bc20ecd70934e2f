import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { INestApplicationContext } from '@nestjs/common';
import { getQueueToken } from '@nestjs/bullmq';
import { membershipVersionKey } from '@paycadence/contracts';
import { bullPrefix, createRedisConnection, fixedClock } from '@paycadence/nest-kit';
import { startPrivateRedisCluster, startServiceHarness, type PrivateRedisCluster, type ServiceHarness } from '@paycadence/nest-kit/testing';
import type { Queue } from 'bullmq';
import type { FinanceConfig } from '../src/config.js';
import { ReminderScanner } from '../src/reminders/reminder-scanner.js';
import { serviceDefinition } from '../src/service-definition.js';
import { createFinanceWorker } from '../src/worker-app.js';
import { startAuthDirectoryStandIn, type AuthDirectoryStandIn } from './support/auth-directory-stand-in.js';
import { startHouseholdStandIn, type HouseholdStandIn } from './support/household-stand-in.js';

// A reminder e-mail through a throwaway three-primary Redis Cluster (docs/redis-cluster.md): finance's HTTP app
// and its real workers (BullMQ on the cluster), auth's directory and household played by stand-ins over the
// cluster's Redis transport, the e-mail in a real outbox folder. At 2026-03-10T20:00Z it is 09:00 on the 11th in
// Auckland, three days before Ann's rent. No skip: without redis-server this fails, naming it.
let cluster: PrivateRedisCluster;
let h: ServiceHarness<FinanceConfig>;
let household: HouseholdStandIn;
let directory: AuthDirectoryStandIn;
let dataDir: string;
const workers: INestApplicationContext[] = [];
const clock = fixedClock('2026-03-10T20:00:00Z');

beforeAll(async () => {
  cluster = await startPrivateRedisCluster(3);
  household = await startHouseholdStandIn(cluster.url);
  household.versioned = true;
  directory = await startAuthDirectoryStandIn(cluster.url);
  dataDir = mkdtempSync(join(tmpdir(), 'finance-cluster-'));
  h = await startServiceHarness(serviceDefinition, {
    basePath: '/api/financial',
    redisUrl: cluster.url,
    clock,
    // A scan every hour at most: the test runs the scans itself (and each worker runs one when it starts).
    env: { DATA_DIR: dataDir, APP_URL: 'https://pay.example.test', REMINDERS_SCAN_EVERY_MS: '3600000', HOUSEHOLD_TIMEOUT_MS: '2000' },
  });
  directory.users.set(h.userA.id, { id: h.userA.id, email: 'ann@example.com', firstName: 'Ann', lastName: null, emailConfirmed: true });
}, 60_000);

afterAll(async () => {
  await Promise.all(workers.splice(0).map((worker) => worker.close()));
  await h?.close();
  await directory?.close();
  await household?.close();
  await cluster?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function startWorker(): Promise<INestApplicationContext> {
  const worker = await createFinanceWorker({ config: h.config, clock, databaseSchema: h.schema });
  workers.push(worker);
  return worker;
}

/** Until no reminder job waits or runs on the queue (the scheduler's next scan aside). */
async function settled(worker: INestApplicationContext) {
  const queue = worker.get<Queue>(getQueueToken('reminders'));
  const deadline = Date.now() + 15_000;
  for (;;) {
    const pending = (await queue.getJobs(['waiting', 'active', 'delayed', 'prioritized'])).filter((job) => job && !job.id?.startsWith('repeat:'));
    if (pending.length === 0) return;
    if (Date.now() > deadline) throw new Error(`reminder jobs still pending: ${pending.map((job) => job.id).join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function sentMails(): { to: string; subject: string; text: string }[] {
  const outbox = join(dataDir, 'outbox');
  let files: string[];
  try {
    files = readdirSync(outbox).filter((file) => file.endsWith('.json'));
  } catch {
    return [];
  }
  return files.map((file) => JSON.parse(readFileSync(join(outbox, file), 'utf8')));
}

describe('finance on a Redis Cluster', () => {
  it('sends a due reminder once from the real workers, two of them scanning at the same time', async () => {
    const ann = h.userA;
    const call = (method: string, path: string, body?: unknown) => h.call(method, path, { token: ann.token, body });
    expect((await call('PUT', '/reminders', { bills: true, income: true, suggestions: false, updates: true, days_before: 3, time_zone: 'Pacific/Auckland' })).status).toBe(200);
    expect((await call('POST', '/bills', { name: 'Rent', amount: 1200, due_date: '2026-03-14', priority: 'high', category: 'rent', recurring: 'once' })).status).toBe(201);

    // Two workers, each running its start-up scan, and two more scans at once.
    const [first, second] = await Promise.all([startWorker(), startWorker()]);
    await Promise.all([first.get(ReminderScanner).scan(), second.get(ReminderScanner).scan()]);
    await Promise.all([settled(first), settled(second)]);

    expect(sentMails().map((mail) => [mail.to, mail.subject])).toEqual([['ann@example.com', 'Rent ($1,200.00) is due in 3 days, on the 14th']]);
    expect(sentMails()[0]!.text).toContain('Hi Ann,');
    // The address came from the directory stand-in, the households from household's, over the cluster's transport.
    expect(directory.asked).toBeGreaterThan(0);
    expect(household.asked).toBeGreaterThan(0);
    // The reminder queue's keys sit in the queue's own hash slot, as BullMQ needs on a cluster.
    const prefix = bullPrefix(h.redisKeyPrefix, 'reminders', h.config.REDIS_URL);
    expect(prefix).toBe(`${h.redisKeyPrefix}{bull:reminders}`);
    const raw = createRedisConnection(cluster.url);
    try {
      expect(await raw.exists(`${prefix}:reminders:meta`)).toBe(1);
      expect(await raw.exists(membershipVersionKey(ann.id))).toBe(1);
    } finally {
      raw.disconnect();
    }

    // Later the same day, another scan sends nothing more.
    clock.advance(3 * 3600_000);
    await first.get(ReminderScanner).scan();
    await settled(first);
    expect(sentMails()).toHaveLength(1);
    const ledger = await h.db.query(`SELECT kind FROM "${h.schema}".reminder_deliveries WHERE user_id = $1`, [ann.id]);
    expect(ledger.rows).toHaveLength(1);
  }, 40_000);
});
