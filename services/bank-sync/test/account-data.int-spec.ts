import type { AccountSubject } from '@paycadence/contracts';
import { uncoveredOwnerColumns } from '@paycadence/nest-kit';
import { accountDataProbe, rowsNaming, startPrivateRedis, type AccountDataProbe, type PrivateRedis } from '@paycadence/nest-kit/testing';
import { BANK_SYNC_USER_TABLES } from '../src/account-data/bank-sync-user-tables.js';
import { startBankSyncKit, type BankSyncKit } from './support/bank-sync-kit.js';

// Bank-sync's part of "export everything" and "delete my account", asked over the real Redis
// transport as auth asks. Both users' banks are linked for real through the Plaid emulator and imported by the
// worker; deletion must remove the items AT PLAID (itemRemove), and only the deleted user's. Ann also imported a
// statement file (a file-fed account, which has nothing at Plaid) and has another one uploaded, not imported yet.
let kit: BankSyncKit;
let redis: PrivateRedis;
let probe: AccountDataProbe;
let ann: AccountSubject;
let bob: AccountSubject;
let annItem: string;
let bobItem: string;
const BANK = JSON.stringify({
  override_accounts: [
    {
      type: 'depository',
      subtype: 'checking',
      starting_balance: 900,
      transactions: [
        { date_transacted: '2026-01-01', date_posted: '2026-01-01', amount: 1450, description: 'RENT OAKWOOD' },
        { date_transacted: '2026-02-01', date_posted: '2026-02-01', amount: 1450, description: 'RENT OAKWOOD' },
        { date_transacted: '2026-03-01', date_posted: '2026-03-01', amount: 1450, description: 'RENT OAKWOOD' },
        { date_transacted: '2026-03-06', date_posted: '2026-03-06', amount: -2100, description: '=ACME PAYROLL' },
      ],
    },
  ],
});

/** Whether Plaid (the emulator) still serves the item behind this access token. */
const plaidAlive = async (token: string) => (await kit.plaid('/accounts/get', { access_token: token })).status === 200;

beforeAll(async () => {
  redis = await startPrivateRedis();
  kit = await startBankSyncKit({ redisUrl: redis.url });
  await kit.startWorker();
  probe = accountDataProbe(redis.url, 'bank-sync');
  ann = { userId: kit.h.userA.id, email: 'ann@example.com' };
  bob = { userId: kit.h.userB.id, email: 'bob@example.com' };
  annItem = await kit.link(kit.h.userA, { username: 'user_custom', password: BANK });
  bobItem = await kit.link(kit.h.userB, { username: 'user_custom', password: BANK });
  await kit.waitForIdle(annItem);
  await kit.waitForIdle(bobItem);
  const statement = 'Date,Description,Amount\n03/02/2026,=HYPERLINK("x"),-4.50\n03/03/2026,CORNER SHOP,-6.00\n';
  const upload = async () => {
    const response = await fetch(`${kit.h.baseUrl}/api/plaid-production/statements`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream', 'x-file-name': 'ann.csv', authorization: `Bearer ${kit.h.userA.token}` },
      body: statement,
    });
    return ((await response.json()) as { upload_id: string }).upload_id;
  };
  const imported = await kit.h.call('POST', `/statements/${await upload()}/import`, { body: { new_account: { name: 'Savings', type: 'savings', institution_name: 'Maple Valley' } } });
  expect(imported.status).toBe(200);
  await upload();
}, 60_000);
afterAll(async () => {
  await probe?.close();
  await kit?.close();
  await redis?.stop();
});

describe('bank-sync account data', () => {
  it('lists every table that names a user (a new table must join BANK_SYNC_USER_TABLES)', async () => {
    expect(await uncoveredOwnerColumns((sql, params) => kit.h.db.query(sql, params), kit.h.schema, BANK_SYNC_USER_TABLES)).toEqual([]);
  });

  it("exports the user's linked banks, accounts and transactions as the database holds them, never the access token, nothing of Bob's", async () => {
    const reply = await probe.export(ann);
    if (!reply.ok) throw new Error(reply.message);
    const inDatabase = await rowsNaming(kit.h.db, kit.h.schema, ann);
    expect(inDatabase.bank_transactions).toBeGreaterThanOrEqual(4);
    for (const [table, count] of Object.entries(inDatabase)) expect({ table, rows: reply.tables[table]?.length }).toEqual({ table, rows: count });
    const { rows: ids } = await kit.h.db.query(`SELECT id FROM "${kit.h.schema}".bank_transactions WHERE user_id = $1 ORDER BY id`, [ann.userId]);
    expect(reply.tables.bank_transactions!.map((row) => row.id).sort()).toEqual(ids.map((row) => row.id));
    for (const item of reply.tables.plaid_items!) expect(item).not.toHaveProperty('access_token_sealed');
    expect(reply.tables.plaid_items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: annItem, institution_name: 'First Platypus Bank', source: 'plaid' }),
        expect.objectContaining({ institution_name: 'Maple Valley', source: 'file' }),
      ]),
    );
    // The statement: its import and the waiting upload's name and time, never the file's bytes; its rows as stored.
    expect(reply.tables.statement_imports).toEqual([expect.objectContaining({ file_name: 'ann.csv', format: 'csv', added: 2 })]);
    expect(reply.tables.statement_uploads).toEqual([expect.objectContaining({ file_name: 'ann.csv' })]);
    expect(reply.tables.statement_uploads![0]).not.toHaveProperty('content');
    expect(reply.tables.bank_transactions!.map((row) => row.name)).toContain('=HYPERLINK("x")');
    const text = JSON.stringify(reply);
    expect(text).not.toContain(bob.userId);
    expect(text).not.toContain(bobItem);
  });

  it('leaves everything in place when Plaid cannot remove an item, so a retry can finish', async () => {
    const token = await kit.accessToken(annItem);
    const before = await rowsNaming(kit.h.db, kit.h.schema, ann);
    kit.emulator.hooks.failNext(1, 'API_ERROR');
    await expect(probe.delete(ann)).rejects.toBeDefined();
    expect(await rowsNaming(kit.h.db, kit.h.schema, ann)).toEqual(before);
    expect(await plaidAlive(token)).toBe(true);
  });

  it('removes the items at Plaid and every row of the user, none of Bob, and a second delete finds nothing', async () => {
    const annToken = await kit.accessToken(annItem);
    const bobToken = await kit.accessToken(bobItem);
    const bobBefore = await rowsNaming(kit.h.db, kit.h.schema, bob);

    const reply = await probe.delete(ann);
    expect(reply).toMatchObject({ ok: true, removed: { plaid_items: 2, statement_imports: 1, statement_uploads: 1 } });
    expect(await plaidAlive(annToken)).toBe(false);
    expect(await rowsNaming(kit.h.db, kit.h.schema, ann)).toEqual({});

    expect(await plaidAlive(bobToken)).toBe(true);
    expect(await rowsNaming(kit.h.db, kit.h.schema, bob)).toEqual(bobBefore);

    const again = await probe.delete(ann);
    expect(again.ok && Object.values(again.removed).every((count) => count === 0)).toBe(true);
  });
});
