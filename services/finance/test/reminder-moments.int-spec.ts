import { randomUUID } from 'node:crypto';
import type { INestApplicationContext } from '@nestjs/common';
import { getQueueToken } from '@nestjs/bullmq';
import { HOUSEHOLD_EVENTS, type Membership } from '@paycadence/contracts';
import { fixedClock, type SettableClock } from '@paycadence/nest-kit';
import { startPrivateRedis, startServiceHarness, type PrivateRedis, type ServiceHarness, type TestUser } from '@paycadence/nest-kit/testing';
import type { Queue } from 'bullmq';
import type { FinanceConfig } from '../src/config.js';
import { REMINDER_LEDGER_KEEP_DAYS, ReminderScanner } from '../src/reminders/reminder-scanner.js';
import { ReminderPlanJob } from '../src/reminders/reminder-plan-job.js';
import { serviceDefinition } from '../src/service-definition.js';
import { createFinanceWorker } from '../src/worker-app.js';
import { startAuthDirectoryStandIn, type AuthDirectoryStandIn } from './support/auth-directory-stand-in.js';
import { startHouseholdStandIn, type HouseholdStandIn } from './support/household-stand-in.js';

// Each user's next reminder moment (docs/reminders.md), on real PostgreSQL and Redis with finance's real worker:
// the scan reads only the users whose moment has come, the moment is the user's own 8 o'clock in UTC, and every
// change that decides it marks the plan stale. At 2026-03-10T20:00Z it is 09:00 on the 11th in Auckland (UTC+13).
let h: ServiceHarness<FinanceConfig>;
let redis: PrivateRedis;
let household: HouseholdStandIn;
let directory: AuthDirectoryStandIn;
let clock: SettableClock;
let ann: TestUser;
let pat: TestUser;
let worker: INestApplicationContext;

const AUCKLAND = 'Pacific/Auckland';
const HOME = '5f0c2b7e-3a1d-4c8e-9b6f-2d4e6a8c0b1d';

beforeAll(async () => {
  redis = await startPrivateRedis();
  household = await startHouseholdStandIn(redis.url);
  directory = await startAuthDirectoryStandIn(redis.url);
  clock = fixedClock('2026-03-10T20:00:00Z');
  h = await startServiceHarness(serviceDefinition, {
    basePath: '/api/financial',
    redisUrl: redis.url,
    clock,
    env: { REMINDERS_SCAN_EVERY_MS: '3600000', HOUSEHOLD_TIMEOUT_MS: '400', HOUSEHOLD_RETRY_AFTER_MS: '0' },
  });
  [ann, pat] = [h.userA, h.userB];
  for (const user of [ann, pat]) directory.users.set(user.id, { id: user.id, email: `${user.id}@example.com`, firstName: null, lastName: null, emailConfirmed: true });
});
afterAll(async () => {
  await worker?.close();
  await h?.close();
  await directory?.close();
  await household?.close();
  await redis?.stop();
});
beforeEach(async () => {
  await worker?.close();
  await h.truncate();
  clock.set('2026-03-10T20:00:00Z');
  household.behaviour = { memberships: {} };
  await household.replaceVersions([ann.id, pat.id]);
  worker = await createFinanceWorker({ config: h.config, clock, databaseSchema: h.schema });
  await settled();
});

const as = (user: TestUser) => ({
  put: (path: string, body?: unknown) => h.call('PUT', path, { token: user.token, body }),
  post: (path: string, body?: unknown) => h.call('POST', path, { token: user.token, body }),
});
const settings = { bills: true, income: true, suggestions: false, updates: true, days_before: 3, time_zone: AUCKLAND };

async function addBill(user: TestUser, dueDate: string, extra: Record<string, unknown> = {}) {
  const created = await as(user).post('/bills', { name: 'Rent', amount: 1200, due_date: dueDate, priority: 'high', category: 'rent', recurring: 'once', ...extra });
  expect(created.status).toBe(201);
  return created.body.id as string;
}

