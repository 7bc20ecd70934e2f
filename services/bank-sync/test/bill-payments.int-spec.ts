import { randomBytes } from 'node:crypto';
import { Controller, Module, type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  BILL_PAYMENTS_PATTERN,
  BillPaymentsMessageSchema,
  FINANCE_PATTERNS,
  UpsertSuggestionsMessageSchema,
  WithdrawSuggestionsMessageSchema,
  type BankSummaryReply,
  type BillPaymentsMessage,
  type BillPaymentsReply,
  type UpsertSuggestionsReply,
  type WithdrawSuggestionsReply,
} from '@paycadence/contracts';
import { redisTransportOptions } from '@paycadence/nest-kit';
import { startPrivateRedis, TEST_NOW, type PrivateRedis, type TestUser } from '@paycadence/nest-kit/testing';
import { BillPaymentsPublisher } from '../src/analytics/bill-payments.publisher.js';
import { DetectionService } from '../src/detection/detection.service.js';
import { startBankSyncKit, type BankSyncKit } from './support/bank-sync-kit.js';

// The recent payments out bank-sync pushes to finance (BILL_PAYMENTS_PATTERN), which marks bill occurrences
// paid from them. Banks are linked for real through the Plaid emulator (the custom sandbox user: exactly these
// transactions), imported into PostgreSQL, and sent over a real Redis transport to a finance stand-in that checks
// each message with the contract's schema. The clock stands at 2026-03-10 (TEST_NOW): the window starts 2025-12-25.
let redis: PrivateRedis;
let kit: BankSyncKit;
let finance: INestMicroservice;
const messages: BillPaymentsMessage[] = [];

@Controller()
class FinanceStandIn {
  @MessagePattern(BILL_PAYMENTS_PATTERN)
  store(@Payload() payload: unknown): BillPaymentsReply {
    messages.push(BillPaymentsMessageSchema.parse(payload));
    return { ok: true, stored: true };
  }

  @MessagePattern(FINANCE_PATTERNS.storeBankSummary)
  summary(): BankSummaryReply {
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
  messages.length = 0;
});

const q = (sql: string, params: unknown[] = []) => kit.h.db.query(sql.replaceAll('bs.', `"${kit.h.schema}".`), params);
const MONTHS = ['2025-11', '2025-12', '2026-01', '2026-02', '2026-03'];
const monthly = (day: string, amount: number, description: string) =>
  MONTHS.map((month) => ({ date_transacted: `${month}-${day}`, date_posted: `${month}-${day}`, amount, description, currency: 'USD' }));
const bank = (rent: number) => ({
  username: 'user_custom',
  password: JSON.stringify({
    override_accounts: [
      { type: 'depository', subtype: 'checking', starting_balance: 2000, transactions: [...monthly('06', -3000, 'ACME PAYROLL'), ...monthly('01', rent, 'OAKWOOD PROPERTY RENT ACH')] },
    ],
  }),
});

async function linkAndImport(user: TestUser, rent = 1200): Promise<string> {
  const itemId = await kit.link(user, bank(rent));
  await kit.syncNow(user.id, itemId);
  return itemId;
}

async function received(userId: string, count = 1, timeoutMs = 10_000): Promise<BillPaymentsMessage[]> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const mine = messages.filter((m) => m.userId === userId);
    if (mine.length >= count || Date.now() > until) return mine;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('BillPaymentsPublisher over the Redis transport', () => {
  it("sends the user's posted payments out of the last 75 days with detection's merchant key; no pay, no own transfers, nobody else's", async () => {
    const [user, other] = [await kit.h.auth.user(), await kit.h.auth.user()];
    const itemId = await linkAndImport(user);
    await linkAndImport(other, 999);
    const { rows } = await q(`SELECT id FROM bs.bank_accounts WHERE item_id = $1`, [itemId]);
    await q(
      `INSERT INTO bs.bank_transactions (user_id, item_id, account_id, plaid_transaction_id, amount, date, name, merchant_key, category, pending)
       VALUES ($1, $2, $3, $4, 500, '2026-02-20', 'TRANSFER TO SAVINGS', 'transfer to savings', ARRAY['Transfer', 'TRANSFER_OUT', 'TRANSFER_OUT_ACCOUNT_TRANSFER'], false)`,
      [user.id, itemId, rows[0].id, `tx-${randomBytes(8).toString('hex')}`],
    );

    expect(await kit.h.app.get(BillPaymentsPublisher).publish(user.id)).toBe('stored');
    const [message] = await received(user.id);
    expect(message!.computedAt).toBe(TEST_NOW);
    // Rent of 2026-01, -02 and -03 (2025-12-01 is before the window); newest first.
    expect(message!.transactions.map(({ id: _id, ...rest }) => rest)).toEqual(
      ['2026-03-01', '2026-02-01', '2026-01-01'].map((date) => ({ date, amountCents: 120_000, merchantKey: 'oakwood property rent', descriptionKey: 'oakwood property rent' })),
    );
  });

  it('after each detection run, and after the last bank is disconnected (an empty list)', async () => {
    const user = await kit.h.auth.user();
    const itemId = await linkAndImport(user);
    messages.length = 0;
    await kit.h.app.get(DetectionService).detectForUser(user.id);
    expect((await received(user.id))[0]!.transactions).toHaveLength(3);

    messages.length = 0;
    const removed = await kit.h.call('DELETE', `/disconnect/${itemId}`, { token: user.token, body: { userId: user.id } });
    expect(removed.status).toBeLessThan(300);
    expect((await received(user.id)).at(-1)!.transactions).toEqual([]);
  });
});
