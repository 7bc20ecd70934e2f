import { BANK_SYNC_MESSAGES } from '@paycadence/contracts';
import { PlaidCallError } from '../src/plaid/plaid-call-error.js';
import { expectedRows, startBankSyncKit, type BankSyncKit, type TransactionRow } from './support/bank-sync-kit.js';

// The import engine, run directly (no queue): paging, replays, the mutation restart, pending → posted, removals.
let kit: BankSyncKit;

beforeAll(async () => {
  kit = await startBankSyncKit();
});
afterAll(async () => {
  await kit?.close();
});

/** Our rows against the emulator's log replayed: same ids, amounts, dates, names and pending flags. */
async function expectRowsToMatchPlaid(itemId: string): Promise<TransactionRow[]> {
  const rows = await kit.rows(itemId);
  const expected = expectedRows(await kit.emulated(itemId));
  expect(rows.map((row) => row.plaid_transaction_id).sort()).toEqual([...expected.keys()].sort());
  for (const row of rows) {
    const truth = expected.get(row.plaid_transaction_id)!;
    expect([Number(row.amount), row.date, row.name, row.pending]).toEqual([truth.amount, truth.date, truth.name, truth.pending]);
  }
  return rows;
}

async function snapshot(itemId: string) {
  const { h } = kit;
  const { rows } = await h.db.query(`SELECT * FROM "${h.schema}".bank_transactions WHERE item_id = $1 ORDER BY plaid_transaction_id`, [itemId]);
  return rows;
}

describe('a first import', () => {
  let itemId: string;
  beforeAll(async () => {
    itemId = await kit.link(kit.h.userA);
    // Plaid reports a pending purchase early and its posted version much later: move the pending ones to the
    // front of the log, so each pending/posted pair lies on different pages of the first pass.
    const log = (await kit.emulated(itemId)).log;
    const pending = log.filter((entry) => entry.type === 'added' && entry.transaction.pending);
    log.splice(0, log.length, ...pending, ...log.filter((entry) => !pending.includes(entry)));
  });

  it('pages at 500 while has_more and stores every transaction at its latest state', async () => {
    const outcome = await kit.syncNow(kit.h.userA.id, itemId);
    expect(outcome).toMatchObject({ status: 'synced', restarts: 0 });
    if (outcome.status !== 'synced') return;
    expect(outcome.pages).toBe(Math.ceil((await kit.emulated(itemId)).log.length / 500));
    expect(outcome.pages).toBeGreaterThanOrEqual(2);
    const rows = await expectRowsToMatchPlaid(itemId);
    expect(rows.every((row) => row.merchant_key.length > 0)).toBe(true);
    const { h } = kit;
    const item = await h.db.query(`SELECT sync_state, last_error, cursor FROM "${h.schema}".plaid_items WHERE id = $1`, [itemId]);
    expect(item.rows[0]).toMatchObject({ sync_state: 'idle', last_error: null, cursor: expect.any(String) });
  });

  it('replaces each pending transaction by its posted one on a later page (pending id in removed, posted one with pending_transaction_id)', async () => {
    const log = (await kit.emulated(itemId)).log;
    const posted = log.filter((entry) => entry.type === 'added' && entry.transaction.pending_transaction_id);
    expect(posted.length).toBeGreaterThan(0);
    const pageOf = (id: string) => Math.floor(log.findIndex((entry) => entry.transaction.transaction_id === id) / 500);
    for (const entry of posted) expect(pageOf(entry.transaction.pending_transaction_id!)).toBeLessThan(pageOf(entry.transaction.transaction_id));
    const rows = await kit.rows(itemId);
    const ids = new Set(rows.map((row) => row.plaid_transaction_id));
    for (const entry of posted) {
      const pendingId = entry.transaction.pending_transaction_id!;
      expect(ids.has(entry.transaction.transaction_id)).toBe(true);
      expect(ids.has(pendingId)).toBe(false);
      expect(rows.find((row) => row.plaid_transaction_id === entry.transaction.transaction_id)).toMatchObject({ pending: false, pending_transaction_id: pendingId });
    }
  });

  it('deletes a removed transaction (the hotel hold that disappears) and keeps account balances current', async () => {
    const rows = await kit.rows(itemId);
    expect(rows.some((row) => row.name === 'MARRIOTT HOTELS AUTH HOLD')).toBe(false);
    const { h } = kit;
    const accounts = await h.db.query(`SELECT current_balance, balance_updated_at FROM "${h.schema}".bank_accounts WHERE item_id = $1`, [itemId]);
    expect(accounts.rows.every((account: { current_balance: string | null }) => account.current_balance !== null)).toBe(true);
  });

  it('imports nothing the second time, rewriting no row', async () => {
    const before = await snapshot(itemId);
    const outcome = await kit.syncNow(kit.h.userA.id, itemId);
    expect(outcome).toEqual({ status: 'synced', upserted: 0, deleted: 0, pages: 1, restarts: 0, askedAgain: false });
    expect(await snapshot(itemId)).toEqual(before);
  });

  it('replaying from an old cursor (or from the start) leaves exactly the same rows', async () => {
    const { h } = kit;
    const before = await snapshot(itemId);
    await h.db.query(`UPDATE "${h.schema}".plaid_items SET cursor = NULL WHERE id = $1`, [itemId]);
    expect(await kit.syncNow(h.userA.id, itemId)).toMatchObject({ status: 'synced' });
    const replayed = await snapshot(itemId);
    expect(replayed.map(({ updated_at: _u, ...row }) => row)).toEqual(before.map(({ updated_at: _u, ...row }) => row));
    // Rows Plaid reports again unchanged are not even rewritten.
    expect(replayed.map((row) => row.updated_at)).toEqual(before.map((row) => row.updated_at));
  });

  it('two passes asked at once in one process run one after the other: the second from the cursor the first saved', async () => {
    const { h } = kit;
    await h.db.query(`UPDATE "${h.schema}".plaid_items SET cursor = NULL WHERE id = $1`, [itemId]);
    const [first, second] = await Promise.all([kit.syncNow(h.userA.id, itemId), kit.syncNow(h.userA.id, itemId)]);
    // Whichever took the advisory lock first replayed from the start; the other found nothing new.
    const upserted = [first, second].map((outcome) => (outcome.status === 'synced' ? outcome.upserted : -1)).sort((a, b) => a - b);
    expect(upserted[0]).toBe(0);
    expect(upserted[1]).toBeGreaterThan(0);
    await expectRowsToMatchPlaid(itemId);
  });
});

