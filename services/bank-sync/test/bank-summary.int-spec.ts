import { randomBytes } from 'node:crypto';
import { Controller, Module, type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  BankSummaryMessageSchema,
  FINANCE_PATTERNS,
  UpsertSuggestionsMessageSchema,
  WithdrawSuggestionsMessageSchema,
  type BankSummaryMessage,
  type BankSummaryReply,
  type UpsertSuggestionsReply,
  type WithdrawSuggestionsReply,
} from '@paycadence/contracts';
import { redisTransportOptions } from '@paycadence/nest-kit';
import { startPrivateRedis, TEST_NOW, type PrivateRedis, type TestUser } from '@paycadence/nest-kit/testing';
import { BankSummaryPublisher } from '../src/analytics/bank-summary.publisher.js';
import { DetectionService } from '../src/detection/detection.service.js';
import { startBankSyncKit, type BankSyncKit } from './support/bank-sync-kit.js';

// The bank summary bank-sync pushes to finance's dashboard (FINANCE_PATTERNS.storeBankSummary), from banks linked
// for real through the Plaid emulator (Plaid's custom sandbox user: exactly these transactions) and imported into
// PostgreSQL, sent over a real Redis transport (a redis-server of this test's own) to finance's side played by a
// Nest microservice that checks each message with finance's own schema. The clock stands at 2026-03-10 (TEST_NOW):
// the analytics window is 2025-10 .. 2026-03, the last complete months are 2025-12, 2026-01 and 2026-02.
let redis: PrivateRedis;
let kit: BankSyncKit;
let finance: INestMicroservice;
const summaries: BankSummaryMessage[] = [];

@Controller()
class FinanceStandIn {
  @MessagePattern(FINANCE_PATTERNS.storeBankSummary)
  store(@Payload() payload: unknown): BankSummaryReply {
    summaries.push(BankSummaryMessageSchema.parse(payload));
    return { ok: true, stored: true };
  }

  @MessagePattern(FINANCE_PATTERNS.upsertSuggestions)
  upsert(@Payload() payload: unknown): UpsertSuggestionsReply {
    const message = UpsertSuggestionsMessageSchema.parse(payload);
    return { ok: true, bills: message.bills.length, income: message.income.length };
  }

  @MessagePattern(FINANCE_PATTERNS.withdrawSuggestions)
  withdraw(@Payload() payload: unknown): WithdrawSuggestionsReply {
    return { ok: true, withdrawn: WithdrawSuggestionsMessageSchema.parse(payload).externalKeys.length };
  }
}
@Module({ controllers: [FinanceStandIn] })
class FinanceStandInModule {}

beforeAll(async () => {
  redis = await startPrivateRedis();
  finance = await NestFactory.createMicroservice(FinanceStandInModule, { ...redisTransportOptions(redis.url), logger: false });
  await finance.listen();
  kit = await startBankSyncKit({ env: { REDIS_URL: redis.url } });
}, 60_000);
afterAll(async () => {
  await kit?.close();
  await finance?.close();
  await redis?.stop();
});
beforeEach(() => {
  summaries.length = 0;
});

const q = (sql: string, params: unknown[] = []) => kit.h.db.query(sql.replaceAll('bs.', `"${kit.h.schema}".`), params);
const MONTHS = ['2025-10', '2025-11', '2025-12', '2026-01', '2026-02', '2026-03'];
const monthly = (day: string, amount: number, description: string) =>
  MONTHS.map((month) => ({ date_transacted: `${month}-${day}`, date_posted: `${month}-${day}`, amount, description, currency: 'USD' }));
/** Pay of 3000.00 on the 6th and rent of 1200.00 on the 1st, every month of the window (Plaid's sign: in is negative). */
const bank = (pay: number, rent: number) => ({
  username: 'user_custom',
  password: JSON.stringify({
    override_accounts: [
      { type: 'depository', subtype: 'checking', starting_balance: 2000, transactions: [...monthly('06', -pay, 'ACME PAYROLL'), ...monthly('01', rent, 'OAKWOOD RENT')] },
    ],
  }),
});

async function linkAndImport(user: TestUser, pay = 3000, rent = 1200): Promise<string> {
  const itemId = await kit.link(user, bank(pay, rent));
  await kit.syncNow(user.id, itemId);
  return itemId;
}

