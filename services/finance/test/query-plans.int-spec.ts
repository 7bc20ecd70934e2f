import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { INestApplicationContext } from '@nestjs/common';
import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { fixedClock } from '@paycadence/nest-kit';
import {
  captureQueries,
  checkQueryPlans,
  describePlanCheck,
  startPrivateRedis,
  startServiceHarness,
  type PrivateRedis,
  type QueryCapture,
  type ServiceHarness,
} from '@paycadence/nest-kit/testing';
import { AccountDataMessagesController } from '../src/account-data/account-data-messages.controller.js';
import type { FinanceConfig } from '../src/config.js';
import { ReminderScanner } from '../src/reminders/reminder-scanner.js';
import { serviceDefinition } from '../src/service-definition.js';
import { createFinanceWorker } from '../src/worker-app.js';
import { startAuthDirectoryStandIn, type AuthDirectoryStandIn } from './support/auth-directory-stand-in.js';
import { startHouseholdStandIn, type HouseholdStandIn } from './support/household-stand-in.js';

// Every statement behind the signed-in finance pages (dashboard, bills, income, savings, suggestions, calendar and
// its feed, reminder and forecast settings, the export) and the reminder scan is recorded as the service and its
// worker send it, then EXPLAINed on a database holding the rows of many users with seq scans priced out: a Seq
// Scan left means no index can serve that statement (docs/performance.template.md). Statements are picked up as
// the code issues them, so a query added to a page or to the scan is checked without being listed here. It lives
// with finance's integration tests, which the `integration` step of npm test runs against real PostgreSQL and
// Redis; seeding by generate_series keeps it to seconds.
let h: ServiceHarness<FinanceConfig>;
let redis: PrivateRedis;
let household: HouseholdStandIn;
let directory: AuthDirectoryStandIn;
let worker: INestApplicationContext | undefined;
let capture: QueryCapture;
let dataDir: string;
const SEED_USERS = 500;
const HOUSEHOLD_ID = '5b0f8f53-9b7e-4e39-9a0c-2f1f6c7d1a11';

/** Bills, income, goals, suggestions, marks and per-user settings for SEED_USERS users, some in households. */
async function seedManyUsers(): Promise<void> {
  const q = (sql: string) => h.db.query(sql.replaceAll('%s', `"${h.schema}"`));
  await q(`CREATE TEMP TABLE seed_users AS SELECT gen_random_uuid()::text AS user_id, n FROM generate_series(1, ${SEED_USERS}) n`);
  await q(`INSERT INTO %s.bills (user_id, name, amount, due_date, household_id)
           SELECT user_id, 'Bill ' || k, 10 * k, DATE '2026-03-01' + (n + k) % 28,
                  CASE WHEN k = 1 AND n % 10 = 0 THEN gen_random_uuid() END
           FROM seed_users, generate_series(1, 8) k`);
  await q(`INSERT INTO %s.income_sources (user_id, source, amount, frequency, next_date, household_id)
           SELECT user_id, 'Pay ' || k, 2000, 'monthly', DATE '2026-03-01' + (n + k) % 28,
                  CASE WHEN k = 1 AND n % 10 = 0 THEN gen_random_uuid() END
           FROM seed_users, generate_series(1, 2) k`);
  await q(`INSERT INTO %s.savings_goals (user_id, goal_type, current_amount) SELECT user_id, 'emergency_fund', 100 FROM seed_users`);
  await q(`INSERT INTO %s.suggestions (user_id, kind, external_key, name, amount, category, suggested_date, confidence)
           SELECT user_id, 'bill', 'seed-' || k, 'Suggested ' || k, 20, 'utilities', DATE '2026-03-20', 0.8
           FROM seed_users, generate_series(1, 4) k`);
  await q(`INSERT INTO %s.bill_paid_marks (bill_id, due_date, user_id, marked_on)
           SELECT id, due_date, user_id, DATE '2026-03-01' FROM %s.bills WHERE name = 'Bill 1'`);
  // Saved settings with bill and payday e-mails off: the scan must pass over these users by an index, and sends
  // nothing for them (the directory here knows only the signed-in user).
  await q(`INSERT INTO %s.reminder_settings (user_id, bills, income, suggestions, updates, days_before, time_zone, updated_at)
           SELECT user_id, false, false, true, n % 2 = 0, 2, 'America/New_York', now() FROM seed_users`);
  // A ledger of reminders sent lately (the scan prunes only the old ones).
  await q(`INSERT INTO %s.reminder_deliveries (reminder_key, user_id, kind, occurrence_date, unsubscribe_token_hash, sent_at)
           SELECT 'seed.' || user_id || '.' || k, user_id, 'bill-due', DATE '2026-03-01' + k, rpad(md5(user_id || k), 43, 'x'),
                  TIMESTAMPTZ '2026-03-01T09:00:00Z' + k * INTERVAL '1 day'
           FROM seed_users, generate_series(1, 4) k`);
  await q(`INSERT INTO %s.calendar_feeds (user_id, token_hash, created_at)
           SELECT user_id, rpad(md5(user_id), 43, 'x'), now() FROM seed_users`);
  await q(`INSERT INTO %s.forecast_settings (user_id, low_balance_threshold_cents) SELECT user_id, 5000 FROM seed_users`);
  await q(`INSERT INTO %s.bank_summaries (user_id, monthly_income_cents, savings_rate_percent, computed_at) SELECT user_id, 100, 5, now() FROM seed_users`);
  await q(`INSERT INTO %s.bank_payments (user_id, transactions, computed_at) SELECT user_id, '[]', now() FROM seed_users`);
  await q(`DROP TABLE seed_users`);
  const { rows } = await q(`SELECT tablename FROM pg_tables WHERE schemaname = '${h.schema}'`);
  for (const { tablename } of rows) await q(`ANALYZE %s."${tablename}"`);
}

