import type { ClientProxy } from '@nestjs/microservices';
import {
  BANK_SYNC_MESSAGES,
  BANK_SYNC_PATTERNS,
  BankSuggestionsResponseSchema,
  FINANCE_PATTERNS,
  type FullSyncReply,
  type UpsertSuggestionsMessage,
} from '@paycadence/contracts';
import { createRedisClient } from '@paycadence/nest-kit';
import { startPrivateRedis, startServiceHarness, type PrivateRedis, type ServiceHarness } from '@paycadence/nest-kit/testing';
import { firstValueFrom, timeout } from 'rxjs';
// A test of the wire between two services needs both: the one place bank-sync loads finance's code.
// eslint-disable-next-line @nx/enforce-module-boundaries
import type { FinanceConfig } from '../../finance/src/config.js';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { serviceDefinition as financeDefinition } from '../../finance/src/service-definition.js';
import { DetectionService } from '../src/detection/detection.service.js';
import { streamSuggestionKey } from '../src/detection/suggestion-key.js';
import { startBankSyncKit, type BankSyncKit } from './support/bank-sync-kit.js';

// Both directions of the Redis transport between finance and bank-sync, both services real, on a Redis of
// this test's own (pub/sub ignores key prefixes). Finance trusts the same test token issuer as bank-sync, so
// one user signs in to both.
let kit: BankSyncKit;
let finance: ServiceHarness<FinanceConfig> | null;
let redis: PrivateRedis;
let client: ClientProxy;
const q = (sql: string, params: unknown[] = []) => kit.h.db.query(sql.replaceAll('bs.', `"${kit.h.schema}".`), params);

/** The externalKey detection gives a recurring_streams row: its account by what the bank shows of it. */
async function rowSuggestionKey(stream: { user_id: string; account_id: string; direction: string; merchant_key: string }): Promise<string> {
  const { rows: [account] } = await q(
    `SELECT coalesce(i.institution_id, i.institution_name) AS institution, a.mask, a.type, a.subtype, a.name
     FROM bs.bank_accounts a JOIN bs.plaid_items i ON i.id = a.item_id WHERE a.id = $1`,
    [stream.account_id],
  );
  return streamSuggestionKey({ userId: stream.user_id, account, direction: stream.direction, merchantKey: stream.merchant_key });
}

beforeAll(async () => {
  redis = await startPrivateRedis();
  kit = await startBankSyncKit({ env: { REDIS_URL: redis.url } });
  finance = await startServiceHarness(financeDefinition, {
    basePath: '/api/financial',
    redisUrl: redis.url,
    env: { AUTH_JWKS_URL: kit.h.auth.jwksUrl, BANK_SYNC_TIMEOUT_MS: '3000' },
  });
  client = createRedisClient(redis.url);
  await client.connect();
});
afterAll(async () => {
  await client?.close();
  await finance?.close();
  await kit?.close();
  await redis?.stop();
});
beforeEach(async () => {
  await kit.h.truncate();
  await finance?.truncate();
});

const ask = <T>(pattern: string, payload: unknown) => firstValueFrom(client.send<T>(pattern, payload).pipe(timeout(10_000)));

async function insertItem(userId: string, lastSyncedAt: string | null, status = 'active'): Promise<string> {
  const { rows } = await q(
    `INSERT INTO bs.plaid_items (user_id, plaid_item_id, access_token_sealed, institution_name, status, last_synced_at)
     VALUES ($1, gen_random_uuid()::text, 'v1.x', 'Tartan Bank', $2, $3) RETURNING id`,
    [userId, status, lastSyncedAt],
  );
  return rows[0].id;
}

