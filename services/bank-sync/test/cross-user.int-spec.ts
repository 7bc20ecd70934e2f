import { BANK_SYNC_MESSAGES } from '@paycadence/contracts';
import { startBankSyncKit, type BankSyncKit } from './support/bank-sync-kit.js';

// docs/architecture.md on every bank-sync route: user B holding a valid token cannot read or change user A's banks.
// Another user's id in the path or body is 403; another user's item id is 404 (as an unknown one); no token
// is 401. User A's bank is linked for real through the Plaid emulator and imported by the worker.
let kit: BankSyncKit;
let itemA: string;
let tokenA: string;
const q = (sql: string, params: unknown[] = []) => kit.h.db.query(sql.replaceAll('bs.', `"${kit.h.schema}".`), params);
const BANK = JSON.stringify({
  override_accounts: [
    {
      type: 'depository',
      subtype: 'checking',
      starting_balance: 900,
      transactions: [
        { date_transacted: '2026-03-01', date_posted: '2026-03-01', amount: 1450, description: 'RENT OAKWOOD' },
        { date_transacted: '2026-03-06', date_posted: '2026-03-06', amount: -2100, description: 'ACME PAYROLL' },
      ],
    },
  ],
});

/** User A's rows and Plaid item, to compare before and after B's attempts. */
async function snapshotA() {
  const rows: unknown[] = [];
  for (const table of ['plaid_items', 'bank_accounts', 'bank_transactions']) {
    rows.push((await q(`SELECT * FROM bs.${table} WHERE user_id = $1 ORDER BY id`, [kit.h.userA.id])).rows);
  }
  const plaid = await kit.plaid('/accounts/get', { access_token: tokenA });
  return { rows: JSON.stringify(rows), plaidAlive: plaid.status === 200, plaidLog: (await kit.emulated(itemA)).log.length };
}

beforeAll(async () => {
  kit = await startBankSyncKit();
  await kit.startWorker();
  itemA = await kit.link(kit.h.userA, { username: 'user_custom', password: BANK });
  await kit.waitForIdle(itemA);
  tokenA = await kit.accessToken(itemA);
});
afterAll(async () => {
  await kit?.close();
});

/** Every route, called for user A (A's id in the path or body, A's item id). */
function routesForA(): [string, string, unknown?][] {
  const a = kit.h.userA.id;
  return [
    ['GET', `/api/plaid-production/accounts/${a}`],
    ['GET', `/api/plaid-production/transactions/${a}?limit=10`],
    ['GET', `/api/plaid-production/analytics/${a}`],
    ['GET', `/api/plaid-production/suggestions/${a}`],
    ['POST', `/api/plaid-production/cleanup-duplicates/${a}`],
    ['POST', `/api/plaid-production/sync/${a}`],
    ['POST', `/api/plaid-production/import-transactions/${a}`],
    ['DELETE', `/api/plaid-production/disconnect/${itemA}`, { userId: a }],
    ['POST', '/api/plaid-production/create-link-token', { user_id: a }],
    ['POST', '/api/plaid-production/sandbox/public-token', { user_id: a, institution_id: 'ins_109508', username: 'user_good', password: 'pass_good' }],
    ['POST', '/api/plaid-production/exchange-token', { user_id: a, public_token: 'public-sandbox-x' }],
    ['POST', `/api/plaid-data/generate/${a}`],
    ['POST', `/api/plaid-data/generate/${a}/bills`],
  ];
}

