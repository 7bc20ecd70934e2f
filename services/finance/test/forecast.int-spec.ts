import type { ClientProxy } from '@nestjs/microservices';
import { FINANCE_PATTERNS, ForecastSchema, type BankSummaryReply, type ForecastDto } from '@paycadence/contracts';
import { createRedisClient, fixedClock } from '@paycadence/nest-kit';
import { startPrivateRedis, startServiceHarness, type PrivateRedis, type ServiceHarness, type TestUser } from '@paycadence/nest-kit/testing';
import { firstValueFrom, timeout } from 'rxjs';
import type { FinanceConfig } from '../src/config.js';
import { serviceDefinition } from '../src/service-definition.js';

// Safe to spend and the low-balance warning through HTTP as the browser reads them: the low-balance threshold (own row only, validated),
// and the dashboard's forecast computed from the user's bills, income, threshold and bank balance. The clock stands
// at Saturday 2026-11-28; every dashboard is read before each change too, so a stale cached answer would show.
let h: ServiceHarness<FinanceConfig>;
let client: ClientProxy;
let redis: PrivateRedis;

beforeAll(async () => {
  redis = await startPrivateRedis();
  h = await startServiceHarness(serviceDefinition, { basePath: '/api/financial', callAs: 'userA', redisUrl: redis.url, clock: fixedClock('2026-11-28') });
  client = createRedisClient(h.config.REDIS_URL);
  await client.connect();
});
afterAll(async () => {
  await client?.close();
  await h?.close();
  await redis?.stop();
});
beforeEach(() => h.truncate());

async function forecast(user: TestUser = h.userA): Promise<ForecastDto> {
  const response = await h.call('GET', '/dashboard-with-insights', { token: user.token });
  expect(response.status).toBe(200);
  return ForecastSchema.parse((response.body as { forecast: unknown }).forecast);
}

async function setUp(user: TestUser = h.userA) {
  const token = user.token;
  expect((await h.call('POST', '/income', { token, body: { source: 'Teaching salary', amount: 2400, frequency: 'monthly', next_date: '2026-12-01' } })).status).toBe(201);
  expect((await h.call('POST', '/bills', { token, body: { name: 'Rent', amount: 1450, due_date: '2026-11-29', category: 'rent', priority: 'high' } })).status).toBe(201);
  expect((await h.call('POST', '/bills', { token, body: { name: 'Phone', amount: 60, due_date: '2026-11-30', category: 'utilities', priority: 'low' } })).status).toBe(201);
}

const setThreshold = (body: unknown, user: TestUser = h.userA) => h.call('PUT', '/forecast-settings', { token: user.token, body });

describe('GET/PUT /api/financial/forecast-settings', () => {
  it('answers 0 until set, then the stored threshold', async () => {
    expect((await h.call('GET', '/forecast-settings')).body).toEqual({ lowBalanceThresholdCents: 0 });
    const put = await setThreshold({ lowBalanceThresholdCents: 25_000 });
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ lowBalanceThresholdCents: 25_000 });
    expect((await h.call('GET', '/forecast-settings')).body).toEqual({ lowBalanceThresholdCents: 25_000 });
  });

  it.each([
    [{ lowBalanceThresholdCents: -1 }, 'The low-balance threshold cannot be negative'],
    [{ lowBalanceThresholdCents: 10.5 }, 'The low-balance threshold must be a whole number of cents'],
    [{ lowBalanceThresholdCents: 10_000_001 }, 'The low-balance threshold must be at most $100,000.00'],
    [{ lowBalanceThresholdCents: '100' }, 'Enter a low-balance threshold in whole cents (0 means warn below zero)'],
    [{}, 'Enter a low-balance threshold in whole cents (0 means warn below zero)'],
  ])('refuses %j with a 400 naming the problem, and keeps the old value', async (body, message) => {
    await setThreshold({ lowBalanceThresholdCents: 1_000 });
    const response = await setThreshold(body);
    expect(response.status).toBe(400);
    expect(JSON.stringify(response.body)).toContain(message);
    expect(JSON.stringify(response.body)).not.toMatch(/at .*\.js|SELECT|INSERT/);
    expect((await h.call('GET', '/forecast-settings')).body).toEqual({ lowBalanceThresholdCents: 1_000 });
  });

  it('refuses unknown keys (no user id can be smuggled in)', async () => {
    const response = await setThreshold({ lowBalanceThresholdCents: 100, userId: h.userB.id });
    expect(response.status).toBe(400);
    expect((await h.call('GET', '/forecast-settings', { token: h.userB.token })).body).toEqual({ lowBalanceThresholdCents: 0 });
  });

  it("another user can neither read nor change someone's threshold: each reads and writes only their own", async () => {
    await setThreshold({ lowBalanceThresholdCents: 50_000 }, h.userA);
    expect((await h.call('GET', '/forecast-settings', { token: h.userB.token })).body).toEqual({ lowBalanceThresholdCents: 0 });
    await setThreshold({ lowBalanceThresholdCents: 7_000 }, h.userB);
    expect((await h.call('GET', '/forecast-settings', { token: h.userA.token })).body).toEqual({ lowBalanceThresholdCents: 50_000 });
    expect((await h.call('GET', '/forecast-settings', { token: h.userB.token })).body).toEqual({ lowBalanceThresholdCents: 7_000 });
  });

  it('needs a signed-in user', async () => {
    expect((await h.call('GET', '/forecast-settings', { token: null })).status).toBe(401);
    expect((await h.call('PUT', '/forecast-settings', { token: null, body: { lowBalanceThresholdCents: 1 } })).status).toBe(401);
  });
});