describe(`${BANK_SYNC_PATTERNS.fullSync} (finance → bank-sync)`, () => {
  it("queues every active item of that user and answers the item count and the latest completed sync", async () => {
    const { h } = kit;
    const first = await insertItem(h.userA.id, '2026-03-09T08:00:00Z');
    const second = await insertItem(h.userA.id, '2026-03-10T09:30:00Z');
    const needsSignIn = await insertItem(h.userA.id, null, 'login_required');
    const others = await insertItem(h.userB.id, '2026-03-10T11:00:00Z');
    const reply = await ask<FullSyncReply>(BANK_SYNC_PATTERNS.fullSync, { userId: h.userA.id });
    expect(reply).toEqual({ ok: true, message: BANK_SYNC_MESSAGES.syncQueued, itemCount: 3, lastSyncedAt: '2026-03-10T09:30:00.000Z' });
    const states = Object.fromEntries((await q(`SELECT id, sync_state FROM bs.plaid_items`)).rows.map((r) => [r.id, r.sync_state]));
    expect(states).toEqual({ [first]: 'queued', [second]: 'queued', [needsSignIn]: 'idle', [others]: 'idle' });
  });

  it('answers not ok, saying the bank needs a new sign-in, when every linked bank waits for one', async () => {
    await insertItem(kit.h.userA.id, '2026-03-01T00:00:00Z', 'login_required');
    expect(await ask<FullSyncReply>(BANK_SYNC_PATTERNS.fullSync, { userId: kit.h.userA.id })).toEqual({
      ok: false,
      message: BANK_SYNC_MESSAGES.loginRequired,
      itemCount: 1,
      lastSyncedAt: '2026-03-01T00:00:00.000Z',
    });
  });

  it('answers itemCount 0 for a user without a bank, and the refusal for a malformed message', async () => {
    expect(await ask<FullSyncReply>(BANK_SYNC_PATTERNS.fullSync, { userId: kit.h.userA.id })).toEqual({
      ok: true,
      message: BANK_SYNC_MESSAGES.syncQueued,
      itemCount: 0,
      lastSyncedAt: null,
    });
    expect(await ask<FullSyncReply>(BANK_SYNC_PATTERNS.fullSync, { userId: 'not-a-uuid' })).toEqual({
      ok: false,
      code: 'VALIDATION',
      message: expect.any(String),
      errors: { userId: expect.any(String) },
    });
  });
});

describe("finance's POST /sync-bank-data against the real bank-sync", () => {
  it('queues the sync and answers the message and the last sync for the dashboard', async () => {
    const { h } = kit;
    const itemId = await insertItem(h.userA.id, '2026-03-10T09:30:00Z');
    const response = await finance!.call('POST', '/sync-bank-data', { token: h.userA.token });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, message: BANK_SYNC_MESSAGES.syncQueued, lastSyncedAt: '2026-03-10T09:30:00.000Z' });
    expect((await q(`SELECT sync_state FROM bs.plaid_items WHERE id = $1`, [itemId])).rows[0].sync_state).toBe('queued');
  });

  it('answers success false with the sign-in message when every linked bank needs a new sign-in', async () => {
    const { h } = kit;
    await insertItem(h.userA.id, '2026-03-01T00:00:00Z', 'login_required');
    const response = await finance!.call('POST', '/sync-bank-data', { token: h.userA.token });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: false, message: BANK_SYNC_MESSAGES.loginRequired, lastSyncedAt: '2026-03-01T00:00:00.000Z' });
  });

  it('answers the no-bank message when the user has linked nothing', async () => {
    const response = await finance!.call('POST', '/sync-bank-data', { token: kit.h.userB.token });
    expect(response.body).toEqual({ success: false, message: 'No bank account is connected yet. Connect one from Connected Accounts to import bills and income.', lastSyncedAt: null });
  });
});

describe('GET /suggestions/{userId} (bank-sync → finance)', () => {
  const detected = (userId: string): UpsertSuggestionsMessage => ({
    userId,
    bills: [
      { externalKey: 'stream-rent', name: 'Oakwood Rent', amount: 1450, category: 'rent', suggestedDueDate: '2026-04-01', confidence: 0.97 },
      { externalKey: 'stream-geico', name: 'Geico', amount: 412.5, category: 'insurance', recurring: 'quarterly', suggestedDueDate: '2026-05-15', confidence: 0.91 },
    ],
    income: [{ externalKey: 'stream-pay', source: 'ACME Payroll', amount: 2100, suggestedFrequency: 'biweekly', suggestedNextDate: '2026-03-20', confidence: 0.95 }],
  });

  it('answers the pending suggestions finance holds: accepted and dismissed ones never show', async () => {
    const { h } = kit;
    expect(await ask(FINANCE_PATTERNS.upsertSuggestions, detected(h.userA.id))).toEqual({ ok: true, bills: 2, income: 1 });
    await ask(FINANCE_PATTERNS.upsertSuggestions, detected(h.userB.id));
    const before = await h.call('GET', `/suggestions/${h.userA.id}`);
    expect(before.status).toBe(200);
    expect(BankSuggestionsResponseSchema.parse(before.body)).toEqual(before.body);
    expect(before.body.suggestions.bills.map((b: { name: string; recurring: string }) => [b.name, b.recurring])).toEqual([
      ['Oakwood Rent', 'monthly'],
      ['Geico', 'quarterly'],
    ]);
    const [rent] = before.body.suggestions.bills;
    const [pay] = before.body.suggestions.income;
    expect((await finance!.call('POST', `/dismiss-suggestion/${rent.id}`, { token: h.userA.token })).status).toBe(204);
    expect((await finance!.call('POST', `/accept-income/${pay.id}`, { token: h.userA.token })).status).toBe(201);

    const after = await h.call('GET', `/suggestions/${h.userA.id}`);
    expect(after.body).toEqual({ success: true, suggestions: { bills: [before.body.suggestions.bills[1]], income: [] } });
    // Detection sending the same streams again does not bring them back.
    await ask(FINANCE_PATTERNS.upsertSuggestions, detected(h.userA.id));
    expect((await h.call('GET', `/suggestions/${h.userA.id}`)).body).toEqual(after.body);
  });

  it('answers empty lists for a user with no suggestions', async () => {
    expect((await kit.h.call('GET', `/suggestions/${kit.h.userA.id}`)).body).toEqual({ success: true, suggestions: { bills: [], income: [] } });
  });

});