beforeAll(async () => {
  redis = await startPrivateRedis();
  household = await startHouseholdStandIn(redis.url);
  directory = await startAuthDirectoryStandIn(redis.url);
  dataDir = mkdtempSync(join(tmpdir(), 'finance-query-plans-'));
  h = await startServiceHarness(serviceDefinition, {
    basePath: '/api/financial',
    callAs: 'userA',
    redisUrl: redis.url,
    clock: fixedClock('2026-03-10T20:00:00Z'),
    env: { DATA_DIR: dataDir, APP_URL: 'https://pay.example.test', REMINDERS_SCAN_EVERY_MS: '3600000', HOUSEHOLD_TIMEOUT_MS: '2000' },
  });
  const me = h.userA.id;
  household.behaviour = {
    memberships: { [me]: [{ householdId: HOUSEHOLD_ID, name: 'Home', role: 'owner', members: [{ id: me, name: 'Ann', role: 'owner' }] }] },
  };
  directory.users.set(me, { id: me, email: 'ann@example.com', firstName: 'Ann', lastName: null, emailConfirmed: true });
  await seedManyUsers();
  capture = captureQueries(h.app, h.schema);
}, 60_000);
afterAll(async () => {
  capture?.stop();
  // Each closed even when an earlier one failed: a service left open keeps Jest from exiting.
  for (const close of [() => worker?.close(), () => h?.close(), () => directory?.close(), () => household?.close(), () => redis?.stop()]) {
    await Promise.resolve()
      .then(close)
      .catch((error: unknown) => console.error(error));
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('every statement behind the finance pages and the reminder scan', () => {
  beforeAll(async () => {
    const me = h.userA.id;
    const ok = async (method: string, path: string, body?: unknown) => {
      const response = await h.call(method, path, body === undefined ? {} : { body });
      expect([method, path, response.status < 300 ? 'ok' : response.body]).toEqual([method, path, 'ok']);
      return response.body;
    };
    const bill = await ok('POST', '/bills', { name: 'Rent', amount: 1200, due_date: '2026-03-20', category: 'rent' });
    const shared = await ok('POST', '/bills', { name: 'Water', amount: 40, due_date: '2026-03-14', household_id: HOUSEHOLD_ID });
    const income = await ok('POST', '/income', { source: 'Salary', amount: 3000, frequency: 'monthly', next_date: '2026-03-13' });
    const goal = await ok('POST', '/savings-goals', { goal_type: 'emergency_fund', current_amount: 100 });
    await ok('PUT', `/bills/${bill.id}`, { name: 'Rent', amount: 1250, due_date: '2026-03-20', category: 'rent' });
    await ok('PUT', `/income/${income.id}`, { source: 'Salary', amount: 3100, frequency: 'monthly', next_date: '2026-03-13' });
    await ok('PUT', `/savings-goals/${goal.id}`, { goal_type: 'emergency_fund', current_amount: 150 });
    await h.db.query(
      `INSERT INTO "${h.schema}".suggestions (user_id, kind, external_key, name, amount, category, suggested_date, confidence)
       VALUES ($1, 'bill', 'mine-1', 'Gym', 30, 'subscriptions', '2026-03-25', 0.9), ($1, 'bill', 'mine-2', 'Phone', 45, 'utilities', '2026-03-26', 0.9)`,
      [me],
    );
    const { bills: suggestions } = await ok('GET', '/suggestions');
    await ok('POST', `/accept-bill/${suggestions[0].id}`, {});
    await ok('POST', `/dismiss-suggestion/${suggestions[1].id}`, {});
    for (const path of ['/bills', '/income', '/savings-goals', '/dashboard-with-insights', '/dashboard-with-insights?today=2026-03-11']) await ok('GET', path);
    await ok('GET', '/timeline?from=2026-03-01&to=2026-04-30');
    await ok('POST', `/bill-status/${shared.id}/2026-03-14`, {});
    await ok('DELETE', `/bill-status/${shared.id}/2026-03-14`);
    await ok('PUT', '/reminders', { bills: true, income: true, suggestions: true, updates: false, days_before: 2, time_zone: 'America/New_York' });
    await ok('GET', '/reminders');
    await ok('PUT', '/forecast-settings', { lowBalanceThresholdCents: 10000 });
    await ok('GET', '/forecast-settings');
    const feed = await ok('POST', '/calendar-feed', {});
    await ok('GET', '/calendar-feed');
    // The feed itself, as a calendar app fetches it: no session, the token in the path.
    expect((await fetch(`${h.baseUrl}${feed.path}`)).status).toBe(200);
    await ok('DELETE', `/bills/${bill.id}`);
    await h.app.get(AccountDataMessagesController).export({ userId: me, email: null });
    // The reminder scan as the worker runs it, on the same schema (its connections are captured too).
    worker = await createFinanceWorker({ config: h.config, clock: h.clock, databaseSchema: h.schema });
    await worker.get(ReminderScanner).scan();
    // What the scan hands the queue (planning, sending) is part of it: wait until the worker has run it all.
    const queue = worker.get<Queue>(getQueueToken('reminders'));
    for (const deadline = Date.now() + 15_000; ; ) {
      const pending = (await queue.getJobs(['waiting', 'active', 'delayed', 'prioritized'])).filter((job) => job && !job.id?.startsWith('repeat:'));
      if (pending.length === 0) break;
      if (Date.now() > deadline) throw new Error(`reminder jobs still pending: ${pending.map((job) => job.id).join(', ')}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }, 60_000);

  it('captured the statements of the main finance tables and of the scan', () => {
    const sql = capture.statements().map((statement) => statement.sql).join('\n');
    for (const table of ['bills', 'income_sources', 'savings_goals', 'suggestions', 'reminder_settings', 'calendar_feeds']) expect(sql).toContain(table);
  });

  it('has an index for each: no sequential scan of a table holding many users’ rows', async () => {
    const check = await checkQueryPlans(h.db, h.schema, capture.statements());
    expect(check.explained).toBeGreaterThan(20);
    expect(describePlanCheck(check)).toBe('');
  });

  it('would notice one that has none (a filter on a column no index starts with)', async () => {
    const check = await checkQueryPlans(h.db, h.schema, [{ sql: 'SELECT id FROM bills WHERE name = $1', params: ['Rent'] }]);
    expect(check.seqScans).toEqual([expect.objectContaining({ table: 'bills' })]);
  });
});
