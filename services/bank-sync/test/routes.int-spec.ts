import {
  AccountsResponseSchema,
  AnalyticsResponseSchema,
  BANK_SYNC_MESSAGES,
  CleanupDuplicatesResponseSchema,
  TransactionsResponseSchema,
} from '@paycadence/contracts';
import type { TestUser } from '@paycadence/nest-kit/testing';
import { startBankSyncKit, type BankSyncKit } from './support/bank-sync-kit.js';

// The data routes of docs/product/signed-in.md §7 on real PostgreSQL, with rows arranged directly (items, accounts,
// transactions, detected streams) so every figure is known; disconnect and cleanup also run against the
// Plaid emulator through a real link. The clock stands at 2026-03-10 (TEST_NOW).
let kit: BankSyncKit;
const q = (sql: string, params: unknown[] = []) => kit.h.db.query(sql.replaceAll('bs.', `"${kit.h.schema}".`), params);

beforeAll(async () => {
  kit = await startBankSyncKit();
});
afterAll(async () => {
  await kit?.close();
});
beforeEach(() => kit.h.truncate());

interface ItemInput {
  institution?: string;
  createdAt?: string;
  lastSyncedAt?: string | null;
  status?: string;
}
async function insertItem(user: TestUser, input: ItemInput = {}): Promise<string> {
  const { rows } = await q(
    `INSERT INTO bs.plaid_items (user_id, plaid_item_id, access_token_sealed, institution_id, institution_name, status, last_synced_at, created_at)
     VALUES ($1, gen_random_uuid()::text, 'v1.not-a-real-token', 'ins_109508', $2, $3, $4, $5) RETURNING id`,
    [user.id, input.institution ?? 'First Platypus Bank', input.status ?? 'active', input.lastSyncedAt ?? null, input.createdAt ?? '2026-01-01T00:00:00Z'],
  );
  return rows[0].id;
}

