import { captureQueries, checkQueryPlans, describePlanCheck, explain, planShape, type QueryCapture } from '@paycadence/nest-kit/testing';
import { startBankSyncKit, type BankSyncKit } from './support/bank-sync-kit.js';
import { AccountDataMessagesController } from '../src/account-data/account-data-messages.controller.js';
import { DetectionService } from '../src/detection/detection.service.js';

// Every statement behind the Connected Accounts, Transactions and Analytics pages, the export and a bank import
// (the real ItemSyncService against the Plaid emulator, then detection; suggestions are finance's) is recorded as the service sends it, then
// EXPLAINed on a database holding the rows of many users with seq scans priced out: a Seq Scan left means no
// index can serve that statement, and the page would read every user's rows (docs/performance.template.md).
// It lives with bank-sync's integration tests, which the `integration` step of npm test already runs against
// real PostgreSQL and Redis; seeding by generate_series keeps it to a few seconds.
let kit: BankSyncKit;
let capture: QueryCapture;
const SEED_USERS = 500;
const ROWS_PER_USER = 20;
/** A heavy user: what the transaction list must page through without sorting all of it. */
const HEAVY_ROWS = 5000;
let heavyUserId: string;

async function seedManyUsers(): Promise<void> {
  const { db, schema } = kit.h;
  const q = (sql: string) => db.query(sql.replaceAll('%s', `"${schema}"`));
  await q(`INSERT INTO %s.plaid_items (user_id, plaid_item_id, access_token_sealed, institution_name)
           SELECT gen_random_uuid(), 'seed-item-' || n, 'sealed', 'Seed Bank' FROM generate_series(1, ${SEED_USERS + 1}) n`);
  await q(`INSERT INTO %s.bank_accounts (user_id, item_id, plaid_account_id, name, type, current_balance)
           SELECT user_id, id, 'seed-acct', 'Checking', 'depository', 100 FROM %s.plaid_items WHERE plaid_item_id LIKE 'seed-item-%'`);
  const { rows } = await q(`SELECT user_id FROM %s.plaid_items WHERE plaid_item_id = 'seed-item-1'`);
  heavyUserId = rows[0].user_id;
  const insertTransactions = (where: string, count: number) =>
    q(`INSERT INTO %s.bank_transactions (user_id, item_id, account_id, plaid_transaction_id, amount, date, name, merchant_key, category)
       SELECT a.user_id, a.item_id, a.id, 'seed-tx-' || g, CASE WHEN g % 5 = 0 THEN -1500 ELSE g % 97 + 1 END,
              DATE '2026-03-10' - g % 700, 'Seed merchant ' || g % 7, 'seed merchant ' || g % 7, ARRAY['Shops']
       FROM %s.bank_accounts a, generate_series(1, ${count}) g WHERE a.plaid_account_id = 'seed-acct' AND ${where}`);
  await insertTransactions(`a.user_id <> '${heavyUserId}'`, ROWS_PER_USER);
  await insertTransactions(`a.user_id = '${heavyUserId}'`, HEAVY_ROWS);
  await q(`INSERT INTO %s.recurring_streams (user_id, account_id, direction, merchant_key, name, category, frequency, confidence,
                                             occurrences, average_amount, last_amount, last_date, next_date)
           SELECT a.user_id, a.id, 'outflow', 'seed merchant ' || k, 'Seed merchant ' || k, 'utilities', 'monthly', 0.9,
                  6, 50, 50, DATE '2026-03-01', DATE '2026-04-01'
           FROM %s.bank_accounts a, generate_series(1, 2) k WHERE a.plaid_account_id = 'seed-acct'`);
  await q(`ANALYZE %s.plaid_items, %s.bank_accounts, %s.bank_transactions, %s.recurring_streams`);
}

beforeAll(async () => {
  kit = await startBankSyncKit();
  await seedManyUsers();
  capture = captureQueries(kit.h.app, kit.h.schema);
}, 60_000);
afterAll(async () => {
  capture?.stop();
  await kit?.close();
});

describe('every statement behind the bank pages and the import', () => {
  beforeAll(async () => {
    const { h } = kit;
    const user = h.userA;
    const itemId = await kit.link(user);
    const outcome = await kit.syncNow(user.id, itemId);
    expect(outcome).toMatchObject({ status: 'synced' });
    await h.app.get(DetectionService).detectForUser(user.id);
    const pages = [
      `/accounts/${user.id}`,
      `/transactions/${user.id}`,
      `/transactions/${user.id}?limit=200&offset=200`,
      ...['income', 'bills', 'expenses'].map((type) => `/transactions/${user.id}?type=${type}&days=30`),
      `/transactions/${user.id}?days=7`,
      `/analytics/${user.id}`,
    ];
    for (const path of pages) expect([path, (await h.call('GET', path)).status]).toEqual([path, 200]);
    expect((await h.call('POST', `/sync/${user.id}`)).status).toBeLessThan(300);
    await h.app.get(AccountDataMessagesController).export({ userId: user.id, email: null });
  }, 60_000);

  it('captured the statements of every bank table', () => {
    const sql = capture.statements().map((statement) => statement.sql).join('\n');
    for (const table of ['plaid_items', 'bank_accounts', 'bank_transactions', 'recurring_streams']) expect(sql).toContain(table);
  });

  it('has an index for each: no sequential scan of a table holding many users’ rows', async () => {
    const check = await checkQueryPlans(kit.h.db, kit.h.schema, capture.statements());
    expect(check.explained).toBeGreaterThan(10);
    expect(describePlanCheck(check)).toBe('');
  });

  it('would notice one that has none (a filter on a column no index starts with)', async () => {
    const check = await checkQueryPlans(kit.h.db, kit.h.schema, [{ sql: 'SELECT id FROM bank_transactions WHERE name = $1', params: ['x'] }]);
    expect(check.seqScans).toEqual([expect.objectContaining({ table: 'bank_transactions' })]);
  });

  it('reads the newest page of a heavy user by an ordered index range and LIMIT, never sorting all their rows', async () => {
    const list = capture.statements().find(({ sql }) => /FROM bank_transactions t JOIN bank_accounts/.test(sql) && /ORDER BY t\.date DESC, t\.id DESC/.test(sql) && !/t\.date >=/.test(sql));
    expect(list).toBeDefined();
    // docs/performance.template.md: the latest 200 of a user with thousands of rows.
    const plan = await explain(kit.h.db, kit.h.schema, { sql: list!.sql, params: [heavyUserId, 200, 0] });
    const shape = planShape(plan);
    expect(shape[0]).toBe('Limit');
    expect(shape).not.toContain('Sort');
    expect(shape).not.toContain('Incremental Sort');
    expect(JSON.stringify(plan)).toContain('bank_transactions_user_date_id_idx');
  });
});
