import { Controller, Module, type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { FINANCE_PATTERNS, UpsertSuggestionsMessageSchema, WithdrawSuggestionsMessageSchema, type UpsertSuggestionsReply, type WithdrawSuggestionsReply } from '@paycadence/contracts';
import { redisTransportOptions } from '@paycadence/nest-kit';
import { startPrivateRedis, type PrivateRedis } from '@paycadence/nest-kit/testing';
import { DetectionService } from '../src/detection/detection.service.js';
import { startBankSyncKit, type BankSyncKit } from './support/bank-sync-kit.js';

// A detected suggestion's life across disconnect and relink, against the Plaid emulator, real PostgreSQL and a
// finance stand-in on a private redis-server that keeps suggestions by externalKey as finance does: an upsert
// adds a pending one or updates it and leaves the user's answer alone; a withdrawal deletes only pending ones.
let redis: PrivateRedis;
let kit: BankSyncKit;
let finance: INestMicroservice;
const suggestions = new Map<string, { userId: string; name: string; status: 'pending' | 'dismissed' }>();
let failWithdrawals = false;

@Controller()
class FinanceSuggestions {
  @MessagePattern(FINANCE_PATTERNS.upsertSuggestions)
  upsert(@Payload() payload: unknown): UpsertSuggestionsReply {
    const message = UpsertSuggestionsMessageSchema.parse(payload);
    const entries = [...message.bills.map((bill) => [bill.externalKey, bill.name] as const), ...message.income.map((income) => [income.externalKey, income.source] as const)];
    for (const [key, name] of entries) suggestions.set(key, { userId: message.userId, name, status: suggestions.get(key)?.status ?? 'pending' });
    return { ok: true, bills: message.bills.length, income: message.income.length };
  }

  @MessagePattern(FINANCE_PATTERNS.withdrawSuggestions)
  withdraw(@Payload() payload: unknown): WithdrawSuggestionsReply {
    if (failWithdrawals) return { ok: false, message: 'database unavailable', errors: {} };
    const message = WithdrawSuggestionsMessageSchema.parse(payload);
    let withdrawn = 0;
    for (const key of message.externalKeys) {
      if (suggestions.get(key)?.status !== 'pending') continue;
      suggestions.delete(key);
      withdrawn += 1;
    }
    return { ok: true, withdrawn };
  }
}
@Module({ controllers: [FinanceSuggestions] })
class FinanceStandInModule {}

beforeAll(async () => {
  redis = await startPrivateRedis();
  finance = await NestFactory.createMicroservice(FinanceStandInModule, { ...redisTransportOptions(redis.url), logger: false });
  await finance.listen();
  kit = await startBankSyncKit({ redisUrl: redis.url });
}, 60_000);
afterAll(async () => {
  await kit?.close();
  await finance?.close();
  await redis?.stop();
});

const pending = (userId: string) => [...suggestions.entries()].filter(([, s]) => s.userId === userId && s.status === 'pending');

/** Monthly rent and a subscription for seven months: the same bank each time it is linked (Plaid's custom user). */
const monthly = (day: string, amount: number, description: string) =>
  ['2025-09', '2025-10', '2025-11', '2025-12', '2026-01', '2026-02', '2026-03'].map((month) => ({
    date_transacted: `${month}-${day}`,
    date_posted: `${month}-${day}`,
    amount,
    description,
    currency: 'USD',
  }));
const SAME_BANK = {
  username: 'user_custom',
  password: JSON.stringify({
    override_accounts: [
      {
        type: 'depository',
        subtype: 'checking',
        starting_balance: 5000,
        transactions: [...monthly('02', 1450, 'OAKWOOD PROPERTIES RENT'), ...monthly('05', 15.49, 'NETFLIX.COM')],
      },
    ],
  }),
};

/** Link the bank, import it and run detection: answers the item id. */
async function linkAndDetect(user: { id: string; token: string }): Promise<string> {
  const itemId = await kit.link(user, SAME_BANK);
  await kit.syncNow(user.id, itemId);
  await kit.h.app.get(DetectionService).detectForUser(user.id);
  return itemId;
}

describe('a dismissed suggestion', () => {
  it('stays dismissed after the bank is disconnected and linked again (new item and account rows)', async () => {
    const user = await kit.h.auth.user();
    const first = await linkAndDetect(user);
    const offered = pending(user.id);
    expect(offered.length).toBeGreaterThan(1);
    const [dismissedKey] = offered[0]!;
    suggestions.get(dismissedKey)!.status = 'dismissed';

    const disconnected = await kit.h.call('DELETE', `/disconnect/${first}`, { token: user.token, body: { userId: user.id } });
    expect(disconnected.status).toBe(200);
    // The disconnect withdrew the pending ones before answering; the user's dismissal stays.
    expect(pending(user.id)).toEqual([]);
    expect(suggestions.get(dismissedKey)?.status).toBe('dismissed');

    await linkAndDetect(user);
    const offeredAgain = pending(user.id).map(([key]) => key);
    expect(offeredAgain.sort()).toEqual(offered.slice(1).map(([key]) => key).sort());
    expect(offeredAgain).not.toContain(dismissedKey);
    expect(suggestions.get(dismissedKey)?.status).toBe('dismissed');
    // The stream itself is found again under the same key: it is the dismissal, not a stream gone missing,
    // that keeps it off the list.
    const redetected = await kit.h.app.get(DetectionService).detectForUser(user.id);
    expect(redetected.streams.map((stream) => stream.externalKey)).toContain(dismissedKey);
    expect(suggestions.get(dismissedKey)?.status).toBe('dismissed');
  });
});

describe('disconnect while finance cannot withdraw', () => {
  it('answers 503 and keeps the bank, its streams and the suggestions, so none is left pending for a bank that is gone', async () => {
    const user = await kit.h.auth.user();
    const itemId = await linkAndDetect(user);
    const offered = pending(user.id).map(([key]) => key);
    expect(offered.length).toBeGreaterThan(0);
    failWithdrawals = true;
    try {
      const refused = await kit.h.call('DELETE', `/disconnect/${itemId}`, { token: user.token, body: { userId: user.id } });
      expect(refused.status).toBe(503);
    } finally {
      failWithdrawals = false;
    }
    const { h } = kit;
    expect((await h.db.query(`SELECT 1 FROM "${h.schema}".plaid_items WHERE id = $1`, [itemId])).rowCount).toBe(1);
    expect((await h.db.query(`SELECT 1 FROM "${h.schema}".recurring_streams WHERE user_id = $1`, [user.id])).rowCount).toBeGreaterThan(0);
    // Plaid still has it (the withdrawal comes first), so a retry can finish the job.
    expect((await kit.plaid('/accounts/get', { access_token: await kit.accessToken(itemId) })).status).toBe(200);
    expect((await h.call('DELETE', `/disconnect/${itemId}`, { token: user.token, body: { userId: user.id } })).status).toBe(200);
    expect(pending(user.id)).toEqual([]);
  });
});