interface AccountInput {
  name?: string;
  type?: string;
  subtype?: string | null;
  mask?: string | null;
  current?: string | null;
  available?: string | null;
  balanceAt?: string | null;
}
async function insertAccount(user: TestUser, itemId: string, input: AccountInput = {}): Promise<string> {
  const { rows } = await q(
    `INSERT INTO bs.bank_accounts (user_id, item_id, plaid_account_id, name, mask, type, subtype, current_balance, available_balance, balance_updated_at)
     VALUES ($1, $2, gen_random_uuid()::text, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
    [
      user.id,
      itemId,
      input.name ?? 'Plaid Checking',
      input.mask === undefined ? '0000' : input.mask,
      input.type ?? 'depository',
      input.subtype === undefined ? 'checking' : input.subtype,
      input.current === undefined ? '1234.56' : input.current,
      input.available === undefined ? null : input.available,
      input.balanceAt ?? null,
    ],
  );
  return rows[0].id;
}

interface TxInput {
  amount: string;
  date: string;
  name: string;
  merchant?: string | null;
  key?: string;
  category?: string[];
  pending?: boolean;
}
async function insertTx(user: TestUser, itemId: string, accountId: string, tx: TxInput): Promise<string> {
  const { rows } = await q(
    `INSERT INTO bs.bank_transactions (user_id, item_id, account_id, plaid_transaction_id, amount, date, name, merchant_name, merchant_key, category, pending)
     VALUES ($1, $2, $3, gen_random_uuid()::text, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
    [user.id, itemId, accountId, tx.amount, tx.date, tx.name, tx.merchant ?? null, tx.key ?? tx.name.toLowerCase(), tx.category ?? [], tx.pending ?? false],
  );
  return rows[0].id;
}

interface StreamInput {
  direction: 'inflow' | 'outflow';
  key: string;
  name: string;
  category?: string;
  frequency?: string;
  confidence?: string;
  average: string;
  last?: string;
  next: string;
  priceChanged?: boolean;
}
async function insertStream(user: TestUser, accountId: string, s: StreamInput): Promise<void> {
  await q(
    `INSERT INTO bs.recurring_streams (user_id, account_id, direction, merchant_key, name, category, frequency, confidence, occurrences,
                                       average_amount, last_amount, last_date, next_date, price_changed)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 4, $9, $10, '2026-02-20', $11, $12)`,
    [user.id, accountId, s.direction, s.key, s.name, s.category ?? 'other', s.frequency ?? 'monthly', s.confidence ?? '0.9', s.average, s.last ?? s.average, s.next, s.priceChanged ?? false],
  );
}

/** A user with a checking account and a card: pay, rent (a detected bill), groceries, a card payment (a transfer). */
async function arrangeHousehold(user: TestUser) {
  const itemId = await insertItem(user, { lastSyncedAt: '2026-03-10T11:00:00Z' });
  const checking = await insertAccount(user, itemId, { name: 'Plaid Checking', current: '2500.10', available: '2400.00', balanceAt: '2026-03-10T10:59:00Z' });
  const card = await insertAccount(user, itemId, { name: 'Plaid Credit Card', type: 'credit', subtype: 'credit card', mask: '3333', current: '410.5' });
  const ids = {
    pay: await insertTx(user, itemId, checking, { amount: '-2100.00', date: '2026-03-06', name: 'ACME PAYROLL', category: ['INCOME', 'INCOME_WAGES'] }),
    rent: await insertTx(user, itemId, checking, { amount: '1450.00', date: '2026-03-01', name: 'RENT OAKWOOD', key: 'rent oakwood', category: ['Rent'] }),
    groceries: await insertTx(user, itemId, card, { amount: '82.35', date: '2026-03-08', name: 'WHOLE FOODS #123', merchant: 'Whole Foods', key: 'whole foods', category: ['FOOD_AND_DRINK'] }),
    cardPayment: await insertTx(user, itemId, checking, { amount: '300.00', date: '2026-03-09', name: 'CARD PAYMENT', category: ['LOAN_PAYMENTS', 'LOAN_PAYMENTS_CREDIT_CARD_PAYMENT'] }),
    refundIn: await insertTx(user, itemId, checking, { amount: '-300.00', date: '2026-03-09', name: 'TRANSFER FROM SAVINGS', category: ['Transfer', 'TRANSFER_IN_ACCOUNT_TRANSFER'] }),
    oldPay: await insertTx(user, itemId, checking, { amount: '-2100.00', date: '2026-01-09', name: 'ACME PAYROLL', category: ['INCOME'] }),
    oldRent: await insertTx(user, itemId, checking, { amount: '1450.00', date: '2026-01-01', name: 'RENT OAKWOOD', key: 'rent oakwood', category: ['Rent'] }),
  };
  await insertStream(user, checking, { direction: 'outflow', key: 'rent oakwood', name: 'Oakwood Rent', category: 'rent', confidence: '0.97', average: '1450.00', next: '2026-04-01' });
  await insertStream(user, checking, { direction: 'inflow', key: 'acme payroll', name: 'ACME Payroll', frequency: 'biweekly', confidence: '0.95', average: '-2100.00', next: '2026-03-20' });
  return { itemId, checking, card, ids };
}

describe('GET /accounts/{userId}', () => {
  it('answers the accounts by link then name (balances as numbers, our item id, institution) and the items with their sync state', async () => {
    const { h } = kit;
    const { itemId, checking, card } = await arrangeHousehold(h.userA);
    const response = await h.call('GET', `/accounts/${h.userA.id}`);
    expect(response.status).toBe(200);
    expect(AccountsResponseSchema.parse(response.body)).toEqual(response.body);
    expect(response.body.accounts).toEqual([
      {
        id: checking,
        account_name: 'Plaid Checking',
        account_type: 'depository',
        account_subtype: 'checking',
        mask: '0000',
        current_balance: 2500.1,
        available_balance: 2400,
        currency_code: 'USD',
        last_updated: '2026-03-10T10:59:00.000Z',
        plaid_item_id: itemId,
        institution_name: 'First Platypus Bank',
      },
      {
        id: card,
        account_name: 'Plaid Credit Card',
        account_type: 'credit',
        account_subtype: 'credit card',
        mask: '3333',
        current_balance: 410.5,
        available_balance: null,
        currency_code: 'USD',
        last_updated: '2026-03-10T11:00:00.000Z',
        plaid_item_id: itemId,
        institution_name: 'First Platypus Bank',
      },
    ]);
    expect(response.body.items).toEqual([
      {
        id: itemId,
        institution_id: 'ins_109508',
        institution_name: 'First Platypus Bank',
        status: 'active',
        sync_state: 'idle',
        last_synced_at: '2026-03-10T11:00:00.000Z',
        last_error: null,
        transaction_count: 7,
        source: 'plaid',
      },
    ]);
  });

  it('answers empty lists for a user with no bank, and never another user\'s accounts', async () => {
    const { h } = kit;
    await arrangeHousehold(h.userB);
    const response = await h.call('GET', `/accounts/${h.userA.id}`);
    expect(response.body).toEqual({ success: true, accounts: [], items: [] });
  });

  it('shows an item that needs a new sign-in and its last error', async () => {
    const { h } = kit;
    const itemId = await insertItem(h.userA, { status: 'login_required' });
    await q(`UPDATE bs.plaid_items SET sync_state = 'failed', last_error = $2 WHERE id = $1`, [itemId, BANK_SYNC_MESSAGES.loginRequired]);
    const [item] = (await h.call('GET', `/accounts/${h.userA.id}`)).body.items;
    expect(item).toMatchObject({ status: 'login_required', sync_state: 'failed', last_error: BANK_SYNC_MESSAGES.loginRequired, last_synced_at: null, transaction_count: 0 });
  });
});

describe('GET /transactions/{userId}', () => {
  it('answers newest first with docs/product §3 fields, income, bill and transfer flags, and the total', async () => {
    const { h } = kit;
    const { ids } = await arrangeHousehold(h.userA);
    const response = await h.call('GET', `/transactions/${h.userA.id}`);
    expect(response.status).toBe(200);
    expect(TransactionsResponseSchema.parse(response.body)).toEqual(response.body);
    expect(response.body.total).toBe(7);
    expect(response.body.transactions.map((t: { transaction_date: string }) => t.transaction_date)).toEqual([
      '2026-03-09', '2026-03-09', '2026-03-08', '2026-03-06', '2026-03-01', '2026-01-09', '2026-01-01',
    ]);
    const byId = Object.fromEntries(response.body.transactions.map((t: { id: string }) => [t.id, t]));
    expect(byId[ids.rent]).toEqual({
      id: ids.rent,
      amount: 1450,
      transaction_date: '2026-03-01',
      merchant_name: null,
      description: 'RENT OAKWOOD',
      category: ['Rent'],
      pending: false,
      bank_accounts: { account_name: 'Plaid Checking' },
      bills: { name: 'Oakwood Rent' },
      is_income: false,
      is_bill: true,
    });
    expect(byId[ids.pay]).toMatchObject({ amount: -2100, is_income: true, is_bill: false, bills: null, category: ['INCOME', 'INCOME_WAGES'] });
    expect(byId[ids.groceries]).toMatchObject({ amount: 82.35, merchant_name: 'Whole Foods', bank_accounts: { account_name: 'Plaid Credit Card' }, is_income: false, is_bill: false });
    // Money in from the user's own savings is not income.
    expect(byId[ids.refundIn]).toMatchObject({ amount: -300, is_income: false });
  });

  it.each([
    ['income', ['pay', 'oldPay']],
    ['bills', ['rent', 'oldRent']],
    ['expenses', ['groceries']],
  ] as const)('type=%s answers only those, with their own total', async (type, names) => {
    const { h } = kit;
    const { ids } = await arrangeHousehold(h.userA);
    const response = await h.call('GET', `/transactions/${h.userA.id}?type=${type}`);
    expect(response.status).toBe(200);
    expect(response.body.transactions.map((t: { id: string }) => t.id)).toEqual(names.map((name) => ids[name]));
    expect(response.body.total).toBe(names.length);
  });

  it('pages with limit and offset, and days keeps the last N days counting today', async () => {
    const { h } = kit;
    const { ids } = await arrangeHousehold(h.userA);
    const page = await h.call('GET', `/transactions/${h.userA.id}?limit=2&offset=2`);
    expect(page.body.transactions.map((t: { id: string }) => t.id)).toEqual([ids.groceries, ids.pay]);
    expect(page.body.total).toBe(7);
    const lastWeek = await h.call('GET', `/transactions/${h.userA.id}?days=7`);
    expect(lastWeek.body.total).toBe(4); // 2026-03-04 .. 2026-03-10
    const beyond = await h.call('GET', `/transactions/${h.userA.id}?offset=100`);
    expect(beyond.body).toEqual({ success: true, transactions: [], total: 7 });
  });

  it.each([
    ['limit=0', 'limit', 'limit must be at least 1'],
    ['limit=501', 'limit', 'limit must be at most 500'],
    ['limit=abc', 'limit', 'limit must be a number'],
    ['offset=-1', 'offset', 'offset must be 0 or more'],
    ['type=transfers', 'type', 'type must be income, bills or expenses'],
    ['days=0', 'days', 'days must be at least 1'],
  ])('answers 400 naming the field for %s', async (query, field, message) => {
    const { h } = kit;
    const response = await h.call('GET', `/transactions/${h.userA.id}?${query}`);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message, errors: { [field]: message } });
  });

  it('answers 400 for an unknown query parameter', async () => {
    const response = await kit.h.call('GET', `/transactions/${kit.h.userA.id}?sort=asc`);
    expect(response.status).toBe(400);
  });
});