async function call(method: string, path: string, token: string | null, body?: unknown) {
  const response = await fetch(`${kit.h.baseUrl}${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

describe("user B on user A's routes", () => {
  it("answers 403 on every route naming user A, and A's rows and Plaid item stay as they were", async () => {
    const before = await snapshotA();
    expect(before.plaidAlive).toBe(true);
    for (const [method, path, body] of routesForA()) {
      const response = await call(method, path, kit.h.userB.token, body);
      expect({ route: `${method} ${path}`, status: response.status, body: response.body }).toEqual({
        route: `${method} ${path}`,
        status: 403,
        body: { message: BANK_SYNC_MESSAGES.notYourAccount },
      });
    }
    expect(await snapshotA()).toEqual(before);
  });

  it("answers 404 for user A's item id under B's own id: disconnect, repair link token, repair sign-in", async () => {
    const { h } = kit;
    const before = await snapshotA();
    const b = h.userB.id;
    const attempts: [string, string, unknown][] = [
      ['DELETE', `/api/plaid-production/disconnect/${itemA}`, { userId: b }],
      ['POST', '/api/plaid-production/create-link-token', { user_id: b, item_id: itemA }],
      ['POST', '/api/plaid-production/sandbox/public-token', { user_id: b, institution_id: 'ins_109508', username: 'user_good', password: 'pass_good', item_id: itemA }],
    ];
    for (const [method, path, body] of attempts) {
      const response = await call(method, path, h.userB.token, body);
      expect({ route: `${method} ${path}`, status: response.status, body: response.body }).toEqual({
        route: `${method} ${path}`,
        status: 404,
        body: { message: BANK_SYNC_MESSAGES.itemNotFound },
      });
    }
    expect(await snapshotA()).toEqual(before);
  });

  it("sees only B's own (empty) data under B's own id, and B's cleanup and generator never touch A's bank", async () => {
    const { h } = kit;
    const before = await snapshotA();
    const b = h.userB.id;
    const token = h.userB.token;
    expect((await call('GET', `/api/plaid-production/accounts/${b}`, token)).body).toEqual({ success: true, accounts: [], items: [] });
    expect((await call('GET', `/api/plaid-production/transactions/${b}`, token)).body).toEqual({ success: true, transactions: [], total: 0 });
    const analytics = (await call('GET', `/api/plaid-production/analytics/${b}`, token)).body.analytics;
    expect(analytics.summary).toEqual({ totalIncome: 0, totalExpenses: 0, netSavings: 0 });
    expect(analytics.categorySummary.total_transactions).toBe(0);
    expect((await call('POST', `/api/plaid-production/cleanup-duplicates/${b}`, token)).body).toEqual({ success: true, duplicatesRemoved: 0 });
    expect((await call('POST', `/api/plaid-data/generate/${b}/bills`, token)).status).toBe(404);
    expect(await snapshotA()).toEqual(before);

    // A sees A's own bank through the same routes (the arrangement is real).
    const mine = await call('GET', `/api/plaid-production/transactions/${h.userA.id}`, h.userA.token);
    expect(mine.body.total).toBe(2);
  });

  it("B linking the very same bank does not make A's account a duplicate of B's (cleanup is per user)", async () => {
    const { h } = kit;
    const itemB = await kit.link(h.userB, { username: 'user_custom', password: BANK });
    const before = await snapshotA();
    expect((await call('POST', `/api/plaid-production/cleanup-duplicates/${h.userB.id}`, h.userB.token)).body).toEqual({ success: true, duplicatesRemoved: 0 });
    expect((await call('POST', `/api/plaid-production/cleanup-duplicates/${h.userA.id}`, h.userA.token)).body).toEqual({ success: true, duplicatesRemoved: 0 });
    expect(await snapshotA()).toEqual(before);
    expect((await q(`SELECT 1 FROM bs.bank_accounts WHERE item_id = $1`, [itemB])).rowCount).toBe(1);
  });
});

describe('without a token', () => {
  it('answers 401 on every route', async () => {
    for (const [method, path, body] of routesForA()) {
      const response = await call(method, path, null, body);
      expect({ route: `${method} ${path}`, status: response.status }).toEqual({ route: `${method} ${path}`, status: 401 });
    }
  });

  it('answers 401 for a token that is not a valid signature', async () => {
    const response = await call('GET', `/api/plaid-production/accounts/${kit.h.userA.id}`, `${kit.h.userA.token.slice(0, -4)}AAAA`);
    expect(response.status).toBe(401);
  });
});
