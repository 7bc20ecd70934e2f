import type { ClientProxy } from '@nestjs/microservices';
import { FINANCE_PATTERNS, type BankSummaryMessage, type BankSummaryReply } from '@paycadence/contracts';
import { createRedisClient, fixedClock } from '@paycadence/nest-kit';
import { startPrivateRedis, startServiceHarness, type PrivateRedis, type ServiceHarness, type TestUser } from '@paycadence/nest-kit/testing';
import { firstValueFrom, timeout } from 'rxjs';
import type { FinanceConfig } from '../src/config.js';
import { serviceDefinition } from '../src/service-definition.js';

// The linked banks' figures arrive as bank-sync sends them: a real message over the Redis transport (a
// redis-server of this test's own), then the dashboard is read through HTTP as the browser reads it. The clock
// stands at Tuesday 2026-03-10; every dashboard below is read once before the message, so a stale cached answer
// would show (the message must bump the user's data version).
let h: ServiceHarness<FinanceConfig>;
let client: ClientProxy;
let redis: PrivateRedis;

beforeAll(async () => {
  redis = await startPrivateRedis();
  h = await startServiceHarness(serviceDefinition, { basePath: '/api/financial', callAs: 'userA', redisUrl: redis.url, clock: fixedClock('2026-03-10') });
  client = createRedisClient(h.config.REDIS_URL);
  await client.connect();
});
afterAll(async () => {
  await client?.close();
  await h?.close();
  await redis?.stop();
});
beforeEach(() => h.truncate());

const send = (payload: unknown) => firstValueFrom(client.send<BankSummaryReply>(FINANCE_PATTERNS.storeBankSummary, payload).pipe(timeout(10_000)));

const summaryFor = (user: TestUser, figures: Partial<BankSummaryMessage> = {}): BankSummaryMessage => ({
  userId: user.id,
  monthlyIncomeCents: 400_000,
  savingsRatePercent: 6.5,
  computedAt: '2026-03-10T06:00:00.000Z',
  ...figures,
});

async function dashboard(user: TestUser = h.userA) {
  const response = await h.call('GET', '/dashboard-with-insights', { token: user.token });
  expect(response.status).toBe(200);
  return response.body as { summary: { monthlyIncomeCents: number; spendingBalanceCents: number; savingsRatePercent: number }; tips: { id: string; message: string }[] };
}
const tipIds = (d: Awaited<ReturnType<typeof dashboard>>) => d.tips.map((t) => t.id);

async function addRent(user: TestUser = h.userA) {
  const rent = await h.call('POST', '/bills', { token: user.token, body: { name: 'Rent', amount: 1200, due_date: '2026-03-20', category: 'rent' } });
  expect(rent.status).toBe(201);
}

const storedRows = async () =>
  (await h.db.query(`SELECT user_id, monthly_income_cents::text AS income, savings_rate_percent AS rate FROM "${h.schema}".bank_summaries ORDER BY user_id`)).rows;

