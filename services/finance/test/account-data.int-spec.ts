import { randomUUID } from 'node:crypto';
import type { AccountSubject } from '@paycadence/contracts';
import { uncoveredOwnerColumns } from '@paycadence/nest-kit';
import {
  accountDataProbe,
  rowsNaming,
  startPrivateRedis,
  startServiceHarness,
  type AccountDataProbe,
  type PrivateRedis,
  type ServiceHarness,
} from '@paycadence/nest-kit/testing';
import { FINANCE_USER_TABLES } from '../src/account-data/finance-user-tables.js';
import type { FinanceConfig } from '../src/config.js';
import { serviceDefinition } from '../src/service-definition.js';

// Finance's part of "export everything" and "delete my account", asked over the real Redis
// transport (a test Redis of its own) as auth asks, held against what the database itself holds.
let h: ServiceHarness<FinanceConfig>;
let redis: PrivateRedis;
let probe: AccountDataProbe;
let ann: AccountSubject;
let bob: AccountSubject;

beforeAll(async () => {
  redis = await startPrivateRedis();
  h = await startServiceHarness(serviceDefinition, { basePath: '/api/financial', redisUrl: redis.url });
  probe = accountDataProbe(redis.url, 'finance');
  ann = { userId: h.userA.id, email: 'ann@example.com' };
  bob = { userId: h.userB.id, email: 'bob@example.com' };
});
afterAll(async () => {
  await probe?.close();
  await h?.close();
  await redis?.stop();
});
beforeEach(() => h.truncate());

/** A row in every finance table for the user; answers the ids by table. */
async function everythingOf(userId: string, name: string): Promise<Record<string, string[]>> {
  const q = (sql: string, params: unknown[]) => h.db.query(sql.replaceAll('§', `"${h.schema}"`), params);
  const bill = randomUUID();
  const bill2 = randomUUID();
  const income = randomUUID();
  const goal = randomUUID();
  const suggestion = randomUUID();
  await q(`INSERT INTO §.bills (id, user_id, name, amount, due_date) VALUES ($1, $3, $4, 1200, '2026-03-25'), ($2, $3, '=HYPERLINK("x")', 40, '2026-03-12')`, [
    bill,
    bill2,
    userId,
    `${name}'s rent`,
  ]);
  await q(`INSERT INTO §.income_sources (id, user_id, source, amount, next_date) VALUES ($1, $2, 'Salary', 3000, '2026-03-15')`, [income, userId]);
  await q(`INSERT INTO §.savings_goals (id, user_id, goal_type, current_amount) VALUES ($1, $2, 'emergency_fund', 500)`, [goal, userId]);
  await q(
    `INSERT INTO §.suggestions (id, user_id, kind, external_key, name, amount, category, suggested_date, confidence)
     VALUES ($1, $2, 'bill', 'k1', 'Netflix', 15.49, 'subscriptions', '2026-03-20', 0.9)`,
    [suggestion, userId],
  );
  await q(`INSERT INTO §.calendar_feeds (user_id, token_hash, created_at) VALUES ($1, $2, now())`, [userId, 'h'.repeat(42) + name[0]]);
  await q(`INSERT INTO §.bank_summaries (user_id, monthly_income_cents, savings_rate_percent, computed_at) VALUES ($1, 300000, 12.5, now())`, [userId]);
  await q(`INSERT INTO §.forecast_settings (user_id, low_balance_threshold_cents) VALUES ($1, 25000)`, [userId]);
  await q(`INSERT INTO §.bill_paid_marks (bill_id, due_date, user_id, marked_on) VALUES ($1, '2026-03-25', $2, '2026-03-09')`, [bill, userId]);
  await q(`INSERT INTO §.bank_payments (user_id, transactions, computed_at) VALUES ($1, '[{"amount": 1200, "name": "RENT"}]', now())`, [userId]);
  await q(
    `INSERT INTO §.reminder_settings (user_id, bills, income, suggestions, updates, days_before, time_zone, updated_at)
     VALUES ($1, true, true, false, false, 3, 'Europe/Paris', now())`,
    [userId],
  );
  await q(
    `INSERT INTO §.reminder_deliveries (reminder_key, user_id, kind, occurrence_date, unsubscribe_token_hash, sent_at)
     VALUES ($1, $2, 'bill-due', '2026-03-25', $3, now())`,
    [`bill-due:${bill}`, userId, 'u'.repeat(42) + name[0]],
  );
  return { bills: [bill, bill2], income_sources: [income], savings_goals: [goal], suggestions: [suggestion] };
}