describe('data that moves during a pass', () => {
  it('restarts the whole pass from its first cursor on TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION', async () => {
    const { h } = kit;
    const itemId = await kit.link(h.userB);
    kit.emulator.hooks.mutateDuringNextPagination();
    const outcome = await kit.syncNow(h.userB.id, itemId);
    expect(outcome).toMatchObject({ status: 'synced', restarts: 1 });
    const rows = await expectRowsToMatchPlaid(itemId);
    expect(rows.filter((row) => row.name.endsWith('(corrected 1)'))).toHaveLength(1);
  });

  it('adds what arrives later (sandbox transactions/create) in the next pass, once', async () => {
    const { h } = kit;
    const itemId = await kit.link(h.userB);
    await kit.syncNow(h.userB.id, itemId);
    const token = await kit.accessToken(itemId);
    const created = await kit.plaid('/sandbox/transactions/create', {
      access_token: token,
      transactions: [{ date_transacted: '2026-03-09', date_posted: '2026-03-10', amount: 19.99, description: 'NETFLIX.COM', iso_currency_code: 'USD' }],
    });
    expect(created.status).toBe(200);
    expect(await kit.syncNow(h.userB.id, itemId)).toMatchObject({ status: 'synced', upserted: 1, deleted: 0 });
    expect(await kit.syncNow(h.userB.id, itemId)).toMatchObject({ status: 'synced', upserted: 0 });
    const rows = await expectRowsToMatchPlaid(itemId);
    expect(rows.filter((row) => row.name === 'NETFLIX.COM')).toEqual([expect.objectContaining({ amount: '19.99', date: '2026-03-10', merchant_key: 'netflix' })]);
  });
});

describe('sync_state while a request waits for the next pass', () => {
  it("stays 'queued' (not 'idle') when a sync was asked for during the pass, so the screen keeps polling", async () => {
    const { h } = kit;
    const user = await h.auth.user();
    const itemId = await kit.link(user);
    await kit.syncNow(user.id, itemId);
    // Hold the pass at its Plaid call, and ask for a sync meanwhile (no worker here: the job just waits).
    let release!: () => void;
    let called!: () => void;
    const calling = new Promise<void>((resolve) => (called = resolve));
    const original = kit.emulator.hooks.beforeCall;
    kit.emulator.hooks.beforeCall = async () => {
      kit.emulator.hooks.beforeCall = original;
      called();
      await new Promise<void>((resolve) => (release = resolve));
      await original.call(kit.emulator.hooks);
    };
    const pass = kit.syncNow(user.id, itemId);
    await calling;
    const state = async () => (await h.db.query(`SELECT sync_state FROM "${h.schema}".plaid_items WHERE id = $1`, [itemId])).rows[0].sync_state;
    expect(await state()).toBe('running');
    expect((await h.call('POST', `/sync/${user.id}`, { token: user.token })).status).toBe(200);
    release();
    expect(await pass).toMatchObject({ status: 'synced', askedAgain: true });
    expect(await state()).toBe('queued');
    // The pass that serves the request ends it.
    expect(await kit.syncNow(user.id, itemId)).toMatchObject({ status: 'synced', askedAgain: false });
    expect(await state()).toBe('idle');
  });
});