describe('disconnect and cleanup withdraw the suggestions of the streams that went (bank-sync → finance)', () => {
  async function arrangeStreamWithSuggestion(userId: string, itemCreatedAt: string, name: string) {
    const itemId = await insertItem(userId, null);
    await q(`UPDATE bs.plaid_items SET created_at = $2 WHERE id = $1`, [itemId, itemCreatedAt]);
    const { rows: [account] } = await q(
      `INSERT INTO bs.bank_accounts (user_id, item_id, plaid_account_id, name, mask, type, subtype) VALUES ($1, $2, gen_random_uuid()::text, 'Checking', '0000', 'depository', 'checking') RETURNING id`,
      [userId, itemId],
    );
    const { rows: [stream] } = await q(
      `INSERT INTO bs.recurring_streams (user_id, account_id, direction, merchant_key, name, category, frequency, confidence, occurrences, average_amount, last_amount, last_date, next_date)
       VALUES ($1, $2, 'outflow', $3, $3, 'utilities', 'monthly', 0.9, 4, 50, 50, '2026-02-20', '2026-03-20') RETURNING *`,
      [userId, account.id, name],
    );
    await ask(FINANCE_PATTERNS.upsertSuggestions, {
      userId,
      bills: [{ externalKey: await rowSuggestionKey(stream), name, amount: 50, category: 'utilities', suggestedDueDate: '2026-03-20', confidence: 0.9 }],
    });
    return itemId;
  }

  const pendingNames = async (userId: string) =>
    (await kit.h.call('GET', `/suggestions/${userId}`)).body.suggestions.bills.map((b: { name: string }) => b.name).sort();
  const eventually = async (check: () => Promise<boolean>) => {
    for (let i = 0; i < 100 && !(await check()); i++) await new Promise((resolve) => setTimeout(resolve, 50));
  };

  it('cleanup: the older copy goes with its stream and the pending suggestion finance held for it', async () => {
    const { h } = kit;
    await arrangeStreamWithSuggestion(h.userA.id, '2026-01-01T00:00:00Z', 'old power');
    await arrangeStreamWithSuggestion(h.userA.id, '2026-02-01T00:00:00Z', 'new power');
    expect(await pendingNames(h.userA.id)).toEqual(['new power', 'old power']);
    expect((await h.call('POST', `/cleanup-duplicates/${h.userA.id}`)).body).toEqual({ success: true, duplicatesRemoved: 1 });
    await eventually(async () => (await pendingNames(h.userA.id)).length === 1);
    expect(await pendingNames(h.userA.id)).toEqual(['new power']);
  });

  it('disconnect: the bank goes and so do the pending suggestions of its streams; other banks keep theirs', async () => {
    const { h } = kit;
    const custom = JSON.stringify({ override_accounts: [{ type: 'depository', subtype: 'savings', starting_balance: 10, transactions: [] }] });
    const linked = await kit.link(h.userA, { username: 'user_custom', password: custom });
    await arrangeStreamWithSuggestion(h.userA.id, '2026-02-01T00:00:00Z', 'kept power');
    const { rows: [account] } = await q(`SELECT id FROM bs.bank_accounts WHERE item_id = $1`, [linked]);
    const { rows: [stream] } = await q(
      `INSERT INTO bs.recurring_streams (user_id, account_id, direction, merchant_key, name, category, frequency, confidence, occurrences, average_amount, last_amount, last_date, next_date)
       VALUES ($1, $2, 'outflow', 'gym', 'Gym', 'other', 'monthly', 0.9, 4, 30, 30, '2026-02-20', '2026-03-20') RETURNING *`,
      [h.userA.id, account.id],
    );
    await ask(FINANCE_PATTERNS.upsertSuggestions, {
      userId: h.userA.id,
      bills: [{ externalKey: await rowSuggestionKey(stream), name: 'Gym', amount: 30, suggestedDueDate: '2026-03-20', confidence: 0.9 }],
    });
    expect(await pendingNames(h.userA.id)).toEqual(['Gym', 'kept power']);
    expect((await h.call('DELETE', `/disconnect/${linked}`, { body: { userId: h.userA.id } })).body).toEqual({ success: true });
    await eventually(async () => (await pendingNames(h.userA.id)).length === 1);
    expect(await pendingNames(h.userA.id)).toEqual(['kept power']);
  });
});

