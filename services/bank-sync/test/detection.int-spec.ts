import { randomBytes, randomUUID } from 'node:crypto';
import type { INestApplicationContext } from '@nestjs/common';
import { fixedClock, JobProducer } from '@paycadence/nest-kit';
import {
  startPrivateRedis,
  startServiceHarness,
  TEST_NOW,
  type PrivateRedis,
  type ServiceHarness,
} from '@paycadence/nest-kit/testing';
import type { BankSyncConfig } from '../src/config.js';
import { DetectionService } from '../src/detection/detection.service.js';
import { streamSuggestionKey, type AccountIdentity } from '../src/detection/suggestion-key.js';
import { serviceDefinition } from '../src/service-definition.js';
import { createBankSyncWorker } from '../src/sync/worker-app.js';
import { startFinanceStandIn, type FinanceStandIn } from './quality/finance-stand-in.js';

// Detection on real PostgreSQL, sending its suggestions over a real Redis transport (a redis-server of this
// test's own: pub/sub ignores key prefixes, see startPrivateRedis) to finance's side played by a Nest
// microservice that checks each message with finance's own schema (quality/finance-stand-in.ts).
// Rows are arranged directly; the clock stands at 2026-03-10 (TEST_NOW), a Tuesday.
let redis: PrivateRedis;
let bank: ServiceHarness<BankSyncConfig>;
let finance: FinanceStandIn;
let worker: INestApplicationContext | null = null;
const clock = fixedClock(TEST_NOW);
const userA = randomUUID();
const userB = randomUUID();

beforeAll(async () => {
  redis = await startPrivateRedis();
  finance = await startFinanceStandIn(redis.url);
  bank = await startServiceHarness(serviceDefinition, {
    redisUrl: redis.url,
    clock,
    env: {
      BANK_TOKEN_KEY: randomBytes(32).toString('hex'),
      DETECT_DEBOUNCE_MS: '0',
      SYNC_RETRY_DELAY_MS: '20',
    },
  });
}, 60_000);
afterAll(async () => {
  await worker?.close();
  await bank?.close();
  await finance?.close().catch(() => undefined);
  await redis?.stop();
});
beforeEach(async () => {
  await bank.truncate();
  finance.received.length = 0;
  finance.withdrawn.length = 0;
});

const q = (sql: string, params: unknown[] = []) =>
  bank.db.query(sql.replaceAll('bs.', `"${bank.schema}".`), params);
const detection = () => bank.app.get(DetectionService);

/** An item with a checking account and a card for `userId`; answers the account ids. */
async function linkedAccounts(userId: string): Promise<{ itemId: string; checking: string; card: string }> {
  const { rows: items } = await q(
    `INSERT INTO bs.plaid_items (user_id, plaid_item_id, access_token_sealed, institution_name) VALUES ($1, $2, 'sealed', 'First Platypus Bank') RETURNING id`,
    [userId, `item-${randomBytes(6).toString('hex')}`],
  );
  const account = async (name: string, type: string) =>
    (
      await q(
        `INSERT INTO bs.bank_accounts (user_id, item_id, plaid_account_id, name, type) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
        [userId, items[0].id, `acc-${randomBytes(6).toString('hex')}`, name, type],
      )
    ).rows[0].id as string;
  return {
    itemId: items[0].id,
    checking: await account('Plaid Checking', 'depository'),
    card: await account('Plaid Credit Card', 'credit'),
  };
}

interface Row {
  accountId: string;
  date: string;
  amount: number;
  name: string;
  merchantName?: string | null;
  merchantKey: string;
  category?: string[];
  pending?: boolean;
}

async function insertTransactions(userId: string, itemId: string, rows: Row[]) {
  for (const row of rows) {
    await q(
      `INSERT INTO bs.bank_transactions (user_id, item_id, account_id, plaid_transaction_id, amount, date, name, merchant_name, merchant_key, category, pending)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
      [
        userId,
        itemId,
        row.accountId,
        `tx-${randomBytes(8).toString('hex')}`,
        row.amount,
        row.date,
        row.name,
        row.merchantName ?? null,
        row.merchantKey,
        row.category ?? [],
        row.pending ?? false,
      ],
    );
  }
}

const months = (from: string, count: number, day: string) =>
  Array.from({ length: count }, (_, index) => {
    const month = Number(from.slice(0, 4)) * 12 + Number(from.slice(5, 7)) - 1 + index;
    return `${Math.floor(month / 12)}-${String((month % 12) + 1).padStart(2, '0')}-${day}`;
  });
