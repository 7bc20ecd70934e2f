import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  AccountsResponseSchema,
  AnalyticsResponseSchema,
  STATEMENT_MESSAGES,
  StatementImportListSchema,
  StatementImportResponseSchema,
  StatementPreviewSchema,
  StatementUndoResponseSchema,
  TransactionsResponseSchema,
  type CsvMapping,
} from '@paycadence/contracts';
import { uploadThatKeepsSending, type TestUser } from '@paycadence/nest-kit/testing';
import { DetectionService } from '../src/detection/detection.service.js';
import { SyncSweep } from '../src/sync/sync-sweep.js';
import { startBankSyncKit, type BankSyncKit } from './support/bank-sync-kit.js';

// Statement files through the routes on real PostgreSQL (docs/statement-files.md): upload and preview, import into a
// new or an existing file account, nothing stored twice, undo, refusals that change nothing, and every id of one
// person's useless to another. The clock stands at 2026-03-10; the fixtures end the day before.
let kit: BankSyncKit;
const FIXTURES = path.join(__dirname, 'fixtures/statements');
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name));
const q = (sql: string, params: unknown[] = []) => kit.h.db.query(sql.replaceAll('bs.', `"${kit.h.schema}".`), params);
const count = async (table: string) => Number((await q(`SELECT count(*) FROM bs.${table}`)).rows[0].count);

beforeAll(async () => {
  kit = await startBankSyncKit();
});
afterAll(async () => {
  await kit?.close();
});
beforeEach(() => kit.h.truncate());

