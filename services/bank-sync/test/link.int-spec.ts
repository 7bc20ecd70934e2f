import { BANK_SYNC_MESSAGES, SCHEDULED_SYNC_EVERY_MS } from '@paycadence/contracts';
import { JobProducer } from '@paycadence/nest-kit';
import { DataSource } from 'typeorm';
import { SyncSweep } from '../src/sync/sync-sweep.js';
import { startBankSyncKit, type BankSyncKit } from './support/bank-sync-kit.js';

// Linking through the HTTP routes against the in-process Plaid emulator; the worker imports from the queue.
let kit: BankSyncKit;

beforeAll(async () => {
  kit = await startBankSyncKit();
  await kit.startWorker();
});
afterAll(async () => {
  await kit?.close();
});

describe('link and exchange', () => {
  it('creates a link token for the signed-in user and says the sandbox dialog applies', async () => {
    const { h } = kit;
    const answer = await h.call('POST', '/create-link-token', { body: { user_id: h.userA.id } });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ link_token: expect.stringMatching(/^link-sandbox-/), expiration: expect.any(String), sandbox: true });
  });

  it('links with user_good: the token is sealed in the database, never answered, and the first import fills the rows', async () => {
    const { h } = kit;
    const signIn = await h.call('POST', '/sandbox/public-token', { body: { user_id: h.userA.id, institution_id: 'ins_109508', username: 'user_good', password: 'pass_good' } });
    expect(signIn.status).toBe(200);
    expect(signIn.body).toEqual({ success: true, public_token: expect.stringMatching(/^public-sandbox-/) });
    const exchange = await h.call('POST', '/exchange-token', { body: { user_id: h.userA.id, public_token: signIn.body.public_token, institution_id: 'ins_109508' } });
    expect(exchange.status).toBe(200);
    expect(exchange.body).toEqual({ success: true, item_id: expect.any(String), message: BANK_SYNC_MESSAGES.syncQueued });
    const itemId = exchange.body.item_id;

    const accessToken = await kit.accessToken(itemId);
    expect(accessToken).toMatch(/^access-sandbox-/);
    const { rows } = await h.db.query(`SELECT * FROM "${h.schema}".plaid_items WHERE id = $1`, [itemId]);
    expect(rows[0].access_token_sealed).toMatch(/^v1\./);
    expect(JSON.stringify(rows[0])).not.toContain(accessToken);
    expect(JSON.stringify([signIn.body, exchange.body])).not.toContain('access-sandbox');
    expect(rows[0]).toMatchObject({ user_id: h.userA.id, institution_name: 'First Platypus Bank', status: 'active' });

    // Accounts are there at once; the worker's first pass brings the transactions and the cursor.
    expect((await h.db.query(`SELECT 1 FROM "${h.schema}".bank_accounts WHERE item_id = $1`, [itemId])).rowCount).toBeGreaterThanOrEqual(3);
    expect(await kit.waitForIdle(itemId)).toEqual({ sync_state: 'idle', status: 'active' });
    const synced = await h.db.query(`SELECT cursor, last_synced_at FROM "${h.schema}".plaid_items WHERE id = $1`, [itemId]);
    expect(synced.rows[0].cursor).toEqual(expect.any(String));
    expect(synced.rows[0].last_synced_at.toISOString()).toBe(h.clock.now().toISOString());
    expect((await kit.rows(itemId)).length).toBeGreaterThan(500);

    // Its scheduled syncs: the next one in the row, at least 3/4 of a period after this first import.
    const next = (await h.db.query(`SELECT next_sync_at FROM "${h.schema}".plaid_items WHERE id = $1`, [itemId])).rows[0].next_sync_at.getTime();
    expect(next).toBeGreaterThan(h.clock.now().getTime() + 0.75 * SCHEDULED_SYNC_EVERY_MS);
    expect(next).toBeLessThanOrEqual(h.clock.now().getTime() + 1.75 * SCHEDULED_SYNC_EVERY_MS);
  });

  it('answers 400 with the sandbox message for a wrong password, and links nothing', async () => {
    const { h } = kit;
    const before = (await h.db.query(`SELECT 1 FROM "${h.schema}".plaid_items`)).rowCount;
    const answer = await h.call('POST', '/sandbox/public-token', { body: { user_id: h.userA.id, institution_id: 'ins_109508', username: 'user_good', password: 'wrong' } });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(BANK_SYNC_MESSAGES.invalidSandboxCredentials);
    expect((await h.db.query(`SELECT 1 FROM "${h.schema}".plaid_items`)).rowCount).toBe(before);
  });

  it('links a user_custom configuration with exactly its accounts and transactions', async () => {
    const { h } = kit;
    const config = {
      override_accounts: [
        {
          type: 'depository',
          subtype: 'checking',
          starting_balance: 1000,
          transactions: [
            { date_transacted: '2026-03-01', date_posted: '2026-03-02', amount: 42.5, description: 'NETFLIX.COM 866-579', currency: 'USD' },
            { date_transacted: '2026-03-05', date_posted: '2026-03-05', amount: -2000, description: 'ACME PAYROLL', currency: 'USD' },
          ],
        },
      ],
    };
    const itemId = await kit.link(h.userB, { username: 'user_custom', password: JSON.stringify(config) });
    await kit.waitForIdle(itemId);
    const rows = await kit.rows(itemId);
    expect(rows.map((row) => [row.amount, row.date, row.name])).toEqual(
      expect.arrayContaining([
        ['42.50', '2026-03-02', 'NETFLIX.COM 866-579'],
        ['-2000.00', '2026-03-05', 'ACME PAYROLL'],
      ]),
    );
    expect(rows).toHaveLength(2);
    const accounts = await h.db.query(`SELECT type, subtype, user_id FROM "${h.schema}".bank_accounts WHERE item_id = $1`, [itemId]);
    expect(accounts.rows).toEqual([{ type: 'depository', subtype: 'checking', user_id: h.userB.id }]);
  });

  it('refuses an already used public token with 400 and the link message', async () => {
    const { h } = kit;
    const signIn = await h.call('POST', '/sandbox/public-token', { body: { user_id: h.userA.id, institution_id: 'ins_109508', username: 'user_good', password: 'pass_good' } });
    const body = { user_id: h.userA.id, public_token: signIn.body.public_token };
    expect((await h.call('POST', '/exchange-token', { body })).status).toBe(200);
    const again = await h.call('POST', '/exchange-token', { body });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(BANK_SYNC_MESSAGES.publicTokenInvalid);
  });
});