const addDays = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** A year of a user's life: rent on the 3rd, Netflix on the card on the 22nd, biweekly Friday pay, coffee. */
function yearOf(accounts: { checking: string; card: string }, options: { until?: string } = {}): Row[] {
  const until = options.until ?? '2026-03-10';
  const rows: Row[] = [
    ...months('2025-03', 13, '03').map((date) => ({
      accountId: accounts.checking,
      date,
      amount: 1650,
      name: 'OAKWOOD PROPERTY RENT ACH',
      merchantName: 'Oakwood Properties',
      merchantKey: 'oakwood properties',
      category: ['RENT_AND_UTILITIES', 'RENT_AND_UTILITIES_RENT'],
    })),
    ...months('2025-03', 12, '22').map((date) => ({
      accountId: accounts.card,
      date,
      amount: 15.49,
      name: 'NETFLIX.COM 866-579-7172 CA',
      merchantName: 'Netflix',
      merchantKey: 'netflix',
      category: ['ENTERTAINMENT', 'ENTERTAINMENT_TV_AND_MOVIES'],
    })),
    ...Array.from({ length: 27 }, (_, index) => addDays('2025-03-14', index * 14)).map((date) => ({
      accountId: accounts.checking,
      date,
      amount: -2210.5,
      name: 'ACME CORP PAYROLL PPD ID: 9100000',
      merchantName: 'ACME CORP',
      merchantKey: 'acme',
      category: ['INCOME', 'INCOME_WAGES'],
    })),
    ...Array.from({ length: 60 }, (_, index) => addDays('2025-03-01', index * 6)).map((date, index) => ({
      accountId: accounts.card,
      date,
      amount: 3.75 + ((index * 37) % 900) / 100,
      name: 'SQ *STARBUCKS #1234',
      merchantName: 'Starbucks',
      merchantKey: 'starbucks',
    })),
  ];
  return rows.filter((row) => row.date <= until);
}

const streamRows = async (userId: string) =>
  (
    await q(
      `SELECT s.id, s.account_id, s.direction, s.merchant_key, s.name, s.category, s.frequency, s.confidence::float AS confidence, s.occurrences,
              s.average_amount::text AS average_amount, s.last_amount::text AS last_amount, to_char(s.last_date, 'YYYY-MM-DD') AS last_date,
              to_char(s.next_date, 'YYYY-MM-DD') AS next_date, s.price_changed,
              json_build_object('institution', coalesce(i.institution_id, i.institution_name), 'mask', a.mask, 'type', a.type,
                                'subtype', a.subtype, 'name', a.name) AS account
       FROM bs.recurring_streams s JOIN bs.bank_accounts a ON a.id = s.account_id JOIN bs.plaid_items i ON i.id = a.item_id
       WHERE s.user_id = $1 ORDER BY s.merchant_key`,
      [userId],
    )
  ).rows;

/** The externalKey finance keeps a stored stream's suggestion by (the account by what the bank shows of it). */
const keyOf = (userId: string, row: { account: AccountIdentity; direction: string; merchant_key: string }) =>
  streamSuggestionKey({
    userId,
    account: row.account,
    direction: row.direction,
    merchantKey: row.merchant_key,
  });

/** The suggestions finance received for a user, flattened over messages: [externalKey, name or source]. */
const sentTo = (userId: string) =>
  finance.received
    .filter((message) => message.userId === userId)
    .flatMap((message) => [
      ...message.bills.map((bill) => ['bill', bill.externalKey, bill.name]),
      ...message.income.map((income) => ['income', income.externalKey, income.source]),
    ]);