async function settled() {
  const queue = worker.get<Queue>(getQueueToken('reminders'));
  const deadline = Date.now() + 15_000;
  for (;;) {
    const pending = (await queue.getJobs(['waiting', 'active', 'delayed', 'prioritized'])).filter((job) => job && !job.id?.startsWith('repeat:'));
    if (pending.length === 0) return;
    if (Date.now() > deadline) throw new Error(`reminder jobs still pending: ${pending.map((job) => job.id).join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The user's stored moment: an ISO string, 'stale' or null. */
async function momentOf(user: TestUser): Promise<string | null> {
  const { rows } = await h.db.query(
    `SELECT CASE WHEN next_reminder_at = '-infinity' THEN 'stale' ELSE to_char(next_reminder_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI"Z"') END AS at
       FROM "${h.schema}".reminder_settings WHERE user_id = $1`,
    [user.id],
  );
  return (rows[0]?.at as string | null | undefined) ?? null;
}

async function sentCount(): Promise<number> {
  return Number((await h.db.query(`SELECT count(*) FROM "${h.schema}".reminder_deliveries`)).rows[0].count);
}

async function scanAndSettle(): Promise<number> {
  const queued = await worker.get(ReminderScanner).scan();
  await settled();
  return queued;
}

describe('the next reminder moment', () => {
  it('is the first 8 o’clock, on the user’s own clock, at which a reminder becomes due', async () => {
    await as(ann).put('/reminders', settings);
    expect(await momentOf(ann)).toBe('stale');
    await addBill(ann, '2026-03-20');
    await scanAndSettle();
    // Rent on the 20th, 3 days before: the 17th at 08:00 in Auckland (UTC+13).
    expect(await momentOf(ann)).toBe('2026-03-16T19:00Z');
    // Nothing is due before it: scans read nobody.
    clock.set('2026-03-16T18:59:00Z');
    expect(await scanAndSettle()).toBe(0);
    clock.set('2026-03-16T19:00:00Z');
    expect(await scanAndSettle()).toBe(1);
    // Sends were queued: planned again half an hour later, when the ledger says whether they went out.
    expect(await momentOf(ann)).toBe('2026-03-16T19:30Z');
    clock.set('2026-03-16T19:30:00Z');
    expect(await scanAndSettle()).toBe(1);
    // Sent, so the next moment is past the horizon: planned again on its last day.
    expect(await momentOf(ann)).toBe('2026-04-20T20:00Z');
  });

  it('queues a reminder again when its send failed for good, while it is still due', async () => {
    await as(ann).put('/reminders', settings);
    await addBill(ann, '2026-03-14');
    // The 11th, 09:00 in Auckland: Rent on the 14th is due its reminder. The plan queues its send, which is then
    // lost (as a send that used up its retries is): nothing reaches the ledger.
    const queue = worker.get<Queue>(getQueueToken('reminders'));
    await queue.pause();
    try {
      const [{ plan_version: version }] = (await h.db.query(`SELECT plan_version FROM "${h.schema}".reminder_settings WHERE user_id = $1`, [ann.id])).rows;
      await worker.get(ReminderPlanJob).plan({ userId: ann.id, version: Number(version), moment: 'stale' });
      expect((await queue.getJobs(['waiting', 'paused'])).map((job) => job.name)).toEqual(['send-reminder']);
      await queue.obliterate({ force: true });
    } finally {
      await queue.resume();
    }
    expect(await sentCount()).toBe(0);
    expect(await momentOf(ann)).toBe('2026-03-10T20:30Z');
    clock.set('2026-03-10T20:30:00Z');
    await scanAndSettle();
    expect(await sentCount()).toBe(1);
  });

  it('is marked stale by what decides it: a bill, a paid mark, the settings, a household change', async () => {
    await as(ann).put('/reminders', settings);
    const rent = await addBill(ann, '2026-03-20');
    const plannedAgain = async (change: () => Promise<unknown>) => {
      await scanAndSettle();
      expect(await momentOf(ann)).not.toBe('stale');
      await change();
      expect(await momentOf(ann)).toBe('stale');
    };
    await plannedAgain(() => h.call('PUT', `/bills/${rent}`, { token: ann.token, body: { due_date: '2026-03-22' } }));
    await plannedAgain(() => as(ann).post(`/bill-status/${rent}/2026-03-22`));
    await plannedAgain(() => as(ann).put('/reminders', { ...settings, time_zone: 'Europe/Paris' }));
    await plannedAgain(() => household.emit(HOUSEHOLD_EVENTS.membershipsChanged, { userIds: [ann.id] }).then(() => until(async () => (await momentOf(ann)) === 'stale')));
    // A save that changes nothing that decides it keeps the moment.
    await scanAndSettle();
    const before = await momentOf(ann);
    await as(ann).put('/reminders', { ...settings, time_zone: 'Europe/Paris', updates: false });
    expect(await momentOf(ann)).toBe(before);
    // Off: no moment at all, and the scan never reads the user.
    await as(ann).put('/reminders', { ...settings, bills: false, income: false });
    expect(await momentOf(ann)).toBeNull();
  });

  it('of every member is marked stale when another member changes a shared bill', async () => {
    const members = [
      { id: ann.id, name: 'Ann', role: 'owner' as const },
      { id: pat.id, name: 'Pat', role: 'partner' as const },
    ];
    const home = (role: 'owner' | 'partner'): Membership[] => [{ householdId: HOME, name: 'Home', role, members }];
    household.behaviour = { memberships: { [ann.id]: home('owner'), [pat.id]: home('partner') } };
    await household.replaceVersions([ann.id, pat.id]);
    await as(pat).put('/reminders', settings);
    const rent = await addBill(ann, '2026-03-20', { household_id: HOME });
    await scanAndSettle();
    // Pat's plan includes the shared Rent: Pat is reminded too, from the 17th.
    expect(await momentOf(pat)).toBe('2026-03-16T19:00Z');
    await h.call('PUT', `/bills/${rent}`, { token: ann.token, body: { due_date: '2026-03-25' } });
    expect(await momentOf(pat)).toBe('stale');
    await scanAndSettle();
    expect(await momentOf(pat)).toBe('2026-03-21T19:00Z');
  });

  it('makes a scan read only the users due, however many others there are', async () => {
    // 5,000 users whose moment lies ahead and 3 whose moment has come, seeded straight into the table.
    await h.db.query(
      `INSERT INTO "${h.schema}".reminder_settings (user_id, bills, income, suggestions, updates, days_before, time_zone, updated_at)
       SELECT gen_random_uuid()::text, true, true, false, true, 3, 'UTC', now() FROM generate_series(1, 5003)`,
    );
    await h.db.query(`UPDATE "${h.schema}".reminder_settings SET next_reminder_at = $1::timestamptz + (random() * interval '30 days') + interval '1 minute'`, [clock.now()]);
    const due = (await h.db.query(`SELECT user_id FROM "${h.schema}".reminder_settings LIMIT 3`)).rows.map((row) => row.user_id as string);
    await h.db.query(`UPDATE "${h.schema}".reminder_settings SET next_reminder_at = $2 WHERE user_id = ANY($1)`, [due, clock.now()]);
    const queue = worker.get<Queue>(getQueueToken('reminders'));
    await queue.pause();
    try {
      expect(await worker.get(ReminderScanner).scan()).toBe(3);
      const planned = (await queue.getJobs(['waiting', 'paused'])).filter((job) => job?.name === 'plan-reminders');
      expect(planned.map((job) => job.data.userId).sort()).toEqual([...due].sort());
      // A second scan before they ran adds nothing (same job ids).
      await worker.get(ReminderScanner).scan();
      expect((await queue.getJobs(['waiting', 'paused'])).filter((job) => job?.name === 'plan-reminders')).toHaveLength(3);
    } finally {
      await queue.obliterate({ force: true });
      await queue.resume();
    }
  });

  it('leaves the ledger pruned of deliveries older than the time their links are kept for', async () => {
    const old = new Date(clock.now().getTime() - (REMINDER_LEDGER_KEEP_DAYS + 1) * 86_400_000);
    const recent = new Date(clock.now().getTime() - (REMINDER_LEDGER_KEEP_DAYS - 1) * 86_400_000);
    for (const sentAt of [old, old, recent]) {
      await h.db.query(
        `INSERT INTO "${h.schema}".reminder_deliveries (reminder_key, user_id, kind, occurrence_date, unsubscribe_token_hash, sent_at)
         VALUES ($1, $2, 'bill-due', $3::timestamptz::date, $4, $3::timestamptz)`,
        [`reminder:${ann.id}:${randomUUID()}:x:bill-due`, ann.id, sentAt.toISOString(), randomUUID().replace(/-/g, '').padEnd(43, 'a')],
      );
    }
    await worker.get(ReminderScanner).scanJob();
    const { rows } = await h.db.query(`SELECT sent_at FROM "${h.schema}".reminder_deliveries`);
    expect(rows.map((row) => (row.sent_at as Date).toISOString())).toEqual([recent.toISOString()]);
  });
});

async function until(check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in 5 s');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