describe('pending transactions that post in a later pass', () => {
  it('keeps the pending row until its posted one arrives, then holds only the posted one', async () => {
    const { h } = kit;
    const itemId = await kit.link(h.userB);
    const item = await kit.emulated(itemId);
    const firstRemoval = item.log.findIndex((entry) => entry.type === 'removed');
    const later = item.log.splice(firstRemoval); // what Plaid has not reported yet
    await kit.syncNow(h.userB.id, itemId);
    const pendingIds = (await kit.rows(itemId)).filter((row) => row.pending).map((row) => row.plaid_transaction_id);
    expect(pendingIds.length).toBeGreaterThan(1);
    item.log.push(...later);
    expect(await kit.syncNow(h.userB.id, itemId)).toMatchObject({ status: 'synced' });
    const rows = await expectRowsToMatchPlaid(itemId);
    expect(rows.filter((row) => pendingIds.includes(row.plaid_transaction_id))).toEqual([]);
    expect(rows.filter((row) => row.pending_transaction_id && pendingIds.includes(row.pending_transaction_id)).length).toBeGreaterThan(0);
  });
});

describe('failures', () => {
  it('a Plaid 500 fails the pass, writes nothing and saves no cursor; the next pass completes', async () => {
    const { h } = kit;
    const itemId = await kit.link(h.userA);
    kit.emulator.hooks.failNext(1, 'API_ERROR');
    const failing = kit.syncNow(h.userA.id, itemId);
    await expect(failing).rejects.toBeInstanceOf(PlaidCallError);
    await expect(failing).rejects.toMatchObject({ type: 'API_ERROR', code: 'INTERNAL_SERVER_ERROR', status: 500, retryable: true });
    const item = await h.db.query(`SELECT sync_state, last_error, cursor FROM "${h.schema}".plaid_items WHERE id = $1`, [itemId]);
    expect(item.rows[0]).toEqual({ sync_state: 'failed', last_error: BANK_SYNC_MESSAGES.plaidUnavailable, cursor: null });
    expect(await kit.rows(itemId)).toEqual([]);
    expect(await kit.syncNow(h.userA.id, itemId)).toMatchObject({ status: 'synced' });
    await expectRowsToMatchPlaid(itemId);
  });

  it('ITEM_LOGIN_REQUIRED marks the item as needing a new sign-in instead of failing the job', async () => {
    const { h } = kit;
    const itemId = await kit.link(h.userA);
    expect((await kit.plaid('/sandbox/item/reset_login', { access_token: await kit.accessToken(itemId) })).status).toBe(200);
    expect(await kit.syncNow(h.userA.id, itemId)).toEqual({ status: 'login_required' });
    const item = await h.db.query(`SELECT status, sync_state, last_error FROM "${h.schema}".plaid_items WHERE id = $1`, [itemId]);
    expect(item.rows[0]).toEqual({ status: 'login_required', sync_state: 'failed', last_error: BANK_SYNC_MESSAGES.loginRequired });
    // While it waits for the sign-in, a sync does not even call Plaid.
    expect(await kit.syncNow(h.userA.id, itemId)).toEqual({ status: 'skipped' });
  });
});

describe('accounts removed by the duplicate cleanup', () => {
  it('are not brought back by the next sync of the older link, nor are their transactions', async () => {
    const { h } = kit;
    const user = await h.auth.user();
    const account = (subtype: string, description: string) => ({
      type: 'depository',
      subtype,
      starting_balance: 100,
      transactions: [{ date_transacted: '2026-03-01', date_posted: '2026-03-02', amount: 10, description, currency: 'USD' }],
    });
    const older = await kit.link(user, { username: 'user_custom', password: JSON.stringify({ override_accounts: [account('checking', 'OLD CHECKING'), account('savings', 'OLD SAVINGS')] }) });
    await h.db.query(`UPDATE "${h.schema}".plaid_items SET created_at = '2026-01-01T00:00:00Z' WHERE id = $1`, [older]);
    await kit.syncNow(user.id, older);
    const newer = await kit.link(user, { username: 'user_custom', password: JSON.stringify({ override_accounts: [account('checking', 'NEW CHECKING')] }) });
    await kit.syncNow(user.id, newer);
    const cleanup = await h.call('POST', `/cleanup-duplicates/${user.id}`, { token: user.token });
    expect(cleanup.body).toMatchObject({ success: true, duplicatesRemoved: 1 });

    await h.db.query(`UPDATE "${h.schema}".plaid_items SET cursor = NULL WHERE id = $1`, [older]); // Plaid reports everything again
    expect(await kit.syncNow(user.id, older)).toMatchObject({ status: 'synced' });
    const accounts = await h.db.query(`SELECT subtype FROM "${h.schema}".bank_accounts WHERE item_id = $1`, [older]);
    expect(accounts.rows).toEqual([{ subtype: 'savings' }]);
    expect((await kit.rows(older)).map((row) => row.name)).toEqual(['OLD SAVINGS']);
  });
});