describe('DetectionService.detectForUser', () => {
  it("stores the user's recurring bills and income and sends them to finance as suggestions", async () => {
    const accounts = await linkedAccounts(userA);
    await insertTransactions(userA, accounts.itemId, [
      ...yearOf(accounts),
      // Pending rows are not history yet.
      {
        accountId: accounts.card,
        date: '2026-03-09',
        amount: 15.49,
        name: 'NETFLIX',
        merchantName: 'Netflix',
        merchantKey: 'netflix',
        pending: true,
      },
    ]);

    const run = await detection().detectForUser(userA);

    expect(run.suggested).toEqual({ bills: 2, income: 1 });
    const rows = await streamRows(userA);
    expect(
      rows.map((row) => [row.merchant_key, row.direction, row.frequency, row.category, row.next_date]),
    ).toEqual([
      ['acme', 'inflow', 'biweekly', 'salary', '2026-03-13'],
      ['netflix', 'outflow', 'monthly', 'subscriptions', '2026-03-22'],
      ['oakwood properties', 'outflow', 'monthly', 'rent', '2026-04-03'],
    ]);
    expect(rows[2]).toMatchObject({
      account_id: accounts.checking,
      name: 'Oakwood Properties',
      occurrences: 13,
      average_amount: '1650.00',
      last_date: '2026-03-03',
      price_changed: false,
    });
    expect(rows[2].confidence).toBeGreaterThanOrEqual(0.9);

    expect(finance.received).toHaveLength(1);
    const [message] = finance.received;
    expect(message.userId).toBe(userA);
    // Streams come ordered by account id (random here): compare in name order.
    expect([...message.bills].sort((left, right) => left.name.localeCompare(right.name))).toEqual([
      {
        externalKey: keyOf(userA, rows[1]),
        name: 'Netflix',
        amount: 15.49,
        category: 'subscriptions',
        suggestedDueDate: '2026-03-22',
        transactionDate: '2026-02-22',
        confidence: rows[1].confidence,
        recurring: 'monthly',
      },
      {
        externalKey: keyOf(userA, rows[2]),
        name: 'Oakwood Properties',
        amount: 1650,
        category: 'rent',
        suggestedDueDate: '2026-04-03',
        transactionDate: '2026-03-03',
        confidence: rows[2].confidence,
        recurring: 'monthly',
      },
    ]);
    expect(message.income).toEqual([
      {
        externalKey: keyOf(userA, rows[0]),
        source: 'ACME CORP',
        amount: 2210.5,
        suggestedFrequency: 'biweekly',
        suggestedNextDate: '2026-03-13',
        // A steady biweekly paycheck: no month days, no skipped months, no lean amount.
        suggestedPayDays: null,
        suggestedPaidMonths: null,
        suggestedLowAmount: null,
        transactionDate: '2026-02-27',
        confidence: rows[0].confidence,
      },
    ]);
  });

  it('keeps stream ids and suggestion keys across runs; a stream gone is withdrawn, and found again keeps its key', async () => {
    const accounts = await linkedAccounts(userA);
    await insertTransactions(userA, accounts.itemId, yearOf(accounts, { until: '2026-02-28' }));
    await detection().detectForUser(userA);
    const first = await streamRows(userA);
    expect(first).toHaveLength(3);
    const firstSent = sentTo(userA);

    // The same data again, twice at once (the job and a direct call): same rows, same ids, same keys sent.
    await Promise.all([detection().detectForUser(userA), detection().detectForUser(userA)]);
    expect(await streamRows(userA)).toEqual(first);
    await insertTransactions(
      userA,
      accounts.itemId,
      yearOf(accounts).filter((row) => row.date > '2026-02-28'),
    );
    finance.received.length = 0;
    await detection().detectForUser(userA);
    const second = await streamRows(userA);
    expect(second.map((row) => row.id)).toEqual(first.map((row) => row.id));
    expect(second.find((row) => row.merchant_key === 'oakwood properties')).toMatchObject({
      last_date: '2026-03-03',
      occurrences: 13,
    });
    expect(sentTo(userA)).toEqual(firstSent);
    expect(finance.withdrawn).toEqual([]);

    // Rent's rows gone (e.g. re-categorised away, or a sync replaced them): its stream goes, and finance is
    // told to withdraw its pending suggestion; the others keep their ids.
    const rentRows = await q(
      `DELETE FROM bs.bank_transactions WHERE user_id = $1 AND merchant_key = 'oakwood properties'
       RETURNING account_id, plaid_transaction_id, amount, to_char(date, 'YYYY-MM-DD') AS date, name, merchant_name, merchant_key, category`,
      [userA],
    );
    const rentKey = keyOf(userA, first[2]);
    const gone = await detection().detectForUser(userA);
    const third = await streamRows(userA);
    expect(third.map((row) => row.merchant_key)).toEqual(['acme', 'netflix']);
    expect(third.map((row) => row.id)).toEqual([first[0].id, first[1].id]);
    expect(gone.withdrawn).toEqual([rentKey]);
    expect(finance.withdrawn).toEqual([{ userId: userA, externalKeys: [rentKey] }]);

    // Rent comes back: a new row, but the same suggestion key, so finance's answer for it (a dismissal) holds.
    await insertTransactions(
      userA,
      accounts.itemId,
      rentRows.rows.map((row) => ({
        accountId: row.account_id,
        date: row.date,
        amount: Number(row.amount),
        name: row.name,
        merchantName: row.merchant_name,
        merchantKey: row.merchant_key,
        category: row.category,
      })),
    );
    finance.received.length = 0;
    await detection().detectForUser(userA);
    const fourth = await streamRows(userA);
    expect(fourth[2].id).not.toBe(first[2].id);
    expect(sentTo(userA).find(([, , name]) => name === 'Oakwood Properties')).toEqual([
      'bill',
      rentKey,
      'Oakwood Properties',
    ]);
  });

  it('keeps the suggestion keys when the bank is linked anew (new item and account rows), so finance keeps the answers', async () => {
    const before = await linkedAccounts(userA);
    await insertTransactions(userA, before.itemId, yearOf(before));
    await detection().detectForUser(userA);
    const firstKeys = sentTo(userA).map(([, key]) => key).sort();
    expect(firstKeys).toHaveLength(3);
    // Disconnect (rows go by cascade) and link the same bank again.
    await q(`DELETE FROM bs.plaid_items WHERE id = $1`, [before.itemId]);
    const after = await linkedAccounts(userA);
    expect(after.checking).not.toBe(before.checking);
    await insertTransactions(userA, after.itemId, yearOf(after));
    finance.received.length = 0;
    await detection().detectForUser(userA);
    expect(sentTo(userA).map(([, key]) => key).sort()).toEqual(firstKeys);
  });

  it('sends one suggestion per stream while the same bank is linked twice (before the duplicate cleanup)', async () => {
    const first = await linkedAccounts(userA);
    const second = await linkedAccounts(userA);
    await insertTransactions(userA, first.itemId, yearOf(first));
    await insertTransactions(userA, second.itemId, yearOf(second));
    await detection().detectForUser(userA);
    expect(await streamRows(userA)).toHaveLength(6);
    const keys = sentTo(userA).map(([, key]) => key);
    expect(new Set(keys).size).toBe(3);
    expect(keys).toHaveLength(3);
    // One link's streams going does not withdraw the suggestions the other link still carries.
    await q(`DELETE FROM bs.bank_transactions WHERE item_id = $1`, [first.itemId]);
    expect((await detection().detectForUser(userA)).withdrawn).toEqual([]);
    expect(finance.withdrawn).toEqual([]);
    expect(await streamRows(userA)).toHaveLength(3);
  });

  it("reads and replaces only that user's rows", async () => {
    const accountsA = await linkedAccounts(userA);
    const accountsB = await linkedAccounts(userB);
    await insertTransactions(userB, accountsB.itemId, yearOf(accountsB));
    await detection().detectForUser(userB);
    const before = await streamRows(userB);
    expect(before).toHaveLength(3);
    finance.received.length = 0;

    // userA has nothing recurring: a run for A finds nothing, sends nothing and leaves B alone.
    await insertTransactions(userA, accountsA.itemId, [
      {
        accountId: accountsA.checking,
        date: '2026-03-02',
        amount: 42,
        name: 'HARDWARE STORE',
        merchantKey: 'hardware store',
      },
    ]);
    const run = await detection().detectForUser(userA);
    expect(run.streams).toEqual([]);
    expect(await streamRows(userA)).toEqual([]);
    expect(await streamRows(userB)).toEqual(before);
    expect(finance.received).toEqual([]);
  });

  it("runs as the worker's 'detect-recurring' job", async () => {
    const accounts = await linkedAccounts(userA);
    await insertTransactions(userA, accounts.itemId, yearOf(accounts));
    worker = await createBankSyncWorker({ config: bank.config, clock, databaseSchema: bank.schema });
    await bank.app.get(JobProducer).enqueue('detect-recurring', { userId: userA });
    const deadline = Date.now() + 15_000;
    while (finance.received.length === 0 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await streamRows(userA)).map((row) => row.merchant_key)).toEqual([
      'acme',
      'netflix',
      'oakwood properties',
    ]);
    expect(sentTo(userA)).toHaveLength(3);
  });
  // Last: it stops the finance stand-in.
  it('stores the streams and returns at once when finance is not listening (no worker slot held)', async () => {
    await finance.close();
    const accounts = await linkedAccounts(userA);
    await insertTransactions(userA, accounts.itemId, yearOf(accounts));
    const started = Date.now();
    const run = await detection().detectForUser(userA);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(run).toMatchObject({ delivered: false, suggested: { bills: 0, income: 0 } });
    expect(await streamRows(userA)).toHaveLength(3);

    // A stream no longer found stays while its suggestion cannot be withdrawn: a later run does both.
    await q(`DELETE FROM bs.bank_transactions WHERE user_id = $1 AND merchant_key = 'netflix'`, [userA]);
    expect(await detection().detectForUser(userA)).toMatchObject({ delivered: false, withdrawn: [] });
    expect((await streamRows(userA)).map((row) => row.merchant_key)).toEqual([
      'acme',
      'netflix',
      'oakwood properties',
    ]);
  });
});