/** The bytes as a browser sends them: octet-stream, the name percent-encoded in X-File-Name. */
async function upload(name: string, bytes: Buffer | string = fixture(name), user?: TestUser) {
  const response = await fetch(`${kit.h.baseUrl}/api/plaid-production/statements`, {
    method: 'POST',
    headers: { 'content-type': 'application/octet-stream', 'x-file-name': encodeURIComponent(name), authorization: `Bearer ${(user ?? kit.h.userA).token}` },
    body: bytes,
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}
const as = (user: TestUser) => ({ token: user.token });
const newAccount = { name: 'Everyday checking', type: 'checking', institution_name: 'Maple Valley Credit Union' } as const;

async function importFile(name: string, body: Record<string, unknown> = { new_account: newAccount }, bytes?: Buffer | string) {
  const uploaded = await upload(name, bytes);
  expect(uploaded.status).toBe(200);
  const response = await kit.h.call('POST', `/statements/${uploaded.body.upload_id}/import`, { body });
  expect(response.status).toBe(200);
  return StatementImportResponseSchema.parse(response.body);
}

describe('OFX: upload, preview, import, again', () => {
  it('previews an OFX file, imports it into a new file account, and finds that account again for the next file', async () => {
    const uploaded = await upload('ofx1-checking.ofx');
    expect(uploaded.status).toBe(200);
    const preview = StatementPreviewSchema.parse(uploaded.body);
    expect(preview).toMatchObject({ format: 'ofx', institution_name: 'Maple Valley Credit Union', account_type: 'checking', mask: '1234', balance: 3820.25, account_id: null, csv: null });
    expect(preview.transactions).toMatchObject({ total: 9, new: 9, already: 0, first_date: '2026-01-02', last_date: '2026-03-06' });

    const imported = await kit.h.call('POST', `/statements/${preview.upload_id}/import`, { body: { new_account: newAccount } });
    expect(imported.status).toBe(200);
    expect(StatementImportResponseSchema.parse(imported.body)).toMatchObject({ message: 'Imported 9 new transactions.', import: { added: 9, already: 0, format: 'ofx', file_name: 'ofx1-checking.ofx' } });
    // The upload is gone once imported: the same id imports nothing twice.
    expect((await kit.h.call('POST', `/statements/${preview.upload_id}/import`, { body: { new_account: newAccount } })).status).toBe(404);
    expect(await count('statement_uploads')).toBe(0);

    const accounts = AccountsResponseSchema.parse((await kit.h.call('GET', `/accounts/${kit.h.userA.id}`)).body);
    expect(accounts.accounts).toEqual([
      expect.objectContaining({ account_name: 'Everyday checking', account_type: 'depository', account_subtype: 'checking', mask: '1234', current_balance: 3820.25, last_updated: '2026-03-09T00:00:00.000Z', institution_name: 'Maple Valley Credit Union' }),
    ]);
    expect(accounts.items).toEqual([expect.objectContaining({ source: 'file', status: 'active', sync_state: 'idle', transaction_count: 9, last_synced_at: expect.any(String) })]);

    // The transaction history shows them like a linked bank's: positive amounts are money out.
    const history = TransactionsResponseSchema.parse((await kit.h.call('GET', `/transactions/${kit.h.userA.id}?limit=3`)).body);
    expect(history.total).toBe(9);
    expect(history.transactions.map((t) => [t.transaction_date, t.description, t.amount, t.is_income])).toEqual([
      ['2026-03-06', 'ACME SCHOOL DIST PAYROLL', -2100, true],
      ['2026-03-02', 'OAKWOOD APTS & MGMT', 1450, false],
      ['2026-02-20', 'ACME SCHOOL DIST PAYROLL', -2100, true],
    ]);

    // The same file again: the account is found by its (digested) number, and nothing is new.
    const again = StatementPreviewSchema.parse((await upload('ofx1-checking.ofx')).body);
    expect(again.account_id).toBe(accounts.accounts[0]!.id);
    expect(again.transactions).toMatchObject({ total: 9, new: 0, already: 9 });
    const second = await kit.h.call('POST', `/statements/${again.upload_id}/import`, { body: { account_id: again.account_id } });
    expect(second.body).toMatchObject({ message: 'Imported 0 new transactions; 9 were already here.', import: { added: 0, already: 9 } });
    expect(await count('bank_transactions')).toBe(9);
  });

  it('never syncs a file account: the sweep and a full sync leave it alone, and disconnecting it asks nothing of Plaid', async () => {
    await importFile('ofx2-card.ofx', { new_account: { name: 'Harbor card', type: 'credit_card', institution_name: 'Harbor Card Services' } });
    await q(`UPDATE bs.plaid_items SET next_sync_at = now() - interval '1 day'`).catch(() => undefined);
    expect(await kit.h.app.get(SyncSweep).sweep()).toEqual([]);
    const sync = await kit.h.call('POST', `/sync/${kit.h.userA.id}`);
    expect(sync.body).toMatchObject({ queued: 0 });
    const [{ id: itemId }] = (await q(`SELECT id FROM bs.plaid_items`)).rows;
    const disconnected = await kit.h.call('DELETE', `/disconnect/${itemId}`, { body: { userId: kit.h.userA.id } });
    expect(disconnected.status).toBe(200);
    expect(await count('bank_transactions')).toBe(0);
    expect(await count('statement_imports')).toBe(0);
  });
});

describe('CSV: presets, overlapping files, undo', () => {
  const chase = fixture('chase-checking.csv').toString('utf8');
  const header = chase.split('\n')[0]!;
  const newer = `${header}\nDEBIT,03/06/2026,"BAKERY",-3.20,DEBIT_CARD,2367.05,,\n${chase.split('\n').slice(1).join('\n')}`;

  it('imports a Chase file by its preset (both identical coffees kept), then an overlapping one adds only the new row, and undo takes it back', async () => {
    const first = await importFile('chase-checking.csv');
    expect(first.import).toMatchObject({ added: 7, already: 0, first_date: '2026-01-02', last_date: '2026-03-02' });
    const accountId = first.import.account_id;
    expect((await q(`SELECT count(*) FROM bs.bank_transactions WHERE name = 'COFFEE CORNER'`)).rows[0].count).toBe('2');
    expect(Number((await q(`SELECT current_balance FROM bs.bank_accounts`)).rows[0].current_balance)).toBe(2370.25);

    const uploaded = await upload('chase-newer.csv', newer);
    const preview = await kit.h.call('POST', `/statements/${uploaded.body.upload_id}/preview`, { body: { account_id: accountId } });
    expect(StatementPreviewSchema.parse(preview.body).transactions).toMatchObject({ total: 8, new: 1, already: 7 });
    expect(preview.body.csv).toMatchObject({ preset: null, mapping: { date: 1, description: 2, amount: 3, balance: 5, date_format: 'MM/DD/YYYY' } });
    const second = await kit.h.call('POST', `/statements/${uploaded.body.upload_id}/import`, { body: { account_id: accountId } });
    expect(second.body.import).toMatchObject({ added: 1, already: 7 });
    expect(Number((await q(`SELECT current_balance FROM bs.bank_accounts`)).rows[0].current_balance)).toBe(2367.05);

    const list = StatementImportListSchema.parse((await kit.h.call('GET', '/statement-imports')).body);
    expect(list.imports.map((i) => [i.file_name, i.added])).toEqual([
      ['chase-newer.csv', 1],
      ['chase-checking.csv', 7],
    ]);
    const undone = await kit.h.call('DELETE', `/statement-imports/${second.body.import.id}`);
    expect(StatementUndoResponseSchema.parse(undone.body)).toEqual({ success: true, message: STATEMENT_MESSAGES.undone(1), removed: 1 });
    expect(await count('bank_transactions')).toBe(7);
    // The balance goes back to the remaining import's.
    expect(Number((await q(`SELECT current_balance FROM bs.bank_accounts`)).rows[0].current_balance)).toBe(2370.25);
    expect((await kit.h.call('DELETE', `/statement-imports/${second.body.import.id}`)).status).toBe(404);
  });

  it('asks for the date format when it cannot tell, refuses to import until told, then imports', async () => {
    const uploaded = await upload('ambiguous-dates.csv');
    expect(uploaded.body).toMatchObject({ problem: STATEMENT_MESSAGES.ambiguousDates, transactions: null, csv: { mapping: { date_format: null }, date_formats: ['MM/DD/YYYY', 'DD/MM/YYYY'] } });
    const refused = await kit.h.call('POST', `/statements/${uploaded.body.upload_id}/import`, { body: { new_account: newAccount } });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(STATEMENT_MESSAGES.ambiguousDates);
    expect(await count('bank_transactions')).toBe(0);
    expect(await count('plaid_items')).toBe(0);
    const mapping: CsvMapping = { ...uploaded.body.csv.mapping, date_format: 'DD/MM/YYYY' };
    const imported = await kit.h.call('POST', `/statements/${uploaded.body.upload_id}/import`, { body: { new_account: newAccount, mapping } });
    expect(imported.body.import).toMatchObject({ added: 2, first_date: '2026-02-01', last_date: '2026-03-02' });
    // The mapping is remembered for the account's next file.
    const next = await upload('ambiguous-dates.csv');
    const preview = await kit.h.call('POST', `/statements/${next.body.upload_id}/preview`, { body: { account_id: imported.body.import.account_id } });
    expect(preview.body).toMatchObject({ problem: null, csv: { mapping: { date_format: 'DD/MM/YYYY' } }, transactions: { new: 0, already: 2 } });
  });
});

describe('refusals change nothing', () => {
  it.each([
    ['empty.csv', '', 400, STATEMENT_MESSAGES.emptyFile],
    ['statement.pdf', undefined, 415, STATEMENT_MESSAGES.wrongType],
    ['entities.ofx', undefined, 400, STATEMENT_MESSAGES.entitiesRefused],
    ['bad-amount.ofx', undefined, 400, STATEMENT_MESSAGES.malformedOfx('STMTTRN 2, TRNAMT “21OO.00” is not an amount')],
    ['broken-quote.csv', undefined, 400, STATEMENT_MESSAGES.malformedCsv(3, 'a quote is never closed')],
  ])('%s: %s', async (name, bytes, status, message) => {
    const response = await upload(name, bytes);
    expect(response.status).toBe(status);
    expect(response.body.message).toBe(message);
    expect(await count('statement_uploads')).toBe(0);
  });

  it('refuses a file over 5 MB with the statement’s words', async () => {
    const big = await upload('big.csv', Buffer.alloc(5 * 1024 * 1024 + 1, 'a'));
    expect(big).toMatchObject({ status: 413, body: { message: STATEMENT_MESSAGES.tooLarge } });
  });

  it.each([
    ['no token', () => null],
    ['a token signed by an unknown key', () => 'not-a-valid-token'],
  ] as const)('answers an upload with %s 401 before reading its body, and closes the connection', async (_label, token) => {
    const answer = await uploadThatKeepsSending(kit.h.baseUrl, { path: '/api/plaid-production/statements', contentType: 'application/octet-stream', firstChunk: fixture('amex.csv'), token: token() });
    expect(answer.status).toBe(401);
    expect(answer.answeredWhileSending).toBe(true);
    expect(answer.headers.connection).toBe('close');
    await answer.closed;
    expect(await count('statement_uploads')).toBe(0);
  });

  it('takes no JSON on the upload route', async () => {
    // JSON to the upload route is no file.
    expect((await kit.h.call('POST', '/statements', { body: { file: 'x' } })).status).toBe(415);
    expect(await count('statement_uploads')).toBe(0);
  });

  it('a row that does not read refuses the import with its line, and stores nothing', async () => {
    const uploaded = await upload('bad-amount.csv');
    expect(uploaded.body.problem).toBe(STATEMENT_MESSAGES.badAmount(3, 'twelve'));
    const refused = await kit.h.call('POST', `/statements/${uploaded.body.upload_id}/import`, { body: { new_account: newAccount } });
    expect(refused).toMatchObject({ status: 400, body: { message: STATEMENT_MESSAGES.badAmount(3, 'twelve') } });
    expect(await count('bank_accounts')).toBe(0);
  });

  it.each([
    [{}, STATEMENT_MESSAGES.accountChoice],
    [{ account_id: 'not-an-id', new_account: newAccount }, 'account_id must be an account id'],
    [{ new_account: { ...newAccount, type: 'brokerage' } }, 'Choose checking, savings or credit card'],
    [{ new_account: newAccount, mapping: { date: -1 } }, undefined],
  ])('a malformed import request %j is a 400, never a 5xx', async (body, message) => {
    const uploaded = await upload('amex.csv');
    const response = await kit.h.call('POST', `/statements/${uploaded.body.upload_id}/import`, { body });
    expect(response.status).toBe(400);
    if (message) expect(response.body.message).toBe(message);
    expect(await count('bank_transactions')).toBe(0);
  });

  it('malformed ids are the same 404 as unknown ones', async () => {
    expect((await kit.h.call('POST', '/statements/not-a-uuid/preview', { body: {} })).status).toBe(404);
    expect((await kit.h.call('DELETE', '/statement-imports/not-a-uuid')).status).toBe(404);
  });
});

describe('one person’s statements are theirs alone', () => {
  it("another user can neither preview, import, reach the account of, list nor undo what is not theirs", async () => {
    const { userA, userB } = kit.h;
    const imported = await importFile('chase-checking.csv');
    const pending = await upload('amex.csv');
    const accountId = imported.import.account_id;

    expect((await kit.h.call('POST', `/statements/${pending.body.upload_id}/preview`, { ...as(userB), body: {} })).status).toBe(404);
    expect((await kit.h.call('POST', `/statements/${pending.body.upload_id}/import`, { ...as(userB), body: { new_account: newAccount } })).status).toBe(404);
    // B's own file into A's account: the account is not found.
    const own = await upload('amex.csv', undefined, userB);
    const intoA = await kit.h.call('POST', `/statements/${own.body.upload_id}/import`, { ...as(userB), body: { account_id: accountId } });
    expect(intoA).toMatchObject({ status: 404, body: { message: STATEMENT_MESSAGES.accountNotFound } });
    expect((await kit.h.call('POST', `/statements/${own.body.upload_id}/preview`, { ...as(userB), body: { account_id: accountId } })).status).toBe(404);
    expect((await kit.h.call('GET', '/statement-imports', as(userB))).body.imports).toEqual([]);
    expect((await kit.h.call('DELETE', `/statement-imports/${imported.import.id}`, as(userB))).status).toBe(404);
    expect((await kit.h.call('DELETE', `/disconnect/${(await q(`SELECT item_id FROM bs.bank_accounts WHERE id = $1`, [accountId])).rows[0].item_id}`, { ...as(userB), body: { userId: userB.id } })).status).toBe(404);

    expect(await count('bank_transactions')).toBe(7);
    expect((await q(`SELECT count(*) FROM bs.bank_transactions WHERE user_id = $1`, [userA.id])).rows[0].count).toBe('7');
    expect((await kit.h.call('GET', '/statement-imports')).body.imports).toHaveLength(1);
  });

  it('a linked bank’s account is no file account: nothing is imported into it', async () => {
    const itemId = (await q(`INSERT INTO bs.plaid_items (user_id, plaid_item_id, access_token_sealed, institution_name) VALUES ($1, 'p-1', 'v1.x', 'Bank') RETURNING id`, [kit.h.userA.id])).rows[0].id;
    const accountId = (await q(`INSERT INTO bs.bank_accounts (user_id, item_id, plaid_account_id, name, type) VALUES ($1, $2, 'a-1', 'Linked', 'depository') RETURNING id`, [kit.h.userA.id, itemId])).rows[0].id;
    const uploaded = await upload('amex.csv');
    const response = await kit.h.call('POST', `/statements/${uploaded.body.upload_id}/import`, { body: { account_id: accountId } });
    expect(response).toMatchObject({ status: 404, body: { message: STATEMENT_MESSAGES.accountNotFound } });
  });
});

describe('the same product after import', () => {
  it('detection finds the rent and the paycheck of an imported file, as it does a linked bank’s', async () => {
    await importFile('ofx1-checking.ofx');
    const run = await kit.h.app.get(DetectionService).detectForUser(kit.h.userA.id);
    const found = run.streams.map((s) => [s.direction, s.merchantKey, s.frequency]);
    expect(found).toEqual(expect.arrayContaining([
      ['outflow', 'oakwood apts mgmt', 'monthly'],
      ['inflow', 'acme school dist', 'biweekly'],
    ]));
    // Analytics reads the file's rows: the rent among the bills, the pay among the income, the months' totals.
    const analytics = AnalyticsResponseSchema.parse((await kit.h.call('GET', `/analytics/${kit.h.userA.id}`)).body).analytics;
    expect(analytics.bills.map((bill) => bill.averageAmount)).toContain(1450);
    expect(analytics.income.length).toBeGreaterThan(0);
    // Five paychecks of $2,100, all inside the analytics window.
    expect(analytics.summary.totalIncome).toBe(10_500);
    // A filter of the history works on them too.
    const income = TransactionsResponseSchema.parse((await kit.h.call('GET', `/transactions/${kit.h.userA.id}?type=income`)).body);
    expect(income.total).toBe(5);
  });
});