describe('GET /analytics/{userId}', () => {
  it('answers docs/product §3 analytics: 6-month totals without transfers, breakdown, streams, categories, summary', async () => {
    const { h } = kit;
    await arrangeHousehold(h.userA);
    const response = await h.call('GET', `/analytics/${h.userA.id}`);
    expect(response.status).toBe(200);
    expect(AnalyticsResponseSchema.parse(response.body)).toEqual(response.body);
    const { analytics } = response.body;
    // Income 4200 (two paychecks); spending 1450 + 82.35 + 1450; the card payment and the transfer in are left out.
    expect(analytics.summary).toEqual({ totalIncome: 4200, totalExpenses: 2982.35, netSavings: 1217.65 });
    expect(analytics.savings).toEqual({ rate: 29, trend: 'stable' });
    expect(analytics.monthlyBreakdown.map((m: { month: string }) => m.month)).toEqual(['2025-10', '2025-11', '2025-12', '2026-01', '2026-02', '2026-03']);
    expect(analytics.monthlyBreakdown[3]).toEqual({ month: '2026-01', income: 2100, expenses: 1450, savings: 650, savingsRate: 31, transactionCount: 2 });
    expect(analytics.monthlyBreakdown[5]).toEqual({ month: '2026-03', income: 2100, expenses: 1532.35, savings: 567.65, savingsRate: 27, transactionCount: 5 });
    expect(analytics.bills).toEqual([
      { name: 'Oakwood Rent', category: 'rent', frequency: 'monthly', nextDueDate: '2026-04-01', averageAmount: 1450, lastAmount: 1450, priceChanged: false, confidence: 0.97 },
    ]);
    expect(analytics.income).toEqual([
      { source: 'ACME Payroll', type: 'salary', frequency: 'biweekly', nextExpected: '2026-03-20', averageAmount: 2100, reliability: 0.95 },
    ]);
    expect(analytics.expensesByCategory).toEqual({
      Rent: { total: 2900, count: 2, average: 1450 },
      'Food and Drink': { total: 82.35, count: 1, average: 82.35 },
    });
    expect(analytics.categorySummary).toEqual({
      total_transactions: 7,
      income: { count: 2, amount: 4200 },
      bills: { count: 2, amount: 2900 },
      expenses: { count: 1, amount: 82.35 },
    });
  });

  it('answers zeros and empty lists for a user without data (the screen shows its empty states)', async () => {
    const { h } = kit;
    await arrangeHousehold(h.userB);
    const { analytics } = (await h.call('GET', `/analytics/${h.userA.id}`)).body;
    expect(analytics.summary).toEqual({ totalIncome: 0, totalExpenses: 0, netSavings: 0 });
    expect(analytics.savings).toEqual({ rate: 0, trend: 'stable' });
    expect(analytics.bills).toEqual([]);
    expect(analytics.income).toEqual([]);
    expect(analytics.expensesByCategory).toEqual({});
    expect(analytics.monthlyBreakdown).toHaveLength(6);
    expect(analytics.categorySummary.total_transactions).toBe(0);
  });

  it('reads the savings trend from the last 3 months against the 3 before', async () => {
    const { h } = kit;
    const itemId = await insertItem(h.userA);
    const account = await insertAccount(h.userA, itemId);
    for (const [month, spend] of [['2025-10', '2900.00'], ['2025-11', '2900.00'], ['2025-12', '2900.00'], ['2026-01', '1500.00'], ['2026-02', '1500.00'], ['2026-03', '1500.00']]) {
      await insertTx(h.userA, itemId, account, { amount: '-3000.00', date: `${month}-05`, name: 'PAY' });
      await insertTx(h.userA, itemId, account, { amount: spend, date: `${month}-06`, name: 'SHOP' });
    }
    expect((await h.call('GET', `/analytics/${h.userA.id}`)).body.analytics.savings).toEqual({ rate: 26.7, trend: 'improving' });
  });
});

