import { BANK_SYNC_MESSAGES, GenerateResponseSchema } from '@paycadence/contracts';
import type { TestUser } from '@paycadence/nest-kit/testing';
import { startBankSyncKit, type BankSyncKit } from './support/bank-sync-kit.js';

// docs/product/signed-in.md §7 data generator: generated transactions are added at Plaid's sandbox (the emulator here) and
// come back through the worker's import, like real data. The clock stands at 2026-03-10.
let kit: BankSyncKit;
const q = (sql: string, params: unknown[] = []) => kit.h.db.query(sql.replaceAll('bs.', `"${kit.h.schema}".`), params);
const EMPTY_BANK = JSON.stringify({ override_accounts: [{ type: 'depository', subtype: 'checking', starting_balance: 1000, transactions: [] }] });

beforeAll(async () => {
  kit = await startBankSyncKit();
  await kit.startWorker();
});
afterAll(async () => {
  await kit?.close();
});
beforeEach(() => kit.h.truncate());

async function generate(path: string, user: TestUser | null = kit.h.userA) {
  const response = await fetch(`${kit.h.baseUrl}/api/plaid-data/generate/${path}`, {
    method: 'POST',
    headers: user ? { authorization: `Bearer ${user.token}` } : {},
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

const rowsOf = async (itemId: string) =>
  (await q(`SELECT name, amount::text AS amount, date::text AS date FROM bs.bank_transactions WHERE item_id = $1 ORDER BY date, name`, [itemId])).rows;

describe('POST /api/plaid-data/generate/{userId}/{kind}', () => {
  it('adds bills at the sandbox and the sync imports them: monthly bills and quarterly insurance, dated from the clock', async () => {
    const { h } = kit;
    const itemId = await kit.link(h.userA, { username: 'user_custom', password: EMPTY_BANK });
    await kit.waitForIdle(itemId);
    expect(await rowsOf(itemId)).toEqual([]);

    const response = await generate(`${h.userA.id}/bills`);
    expect(response.status).toBe(200);
    expect(GenerateResponseSchema.parse(response.body)).toEqual(response.body);
    expect(response.body).toEqual({ success: true, message: 'Added 23 bill transactions to your bank. They will appear once the sync finishes.', added: 23 });

    expect(await kit.waitForIdle(itemId)).toEqual({ sync_state: 'idle', status: 'active' });
    const rows = await rowsOf(itemId);
    expect(rows).toHaveLength(23);
    // The emulator posts on date_posted, a day after the generated date_transacted.
    expect(rows.filter((r) => r.name === 'GEICO AUTO INSURANCE')).toEqual([
      { name: 'GEICO AUTO INSURANCE', amount: '412.50', date: '2025-08-16' },
      { name: 'GEICO AUTO INSURANCE', amount: '412.50', date: '2025-11-16' },
      { name: 'GEICO AUTO INSURANCE', amount: '412.50', date: '2026-02-16' },
    ]);
    expect(rows.filter((r) => r.name === 'NETFLIX.COM').map((r) => r.date)).toEqual(['2025-11-23', '2025-12-23', '2026-01-23', '2026-02-23']);
    expect(rows.every((r) => r.date <= '2026-03-10' && Number(r.amount) > 0)).toBe(true);
  });

  it('adds income as money in (negative amounts) and expenses as money out', async () => {
    const { h } = kit;
    const itemId = await kit.link(h.userA, { username: 'user_custom', password: EMPTY_BANK });
    await kit.waitForIdle(itemId);
    expect((await generate(`${h.userA.id}/income`)).body.added).toBe(7);
    await kit.waitForIdle(itemId);
    expect((await generate(`${h.userA.id}/expenses`)).body.added).toBe(24);
    await kit.waitForIdle(itemId);
    const rows = await rowsOf(itemId);
    expect(rows.filter((r) => r.name === 'ACME CORP PAYROLL DIRECT DEP').every((r) => r.amount === '-2150.00')).toBe(true);
    expect(rows.filter((r) => Number(r.amount) > 0)).toHaveLength(24);
    const income = await h.call('GET', `/transactions/${h.userA.id}?type=income`);
    expect(income.body.total).toBe(7);
  });

  it('recurring adds bills and income; without a kind it adds every kind, to each linked bank', async () => {
    const { h } = kit;
    const first = await kit.link(h.userA, { username: 'user_custom', password: EMPTY_BANK });
    const second = await kit.link(h.userA, { username: 'user_custom', password: EMPTY_BANK });
    expect((await generate(`${h.userA.id}/recurring`)).body).toMatchObject({ success: true, added: 2 * 30 });
    await kit.waitForIdle(first);
    await kit.waitForIdle(second);
    const all = await generate(h.userA.id);
    expect(all.status).toBe(200);
    expect(all.body).toEqual({ success: true, message: 'Added 108 sample transactions to your 2 banks. They will appear once the sync finishes.', added: 108 });
    await kit.waitForIdle(first);
    await kit.waitForIdle(second);
    expect(await rowsOf(first)).toHaveLength(30 + 54);
    expect(await rowsOf(second)).toHaveLength(30 + 54);
  });

  it('answers 400 for an unknown kind and adds nothing', async () => {
    const { h } = kit;
    const itemId = await kit.link(h.userA, { username: 'user_custom', password: EMPTY_BANK });
    const response = await generate(`${h.userA.id}/lottery`);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: BANK_SYNC_MESSAGES.generatorKindInvalid });
    expect((await kit.emulated(itemId)).log).toHaveLength(0);
  });

  it('answers 404 with a clear message when the user has no linked bank', async () => {
    const response = await generate(`${kit.h.userA.id}/bills`);
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ message: BANK_SYNC_MESSAGES.noBankLinked });
  });

  it('answers 409 when the only bank needs a new sign-in', async () => {
    const { h } = kit;
    const itemId = await kit.link(h.userA, { username: 'user_custom', password: EMPTY_BANK });
    await kit.waitForIdle(itemId);
    await q(`UPDATE bs.plaid_items SET status = 'login_required' WHERE id = $1`, [itemId]);
    const response = await generate(`${h.userA.id}/bills`);
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ message: BANK_SYNC_MESSAGES.loginRequired });
  });

  it("answers 409 when Plaid says the bank needs a new sign-in (ITEM_LOGIN_REQUIRED), 503 for Plaid's own failures", async () => {
    const { h } = kit;
    const itemId = await kit.link(h.userA, { username: 'user_custom', password: EMPTY_BANK });
    await kit.waitForIdle(itemId);
    kit.emulator.hooks.failNext(1, 'API_ERROR');
    expect((await generate(`${h.userA.id}/bills`)).status).toBe(503);
    await kit.plaid('/sandbox/item/reset_login', { access_token: await kit.accessToken(itemId) });
    const response = await generate(`${h.userA.id}/bills`);
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ message: BANK_SYNC_MESSAGES.loginRequired });
  });

  it('answers 401 without a token', async () => {
    expect((await generate(`${kit.h.userA.id}/bills`, null)).status).toBe(401);
  });
});