describe(`Redis message ${FINANCE_PATTERNS.storeBankSummary}`, () => {
  it("gives a user without income sources the bank's monthly income, and a savings rate under 10% gives the savings tip", async () => {
    await addRent();
    const before = await dashboard();
    expect(before.summary).toMatchObject({ monthlyIncomeCents: 0, spendingBalanceCents: -120_000 });
    expect(tipIds(before)).not.toContain('low-savings-rate');

    expect(await send(summaryFor(h.userA))).toEqual({ ok: true, stored: true });

    const after = await dashboard();
    // docs/product/signed-in.md §9: income 0 → the analytics' monthly income (4000.00); balance 4000.00 - 1200.00.
    expect(after.summary).toMatchObject({ monthlyIncomeCents: 400_000, spendingBalanceCents: 280_000 });
    // docs/product/signed-in.md §5: the bank analytics' savings rate (6.5%) drives the savings tip, not the 70% the bills leave.
    expect(after.tips.find((t) => t.id === 'low-savings-rate')?.message).toBe(
      'Your bank history shows you keep 6.5% of your income. Try to save at least 10% of each paycheck.',
    );
    expect(tipIds(after)).not.toContain('deficit');
  });

  it("keeps the user's own income but uses the bank's savings rate for the tips (20% or more: success)", async () => {
    await h.call('POST', '/income', { body: { source: 'Salary', amount: 3000, frequency: 'monthly', next_date: '2026-03-13' } });
    await addRent();
    // Without the bank's figures, the bills' share of income (40%), never a savings rate the plan cannot know.
    expect(tipIds(await dashboard())).toContain('bills-share');
    expect(tipIds(await dashboard())).not.toContain('strong-savings-rate');

    await send(summaryFor(h.userA, { monthlyIncomeCents: 999_900, savingsRatePercent: 4 }));
    const low = await dashboard();
    expect(low.summary.monthlyIncomeCents).toBe(300_000); // own income is not 0: no fallback
    expect(tipIds(low)).toContain('low-savings-rate');
    expect(tipIds(low)).not.toContain('strong-savings-rate');

    await send(summaryFor(h.userA, { savingsRatePercent: 25, computedAt: '2026-03-10T07:00:00.000Z' }));
    expect((await dashboard()).tips.find((t) => t.id === 'strong-savings-rate')?.message).toBe('Your bank history shows you keep 25% of your income. Keep it up!');
  });

  it("leaves another user's dashboard alone", async () => {
    await addRent(h.userB);
    const userBBefore = await dashboard(h.userB);
    await send(summaryFor(h.userA));
    expect(await dashboard(h.userB)).toEqual(userBBefore);
    expect((await dashboard(h.userB)).summary.monthlyIncomeCents).toBe(0);
    expect((await storedRows()).map((r) => r.user_id)).toEqual([h.userA.id]);
  });

  it('a clear (null figures) stops the dashboard using the bank figures', async () => {
    await addRent();
    await send(summaryFor(h.userA));
    expect((await dashboard()).summary.monthlyIncomeCents).toBe(400_000);

    expect(await send(summaryFor(h.userA, { monthlyIncomeCents: null, savingsRatePercent: null, computedAt: '2026-03-10T07:00:00.000Z' }))).toEqual({ ok: true, stored: true });
    const cleared = await dashboard();
    expect(cleared.summary).toMatchObject({ monthlyIncomeCents: 0, spendingBalanceCents: -120_000 });
    expect(tipIds(cleared)).not.toContain('low-savings-rate');
  });

  it('ignores a summary computed before the stored one (a late run cannot undo a clear)', async () => {
    await addRent();
    await send(summaryFor(h.userA, { monthlyIncomeCents: null, savingsRatePercent: null, computedAt: '2026-03-10T07:00:00.000Z' }));
    expect(await send(summaryFor(h.userA, { computedAt: '2026-03-10T06:59:59.000Z' }))).toEqual({ ok: true, stored: false });
    expect((await dashboard()).summary.monthlyIncomeCents).toBe(0);
    expect(await storedRows()).toEqual([{ user_id: h.userA.id, income: null, rate: null }]);
  });

  it('a resend of the same figures keeps the data version (the cached dashboard stays valid)', async () => {
    await send(summaryFor(h.userA));
    const version = async () => (await h.db.query(`SELECT version FROM "${h.schema}".data_versions WHERE user_id = $1`, [h.userA.id])).rows[0]?.version;
    const first = await version();
    expect(first).toBeDefined();
    await send(summaryFor(h.userA, { computedAt: '2026-03-10T08:00:00.000Z' }));
    expect(await version()).toBe(first);
    await send(summaryFor(h.userA, { savingsRatePercent: 7, computedAt: '2026-03-10T09:00:00.000Z' }));
    expect(await version()).not.toBe(first);
  });

  it('answers a bad message with the field errors and stores nothing', async () => {
    await addRent();
    const before = await dashboard();
    const reply = await send({ userId: h.userA.id, monthlyIncomeCents: -5, savingsRatePercent: 'low', computedAt: '2026-03-10' });
    expect(reply).toEqual({
      ok: false,
      code: 'VALIDATION',
      message: 'monthlyIncomeCents cannot be negative',
      errors: {
        monthlyIncomeCents: 'monthlyIncomeCents cannot be negative',
        savingsRatePercent: 'savingsRatePercent must be a number or null',
        computedAt: 'computedAt must be an ISO date-time',
      },
    });
    expect(await storedRows()).toEqual([]);
    expect(await dashboard()).toEqual(before);
  });
});