describe('POST /cleanup-duplicates/{userId}', () => {
  it('keeps the newest link\'s account and deletes the older copy with its transactions', async () => {
    const { h } = kit;
    const oldItem = await insertItem(h.userA, { createdAt: '2026-01-01T00:00:00Z' });
    const newItem = await insertItem(h.userA, { createdAt: '2026-02-01T00:00:00Z' });
    const oldChecking = await insertAccount(h.userA, oldItem, { name: 'Plaid Checking', mask: '0000' });
    const oldSavings = await insertAccount(h.userA, oldItem, { name: 'Plaid Saving', subtype: 'savings', mask: '1111' });
    const newChecking = await insertAccount(h.userA, newItem, { name: 'Plaid Checking', mask: '0000' });
    await insertTx(h.userA, oldItem, oldChecking, { amount: '5.00', date: '2026-03-01', name: 'COFFEE' });
    await insertTx(h.userA, newItem, newChecking, { amount: '5.00', date: '2026-03-01', name: 'COFFEE' });
    // Another user's identical account is not a duplicate of user A's.
    const otherItem = await insertItem(h.userB, { createdAt: '2026-03-01T00:00:00Z' });
    const othersChecking = await insertAccount(h.userB, otherItem, { name: 'Plaid Checking', mask: '0000' });

    const response = await h.call('POST', `/cleanup-duplicates/${h.userA.id}`);
    expect(response.status).toBe(200);
    expect(CleanupDuplicatesResponseSchema.parse(response.body)).toEqual({ success: true, duplicatesRemoved: 1 });
    const { rows } = await q(`SELECT id FROM bs.bank_accounts ORDER BY id`);
    expect(rows.map((r) => r.id).sort()).toEqual([oldSavings, newChecking, othersChecking].sort());
    expect((await q(`SELECT account_id FROM bs.bank_transactions`)).rows).toEqual([{ account_id: newChecking }]);
    // Nothing left to clean the second time.
    expect((await h.call('POST', `/cleanup-duplicates/${h.userA.id}`)).body).toEqual({ success: true, duplicatesRemoved: 0 });
  });

  it('treats a different mask, type or name as a different account', async () => {
    const { h } = kit;
    const a = await insertItem(h.userA, { createdAt: '2026-01-01T00:00:00Z' });
    const b = await insertItem(h.userA, { createdAt: '2026-02-01T00:00:00Z' });
    await insertAccount(h.userA, a, { mask: '0000' });
    await insertAccount(h.userA, b, { mask: '9999' });
    await insertAccount(h.userA, a, { name: 'Card', type: 'credit', subtype: 'credit card', mask: '3333' });
    await insertAccount(h.userA, b, { name: 'Card 2', type: 'credit', subtype: 'credit card', mask: '3333' });
    expect((await h.call('POST', `/cleanup-duplicates/${h.userA.id}`)).body).toEqual({ success: true, duplicatesRemoved: 0 });
  });

  it('ends an item linked twice at Plaid: every account of the older link was a copy', async () => {
    const { h } = kit;
    const custom = JSON.stringify({ override_accounts: [{ type: 'depository', subtype: 'checking', starting_balance: 500, transactions: [] }] });
    const first = await kit.link(h.userA, { username: 'user_custom', password: custom });
    await q(`UPDATE bs.plaid_items SET created_at = '2026-01-01T00:00:00Z' WHERE id = $1`, [first]);
    const firstToken = await kit.accessToken(first);
    const second = await kit.link(h.userA, { username: 'user_custom', password: custom });
    expect((await q(`SELECT 1 FROM bs.bank_accounts`)).rowCount).toBe(2);

    const response = await h.call('POST', `/cleanup-duplicates/${h.userA.id}`);
    expect(response.body).toEqual({ success: true, duplicatesRemoved: 1 });
    expect((await q(`SELECT id FROM bs.plaid_items`)).rows).toEqual([{ id: second }]);
    expect((await kit.plaid('/accounts/get', { access_token: firstToken })).body.error_code).toBe('INVALID_ACCESS_TOKEN');
  });
});