describe('the data generator with real Plaid keys', () => {
  it('refuses with 403 before calling Plaid: real bank data is never mixed with generated data', async () => {
    const production = await startBankSyncKit({ env: { PLAID_ENV: 'production', PLAID_BASE_URL: '' } });
    try {
      const { h } = production;
      await production.h.db.query(
        `INSERT INTO "${h.schema}".plaid_items (user_id, plaid_item_id, access_token_sealed, institution_name) VALUES ($1, 'p1', 'v1.x', 'Real Bank')`,
        [h.userA.id],
      );
      const response = await fetch(`${h.baseUrl}/api/plaid-data/generate/${h.userA.id}/bills`, { method: 'POST', headers: { authorization: `Bearer ${h.userA.token}` } });
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ message: BANK_SYNC_MESSAGES.generatorSandboxOnly });
    } finally {
      await production.close();
    }
  });

  it("refuses the built-in sandbox sign-in with the same 403 (a sandbox-only feature, not a missing thing)", async () => {
    const production = await startBankSyncKit({ env: { PLAID_ENV: 'production', PLAID_BASE_URL: '' } });
    try {
      const { h } = production;
      const response = await fetch(`${h.baseUrl}/api/plaid-production/sandbox/public-token`, {
        method: 'POST',
        headers: { authorization: `Bearer ${h.userA.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ user_id: h.userA.id, institution_id: 'ins_109508', username: 'user_good', password: 'pass_good' }),
      });
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ message: BANK_SYNC_MESSAGES.sandboxOnly });
    } finally {
      await production.close();
    }
  });
});