describe('a link that cannot be completed is undone', () => {
  async function signedInPublicToken(user: { id: string; token: string }) {
    const signIn = await kit.h.call('POST', '/sandbox/public-token', { token: user.token, body: { user_id: user.id, institution_id: 'ins_109508', username: 'user_good', password: 'pass_good' } });
    return signIn.body.public_token as string;
  }
  const itemsOf = async (userId: string) => (await kit.h.db.query(`SELECT id FROM "${kit.h.schema}".plaid_items WHERE user_id = $1`, [userId])).rows;

  it('when the first import cannot be queued: 503, no row, no accounts, and the item removed at Plaid', async () => {
    const { h } = kit;
    const user = await h.auth.user();
    const publicToken = await signedInPublicToken(user);
    const atPlaid = new Set(kit.emulator.store.items.keys());
    const enqueue = jest.spyOn(h.app.get(JobProducer), 'enqueue').mockRejectedValueOnce(new Error('Redis went away'));
    try {
      const answer = await h.call('POST', '/exchange-token', { token: user.token, body: { user_id: user.id, public_token: publicToken, institution_id: 'ins_109508' } });
      expect(answer.status).toBe(503);
      expect(answer.body).toEqual({ message: BANK_SYNC_MESSAGES.plaidUnavailable });
    } finally {
      enqueue.mockRestore();
    }
    expect(await itemsOf(user.id)).toEqual([]);
    expect((await h.db.query(`SELECT 1 FROM "${h.schema}".bank_accounts WHERE user_id = $1`, [user.id])).rowCount).toBe(0);
    // The exchange created an item at Plaid; the undo removed it again.
    expect([...kit.emulator.store.items.keys()].filter((id) => !atPlaid.has(id))).toEqual([]);
  });

  it('when the undo cannot delete the row either: 503, and the item stays a working link (not a dead row)', async () => {
    const { h } = kit;
    const user = await h.auth.user();
    const publicToken = await signedInPublicToken(user);
    const enqueue = jest.spyOn(h.app.get(JobProducer), 'enqueue').mockRejectedValueOnce(new Error('Redis went away'));
    const dataSource = h.app.get(DataSource);
    const realQuery = dataSource.query.bind(dataSource);
    const query = jest.spyOn(dataSource, 'query').mockImplementation((sql: string, ...rest: unknown[]) => {
      if (sql.startsWith('DELETE FROM plaid_items')) return Promise.reject(new Error('connection lost'));
      return (realQuery as (sql: string, ...args: unknown[]) => Promise<unknown>)(sql, ...rest);
    });
    try {
      const answer = await h.call('POST', '/exchange-token', { token: user.token, body: { user_id: user.id, public_token: publicToken, institution_id: 'ins_109508' } });
      expect(answer.status).toBe(503);
      expect(answer.body).toEqual({ message: BANK_SYNC_MESSAGES.plaidUnavailable });
    } finally {
      enqueue.mockRestore();
      query.mockRestore();
    }
    const [item] = await itemsOf(user.id);
    expect(item).toBeDefined();
    // Its token still works at Plaid, and it has its slot within the period: the sweep imports it then.
    expect((await kit.plaid('/accounts/get', { access_token: await kit.accessToken(item.id) })).status).toBe(200);
    const { rows } = await h.db.query(`SELECT next_sync_at FROM "${h.schema}".plaid_items WHERE id = $1`, [item.id]);
    expect(rows[0].next_sync_at.getTime()).toBeLessThanOrEqual(h.clock.now().getTime() + SCHEDULED_SYNC_EVERY_MS);
    await h.db.query(`UPDATE "${h.schema}".plaid_items SET next_sync_at = $2 WHERE id = $1`, [item.id, h.clock.now()]); // its slot has come
    expect(await h.app.get(SyncSweep).sweep()).toContain(item.id);
    expect(await kit.waitForIdle(item.id)).toEqual({ sync_state: 'idle', status: 'active' });
  });
});

describe('without Plaid keys', () => {
  it("answers 503 with §8's setup message and calls nobody", async () => {
    const bare = await startBankSyncKit({ env: { PLAID_CLIENT_ID: '', PLAID_SECRET: '' } });
    try {
      const answer = await bare.h.call('POST', '/create-link-token', { body: { user_id: bare.h.userA.id } });
      expect(answer.status).toBe(503);
      expect(answer.body.message).toBe(BANK_SYNC_MESSAGES.credentialsMissing);
    } finally {
      await bare.close();
    }
  });
});

describe('with real Plaid keys (no emulator)', () => {
  it('offers no built-in sign-in dialog: the sandbox route answers 403 without calling Plaid', async () => {
    const real = await startBankSyncKit({ env: { PLAID_BASE_URL: '', PLAID_ENV: 'sandbox' } });
    try {
      const answer = await real.h.call('POST', '/sandbox/public-token', { body: { user_id: real.h.userA.id, institution_id: 'ins_109508', username: 'user_good', password: 'pass_good' } });
      expect(answer.status).toBe(403);
      expect(answer.body.message).toBe(BANK_SYNC_MESSAGES.sandboxOnly);
    } finally {
      await real.close();
    }
  });
});