describe('DELETE /disconnect/{plaidItemId}', () => {
  it('removes the item at Plaid and deletes it (its schedule, next_sync_at, with it), its accounts, transactions and streams', async () => {
    const { h } = kit;
    const itemId = await kit.link(h.userA);
    const accessToken = await kit.accessToken(itemId);
    const keep = await arrangeHousehold(h.userA);
    const account = (await q(`SELECT id FROM bs.bank_accounts WHERE item_id = $1 LIMIT 1`, [itemId])).rows[0].id;
    await insertTx(h.userA, itemId, account, { amount: '9.99', date: '2026-03-01', name: 'SPOTIFY' });
    await insertStream(h.userA, account, { direction: 'outflow', key: 'spotify', name: 'Spotify', average: '9.99', next: '2026-04-01' });

    const response = await h.call('DELETE', `/disconnect/${itemId}`, { body: { userId: h.userA.id } });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true });
    for (const table of ['bank_accounts', 'bank_transactions']) {
      expect((await q(`SELECT 1 FROM bs.${table} WHERE item_id = $1`, [itemId])).rowCount).toBe(0);
    }
    expect((await q(`SELECT 1 FROM bs.plaid_items WHERE id = $1`, [itemId])).rowCount).toBe(0);
    expect((await q(`SELECT name FROM bs.recurring_streams`)).rows.map((r) => r.name).sort()).toEqual(['ACME Payroll', 'Oakwood Rent']);
    expect((await kit.plaid('/accounts/get', { access_token: accessToken })).body.error_code).toBe('INVALID_ACCESS_TOKEN');
    // The user's other bank is untouched.
    expect((await q(`SELECT 1 FROM bs.bank_transactions WHERE item_id = $1`, [keep.itemId])).rowCount).toBe(7);
  });

  it('still disconnects when Plaid already dropped the item (INVALID_ACCESS_TOKEN)', async () => {
    const { h } = kit;
    const itemId = await kit.link(h.userA);
    await kit.plaid('/item/remove', { access_token: await kit.accessToken(itemId) });
    const response = await h.call('DELETE', `/disconnect/${itemId}`, { body: { userId: h.userA.id } });
    expect(response.body).toEqual({ success: true });
    expect((await q(`SELECT 1 FROM bs.plaid_items`)).rowCount).toBe(0);
  });

  it('keeps the item and answers 503 when Plaid is not answering', async () => {
    const { h } = kit;
    const itemId = await kit.link(h.userA);
    kit.emulator.hooks.failNext(10, 'API_ERROR');
    const response = await h.call('DELETE', `/disconnect/${itemId}`, { body: { userId: h.userA.id } });
    kit.emulator.hooks.failNext(0);
    expect(response.status).toBe(503);
    expect(response.body).toEqual({ message: BANK_SYNC_MESSAGES.plaidUnavailable });
    expect((await q(`SELECT 1 FROM bs.plaid_items WHERE id = $1`, [itemId])).rowCount).toBe(1);
  });

  it('answers 404 for an unknown or malformed item id and 400 without userId in the body', async () => {
    const { h } = kit;
    expect((await h.call('DELETE', '/disconnect/00000000-0000-4000-8000-000000000000', { body: { userId: h.userA.id } })).status).toBe(404);
    const malformed = await h.call('DELETE', '/disconnect/nope', { body: { userId: h.userA.id } });
    expect(malformed.status).toBe(404);
    expect(malformed.body).toEqual({ message: BANK_SYNC_MESSAGES.itemNotFound });
    const noUser = await h.call('DELETE', '/disconnect/00000000-0000-4000-8000-000000000000', { body: {} });
    expect(noUser.status).toBe(400);
    expect(noUser.body).toEqual({ message: 'user_id is required', errors: { userId: 'user_id is required' } });
  });
});