describe('the dashboard forecast', () => {
  it("from the user's own figures: the last paycheck, minus the bills due before the next one", async () => {
    await setUp();
    const f = await forecast();
    // Monthly on the 1st: the last paycheck was due Sunday 11/1 and so paid Friday 10/30; the phone, due on the 30th
    // every month, was due that day too (before the 11/30 the user entered), so it came out of that paycheck.
    expect(f.safeToSpend.base).toMatchObject({ kind: 'last-paycheck', totalCents: 240_000, paidSinceCents: 6_000, owedCents: 0 });
    expect(f.safeToSpend.base.kind === 'last-paycheck' && f.safeToSpend.base.paychecks[0]!.date).toBe('2026-10-30');
    expect(f.safeToSpend).toMatchObject({ nextPayday: { date: '2026-12-01' }, billsTotalCents: 151_000, amountCents: 83_000 });
    // Rent on its due date, Sunday 11/29 (no business day is left before it); Phone on Monday 11/30, the schedule's
    // business day (its lead days are past).
    expect(f.safeToSpend.bills.map((b) => [b.billName, b.date, b.dueDate])).toEqual([
      ['Rent', '2026-11-29', '2026-11-29'],
      ['Phone', '2026-11-30', '2026-11-30'],
    ]);
    expect(f.days).toHaveLength(31);
    expect(f.warning).toBeNull();
    expect(f.bankBalanceAsOf).toBeNull();
  });

  it('a new threshold is in the next dashboard (the cached one is not served)', async () => {
    await setUp();
    expect((await forecast()).warning).toBeNull();
    await setThreshold({ lowBalanceThresholdCents: 100_000 });
    const f = await forecast();
    expect(f.thresholdCents).toBe(100_000);
    // 234,000 this morning - 145,000 on 11/29 = 89,000, then - 6,000 on 11/30 = 83,000: $170.00 below $1,000.00 until the paycheck.
    expect(f.warning).toMatchObject({ date: '2026-11-29', balanceCents: 89_000, lowestDate: '2026-11-30', shortfallCents: 17_000 });
    expect(f.warning?.suggestion).toMatchObject({ billName: 'Rent', toDate: '2026-12-01', fixes: true });
    // Another user's dashboard is untouched.
    expect((await forecast(h.userB)).thresholdCents).toBe(0);
  });

  it('adding a large bill makes the warning appear, naming the day and the amount', async () => {
    await setUp();
    expect((await forecast()).warning).toBeNull();
    await h.call('POST', '/bills', { body: { name: 'Car repair', amount: 1200, due_date: '2026-11-30', category: 'other', recurring: 'once' } });
    const f = await forecast();
    expect(f.safeToSpend.amountCents).toBe(83_000 - 120_000);
    // Due 11/30, it is scheduled for Monday 11/30 with the phone.
    expect(f.warning).toMatchObject({ date: '2026-11-30', balanceCents: -37_000, shortfallCents: 37_000 });
  });

  it("from the linked bank's balance once bank-sync sends it", async () => {
    await setUp();
    expect((await forecast()).safeToSpend.base.kind).toBe('last-paycheck');
    const reply = await firstValueFrom(
      client
        .send<BankSummaryReply>(FINANCE_PATTERNS.storeBankSummary, {
          userId: h.userA.id,
          monthlyIncomeCents: 240_000,
          savingsRatePercent: 10,
          cashBalanceCents: 214_000,
          computedAt: '2026-11-28T06:00:00.000Z',
        })
        .pipe(timeout(10_000)),
    );
    expect(reply).toEqual({ ok: true, stored: true });
    const f = await forecast();
    expect(f.safeToSpend).toMatchObject({ base: { kind: 'bank', balanceCents: 214_000 }, amountCents: 63_000 });
    expect(f.bankBalanceAsOf).toBe('2026-11-28T06:00:00.000Z');
  });

  it('a bill marked paid is in the bank balance already: left out of what is still to pay', async () => {
    await setUp();
    await firstValueFrom(
      client
        .send<BankSummaryReply>(FINANCE_PATTERNS.storeBankSummary, {
          userId: h.userA.id, monthlyIncomeCents: null, savingsRatePercent: null, cashBalanceCents: 214_000, computedAt: '2026-11-28T06:00:00.000Z',
        })
        .pipe(timeout(10_000)),
    );
    expect((await forecast()).safeToSpend.amountCents).toBe(63_000);
    const rent = ((await h.call('GET', '/bills')).body as Array<{ id: string; name: string }>).find((b) => b.name === 'Rent')!;
    expect((await h.call('POST', `/bill-status/${rent.id}/2026-11-29`)).status).toBe(201);
    const f = await forecast();
    expect(f.safeToSpend.bills.map((b) => b.billName)).toEqual(['Phone']);
    expect(f.safeToSpend.amountCents).toBe(214_000 - 6_000);
  });

  it('a balance read days ago: a bill that fell due since is taken off it too', async () => {
    const token = h.userB.token;
    await setUp(h.userB);
    expect((await h.call('POST', '/bills', { token, body: { name: 'Gym', amount: 40, due_date: '2026-11-26', category: 'other' } })).status).toBe(201);
    const message = { userId: h.userB.id, monthlyIncomeCents: null, savingsRatePercent: null, cashBalanceCents: 214_000, computedAt: '2026-11-25T06:00:00.000Z' };
    expect(await firstValueFrom(client.send<BankSummaryReply>(FINANCE_PATTERNS.storeBankSummary, message).pipe(timeout(10_000)))).toEqual({ ok: true, stored: true });
    const f = await forecast(h.userB);
    // Gym was due 11/26, after the balance was read on 11/25.
    expect(f.safeToSpend.base).toMatchObject({ kind: 'bank', balanceCents: 214_000, paidSinceCents: 4_000 });
    expect(f.safeToSpend.amountCents).toBe(214_000 - 4_000 - 151_000);
  });
});