describe('finance account data', () => {
  it('lists every table that names a user (a new table must join FINANCE_USER_TABLES)', async () => {
    expect(await uncoveredOwnerColumns((sql, params) => h.db.query(sql, params), h.schema, FINANCE_USER_TABLES)).toEqual([]);
  });

  it("exports every row of the user, as the database holds them, and nothing of anyone else's", async () => {
    const annIds = await everythingOf(ann.userId, 'Ann');
    await everythingOf(bob.userId, 'Bob');
    const reply = await probe.export(ann);
    if (!reply.ok) throw new Error(reply.message);

    // Every table holding a row of Ann's (found from the database alone) is in the export with as many rows...
    const inDatabase = await rowsNaming(h.db, h.schema, ann);
    for (const [table, count] of Object.entries(inDatabase)) {
      if (table === 'data_versions') continue; // the dashboard cache's counter: not data
      expect({ table, rows: reply.tables[table]?.length }).toEqual({ table, rows: count });
    }
    // ...with the very rows Ann owns...
    for (const [table, ids] of Object.entries(annIds)) expect(reply.tables[table]!.map((row) => row.id).sort()).toEqual([...ids].sort());
    expect(reply.tables.bills!.map((row) => row.name)).toContain("Ann's rent");
    expect(reply.tables.calendar_feeds).toEqual([{ user_id: ann.userId, created_at: expect.any(String) }]);
    expect(reply.tables.reminder_settings).toEqual([expect.objectContaining({ days_before: 3, time_zone: 'Europe/Paris' })]);
    expect(reply.tables.reminder_deliveries![0]).not.toHaveProperty('unsubscribe_token_hash');
    expect(reply.tables.forecast_settings).toEqual([expect.objectContaining({ low_balance_threshold_cents: 25000 })]);
    expect(reply.tables.bill_paid_marks).toEqual([expect.objectContaining({ due_date: '2026-03-25', marked_on: '2026-03-09' })]);
    // ...and nothing that names Bob or comes from his rows.
    const text = JSON.stringify(reply);
    expect(text).not.toContain(bob.userId);
    expect(text).not.toContain("Bob's rent");
  });

  it('deletes every row of the user and none of anyone else, and a second delete finds nothing', async () => {
    await everythingOf(ann.userId, 'Ann');
    await everythingOf(bob.userId, 'Bob');
    const bobBefore = await rowsNaming(h.db, h.schema, bob);

    const reply = await probe.delete(ann);
    expect(reply).toMatchObject({ ok: true, removed: { bills: 2, income_sources: 1, savings_goals: 1, suggestions: 1, calendar_feeds: 1, bank_summaries: 1, reminder_settings: 1, reminder_deliveries: 1, bill_paid_marks: 1, bank_payments: 1, forecast_settings: 1 } });
    expect(await rowsNaming(h.db, h.schema, ann)).toEqual({});
    expect(await rowsNaming(h.db, h.schema, bob)).toEqual(bobBefore);

    const again = await probe.delete(ann);
    expect(again.ok && Object.values(again.removed).every((count) => count === 0)).toBe(true);
  });

  it('refuses a malformed subject without touching anything', async () => {
    await everythingOf(ann.userId, 'Ann');
    const before = await rowsNaming(h.db, h.schema, ann);
    const reply = await probe.delete({ userId: 'not-a-uuid', email: 'x@example.com' });
    expect(reply).toMatchObject({ ok: false, code: 'VALIDATION', errors: { userId: expect.any(String) } });
    expect(await rowsNaming(h.db, h.schema, ann)).toEqual(before);
  });
});