describe('detection → finance: a dismissed suggestion never comes back', () => {
  /** Monthly rent on the 3rd for a year up to the test's today (2026-03-10), on a fresh account of the user. */
  async function rentHistory(userId: string): Promise<{ accountId: string; itemId: string }> {
    const itemId = await insertItem(userId, null);
    const { rows: [account] } = await q(
      `INSERT INTO bs.bank_accounts (user_id, item_id, plaid_account_id, name, type) VALUES ($1, $2, gen_random_uuid()::text, 'Checking', 'depository') RETURNING id`,
      [userId, itemId],
    );
    for (let month = 0; month < 12; month += 1) {
      const date = new Date(Date.UTC(2025, 3 + month, 3)).toISOString().slice(0, 10);
      await q(
        `INSERT INTO bs.bank_transactions (user_id, item_id, account_id, plaid_transaction_id, amount, date, name, merchant_name, merchant_key, category)
         VALUES ($1, $2, $3, gen_random_uuid()::text, 1650, $4, 'OAKWOOD RENT', 'Oakwood Properties', 'oakwood properties', '{RENT_AND_UTILITIES}')`,
        [userId, itemId, account.id, date],
      );
    }
    return { accountId: account.id, itemId };
  }
  const pendingBills = async (userId: string) =>
    (await kit.h.call('GET', `/suggestions/${userId}`)).body.suggestions.bills as { id: string; name: string }[];

  it('stays dismissed when its stream disappears and is found again', async () => {
    const { h } = kit;
    const detection = h.app.get(DetectionService);
    await rentHistory(h.userA.id);
    await detection.detectForUser(h.userA.id);
    const [rent] = await pendingBills(h.userA.id);
    expect(rent.name).toBe('Oakwood Properties');
    expect((await finance!.call('POST', `/dismiss-suggestion/${rent.id}`, { token: h.userA.token })).status).toBe(204);

    // The rows go (and the stream with them), then come back: the stream's row is new, its key is not.
    const saved = await q(`DELETE FROM bs.bank_transactions WHERE user_id = $1 RETURNING *`, [h.userA.id]);
    expect((await detection.detectForUser(h.userA.id)).streams).toEqual([]);
    for (const row of saved.rows)
      await q(
        `INSERT INTO bs.bank_transactions (user_id, item_id, account_id, plaid_transaction_id, amount, date, name, merchant_name, merchant_key, category)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
        [row.user_id, row.item_id, row.account_id, row.plaid_transaction_id, row.amount, row.date, row.name, row.merchant_name, row.merchant_key, row.category],
      );
    expect((await detection.detectForUser(h.userA.id)).streams.map((s) => s.name)).toEqual(['Oakwood Properties']);
    expect(await pendingBills(h.userA.id)).toEqual([]);
  });

  it('withdraws the pending suggestion of a stream no longer found', async () => {
    const { h } = kit;
    const detection = h.app.get(DetectionService);
    const { accountId } = await rentHistory(h.userA.id);
    await detection.detectForUser(h.userA.id);
    expect((await pendingBills(h.userA.id)).map((b) => b.name)).toEqual(['Oakwood Properties']);
    await q(`DELETE FROM bs.bank_transactions WHERE account_id = $1`, [accountId]);
    await detection.detectForUser(h.userA.id);
    expect(await pendingBills(h.userA.id)).toEqual([]);
  });
});

describe('when finance is down', () => {
  // Last: stops finance.
  it('answers 503 with a clear message when finance does not answer', async () => {
    await finance!.close();
    finance = null;
    const response = await kit.h.call('GET', `/suggestions/${kit.h.userA.id}`);
    expect(response.status).toBe(503);
    expect(response.body).toEqual({ message: BANK_SYNC_MESSAGES.suggestionsUnavailable });
  }, 20_000);
});