/** The messages finance received for this user, once at least `count` have come (a disconnect does not wait for them). */
async function received(userId: string, count = 1, timeoutMs = 10_000): Promise<BankSummaryMessage[]> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const mine = summaries.filter((s) => s.userId === userId);
    if (mine.length >= count || Date.now() > until) return mine;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('BankSummaryPublisher over the Redis transport', () => {
  it("sends the average income of the last 3 complete months (own transfers excluded) and the analytics' savings rate", async () => {
    const user = await kit.h.auth.user();
    const itemId = await linkAndImport(user);
    // Money moved in from the user's own savings in January: a transfer, not income.
    const { rows } = await q(`SELECT id FROM bs.bank_accounts WHERE item_id = $1`, [itemId]);
    await q(
      `INSERT INTO bs.bank_transactions (user_id, item_id, account_id, plaid_transaction_id, amount, date, name, merchant_key, category, pending)
       VALUES ($1, $2, $3, $4, -5000, '2026-01-20', 'TRANSFER FROM SAVINGS', 'transfer from savings', ARRAY['Transfer', 'TRANSFER_IN', 'TRANSFER_IN_ACCOUNT_TRANSFER'], false)`,
      [user.id, itemId, rows[0].id, `tx-${randomBytes(8).toString('hex')}`],
    );

    expect(await kit.h.app.get(BankSummaryPublisher).publish(user.id)).toBe('stored');
    const analytics = await kit.h.call('GET', `/analytics/${user.id}`, { token: user.token });
    // 6 x 3000.00 in, 6 x 1200.00 out: 60% kept, the rate the Financial Analytics tab shows.
    expect(analytics.body.analytics.savings.rate).toBe(60);
    expect(await received(user.id)).toEqual([{ userId: user.id, monthlyIncomeCents: 300_000, savingsRatePercent: 60, cashBalanceCents: 200_000, computedAt: TEST_NOW }]);
  });

  it("leaves other users' figures out of a user's summary", async () => {
    const [rich, modest] = [await kit.h.auth.user(), await kit.h.auth.user()];
    await linkAndImport(rich, 9000, 1000);
    await linkAndImport(modest, 2000, 1900);
    await kit.h.app.get(BankSummaryPublisher).publish(modest.id);
    expect(await received(modest.id)).toEqual([{ userId: modest.id, monthlyIncomeCents: 200_000, savingsRatePercent: 5, cashBalanceCents: 200_000, computedAt: TEST_NOW }]);
    expect(await received(rich.id, 0)).toEqual([]);
  });
});

describe('the spendable balance (safe to spend until payday)', () => {
  it('sums the checking accounts at their available balance; savings and cards are not spendable money', async () => {
    const user = await kit.h.auth.user();
    const itemId = await kit.link(user, {
      username: 'user_custom',
      password: JSON.stringify({
        override_accounts: [
          { type: 'depository', subtype: 'checking', starting_balance: 1234.56, transactions: monthly('06', -3000, 'ACME PAYROLL') },
          { type: 'depository', subtype: 'savings', starting_balance: 5000, transactions: [] },
          { type: 'credit', subtype: 'credit card', starting_balance: 300, transactions: [] },
        ],
      }),
    });
    await kit.syncNow(user.id, itemId);
    // The bank then reports less available than current on the checking account (a pending card payment).
    await q(`UPDATE bs.bank_accounts SET available_balance = 1100.01 WHERE item_id = $1 AND subtype = 'checking'`, [itemId]);
    await kit.h.app.get(BankSummaryPublisher).publish(user.id);
    expect((await received(user.id))[0]).toMatchObject({ cashBalanceCents: 110_001 });
  });
});

describe('when bank-sync publishes', () => {
  it('after each detection run', async () => {
    const user = await kit.h.auth.user();
    await linkAndImport(user);
    await kit.h.app.get(DetectionService).detectForUser(user.id);
    expect(await received(user.id)).toEqual([{ userId: user.id, monthlyIncomeCents: 300_000, savingsRatePercent: 60, cashBalanceCents: 200_000, computedAt: TEST_NOW }]);
  });

  it("after a disconnect: the remaining bank's figures, then the clear (null figures) when the last bank goes", async () => {
    const user = await kit.h.auth.user();
    const first = await linkAndImport(user, 3000, 1200);
    const second = await linkAndImport(user, 1000, 200);
    const disconnect = (itemId: string) => kit.h.call('DELETE', `/disconnect/${itemId}`, { token: user.token, body: { userId: user.id } });

    expect((await disconnect(first)).status).toBe(200);
    // Only the second bank's rows are left: 1000.00 a month in, 200.00 out, 80% kept.
    expect(await received(user.id, 1)).toEqual([{ userId: user.id, monthlyIncomeCents: 100_000, savingsRatePercent: 80, cashBalanceCents: 200_000, computedAt: TEST_NOW }]);

    expect((await disconnect(second)).status).toBe(200);
    expect((await received(user.id, 2))[1]).toEqual({ userId: user.id, monthlyIncomeCents: null, savingsRatePercent: null, cashBalanceCents: null, computedAt: TEST_NOW });
  });
});
