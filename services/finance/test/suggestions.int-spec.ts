import type { ClientProxy } from '@nestjs/microservices';
import { FINANCE_MESSAGES, FINANCE_PATTERNS, type SuggestionsResponse, type UpsertSuggestionsMessage, type UpsertSuggestionsReply } from '@paycadence/contracts';
import { createRedisClient } from '@paycadence/nest-kit';
import { firstValueFrom, timeout } from 'rxjs';
import { startPrivateRedis, startServiceHarness, type PrivateRedis, type ServiceHarness } from '@paycadence/nest-kit/testing';
import type { FinanceConfig } from '../src/config.js';
import { serviceDefinition } from '../src/service-definition.js';

// Suggestions arrive the way bank-sync will send them: a real message over the Redis transport, on a
// redis-server of this test's own (see nest-kit's startPrivateRedis for why not the shared one).
let h: ServiceHarness<FinanceConfig>;
let client: ClientProxy;
let redis: PrivateRedis;

beforeAll(async () => {
  redis = await startPrivateRedis();
  h = await startServiceHarness(serviceDefinition, { basePath: '/api/financial', callAs: 'userA', redisUrl: redis.url });
  client = createRedisClient(h.config.REDIS_URL);
  await client.connect();
});
afterAll(async () => {
  await client?.close();
  await h?.close();
  await redis?.stop();
});
beforeEach(() => h.truncate());

const send = (payload: unknown) =>
  firstValueFrom(client.send<UpsertSuggestionsReply>(FINANCE_PATTERNS.upsertSuggestions, payload).pipe(timeout(10_000)));

function detected(userId: string): UpsertSuggestionsMessage {
  return {
    userId,
    bills: [
      { externalKey: 'stream-netflix', name: 'Netflix', amount: 15.49, category: 'subscriptions', suggestedDueDate: '2026-03-22', transactionDate: '2026-02-22', confidence: 0.95 },
      { externalKey: 'stream-power', name: 'City Power', amount: 88.1, category: 'utilities', suggestedDueDate: '2026-03-18', confidence: 0.72 },
    ],
    income: [
      { externalKey: 'stream-payroll', source: 'ACME Payroll', amount: 2100, suggestedFrequency: 'biweekly', suggestedNextDate: '2026-03-13', transactionDate: '2026-02-27', confidence: 0.9 },
    ],
  };
}

const suggestionRows = async () =>
  (await h.db.query(`SELECT user_id, kind, external_key, name, amount::text AS amount, status FROM "${h.schema}".suggestions ORDER BY external_key`)).rows;

describe(`Redis message ${FINANCE_PATTERNS.upsertSuggestions}`, () => {
  it('stores the suggestions for that user and GET /suggestions answers {bills, income}', async () => {
    expect(await send(detected(h.userA.id))).toEqual({ ok: true, bills: 2, income: 1 });
    const response = await h.call('GET', '/suggestions');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      bills: [
        { id: expect.any(String), name: 'Netflix', amount: 15.49, category: 'subscriptions', suggestedDueDate: '2026-03-22', transactionDate: '2026-02-22', confidence: 0.95, recurring: 'monthly' },
        { id: expect.any(String), name: 'City Power', amount: 88.1, category: 'utilities', suggestedDueDate: '2026-03-18', transactionDate: null, confidence: 0.72, recurring: 'monthly' },
      ],
      income: [
        { id: expect.any(String), source: 'ACME Payroll', amount: 2100, suggestedFrequency: 'biweekly', suggestedNextDate: '2026-03-13', transactionDate: '2026-02-27', confidence: 0.9 },
      ],
    });
  });

  it('is idempotent: sending the same message twice leaves one row per (user, kind, key), refreshed', async () => {
    await send(detected(h.userA.id));
    const again = detected(h.userA.id);
    again.bills![0]!.amount = 16.99;
    expect(await send(again)).toEqual({ ok: true, bills: 2, income: 1 });
    const rows = await suggestionRows();
    expect(rows).toHaveLength(3);
    expect(rows.find((r) => r.external_key === 'stream-netflix')).toMatchObject({ amount: '16.99', status: 'pending' });
  });

  it('keeps the same external key apart per user and per kind', async () => {
    await send(detected(h.userA.id));
    await send(detected(h.userB.id));
    await send({ userId: h.userA.id, income: [{ externalKey: 'stream-netflix', source: 'Refund', amount: 5, suggestedNextDate: '2026-04-01', confidence: 0.5 }] });
    expect(await suggestionRows()).toHaveLength(7);
    expect((await h.call('GET', '/suggestions', { token: h.userB.token })).body.bills).toHaveLength(2);
  });

  it('does not bring back a suggestion the user already accepted', async () => {
    await send(detected(h.userA.id));
    const [netflix] = (await h.call('GET', '/suggestions')).body.bills;
    expect((await h.call('POST', `/accept-bill/${netflix.id}`)).status).toBe(201);
    await send(detected(h.userA.id));
    expect((await h.call('GET', '/suggestions')).body.bills.map((b: { name: string }) => b.name)).toEqual(['City Power']);
  });

  it('answers a bad payload with the field errors and stores nothing', async () => {
    const reply = await send({ userId: h.userA.id, bills: [{ externalKey: 'x', name: 'Bad', amount: -3, suggestedDueDate: '2026-02-30', confidence: 2 }] });
    expect(reply).toMatchObject({
      ok: false,
      errors: {
        'bills.0.amount': 'amount cannot be negative',
        'bills.0.suggestedDueDate': 'suggestedDueDate must be a real date in YYYY-MM-DD format',
        'bills.0.confidence': 'confidence must be 0 to 1',
      },
    });
    expect(await suggestionRows()).toEqual([]);
  });
});

describe('accepting suggestions', () => {
  it('POST /accept-bill/{id} turns a pending suggestion into a bill with the documented defaults and marks it accepted', async () => {
    await send(detected(h.userA.id));
    const netflix = (await h.call('GET', '/suggestions')).body.bills.find((b: { name: string }) => b.name === 'Netflix');
    const accepted = await h.call('POST', `/accept-bill/${netflix.id}`, { headers: { 'content-type': 'application/json' } });
    expect(accepted.status).toBe(201);
    expect(accepted.body).toEqual({
      id: expect.any(String),
      name: 'Netflix',
      amount: 15.49,
      due_date: '2026-03-22',
      priority: 'medium',
      category: 'subscriptions',
      recurring: 'monthly',
      // Subscriptions usually let the customer pick the due day (the planner's default for the category).
      due_day_flexible: 'yes',
      due_day_min: 1,
      due_day_max: 31,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect((await h.call('GET', '/bills')).body).toEqual([accepted.body]);
    const status = await h.db.query(`SELECT status FROM "${h.schema}".suggestions WHERE id = $1`, [netflix.id]);
    expect(status.rows[0].status).toBe('accepted');
    expect((await h.call('GET', '/suggestions')).body.bills).toHaveLength(1);
  });

  it('applies the optional body overrides', async () => {
    await send(detected(h.userA.id));
    const power = (await h.call('GET', '/suggestions')).body.bills.find((b: { name: string }) => b.name === 'City Power');
    const accepted = await h.call('POST', `/accept-bill/${power.id}`, { body: { name: 'Electricity', amount: 90, priority: 'high', dueDate: '2026-03-19' } });
    expect(accepted.status).toBe(201);
    expect(accepted.body).toMatchObject({ name: 'Electricity', amount: 90, priority: 'high', due_date: '2026-03-19', category: 'utilities' });
  });

  it('POST /accept-income/{id} turns a pending suggestion into an income source', async () => {
    await send(detected(h.userA.id));
    const [payroll] = (await h.call('GET', '/suggestions')).body.income;
    const accepted = await h.call('POST', `/accept-income/${payroll.id}`, { body: { source: 'Day job' } });
    expect(accepted.status).toBe(201);
    expect(accepted.body).toEqual({
      id: expect.any(String),
      source: 'Day job',
      amount: 2100,
      frequency: 'biweekly',
      next_date: '2026-03-13',
      pay_days: null,
      paid_months: null,
      low_amount: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect((await h.call('GET', '/income')).body).toEqual([accepted.body]);
    expect((await h.call('GET', '/suggestions')).body.income).toEqual([]);
  });

  it('answers 409 when the suggestion was already accepted, and creates nothing more', async () => {
    await send(detected(h.userA.id));
    const [first] = (await h.call('GET', '/suggestions')).body.bills;
    await h.call('POST', `/accept-bill/${first.id}`);
    const again = await h.call('POST', `/accept-bill/${first.id}`);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: FINANCE_MESSAGES.suggestionNotPending });
    expect((await h.call('GET', '/bills')).body).toHaveLength(1);
  });

  it('rejects invalid overrides with 400 and leaves the suggestion pending', async () => {
    await send(detected(h.userA.id));
    const [first] = (await h.call('GET', '/suggestions')).body.bills;
    const bad = await h.call('POST', `/accept-bill/${first.id}`, { body: { recurring: 'daily' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.recurring).toBe('Recurrence must be one of: once, weekly, biweekly, monthly, quarterly, yearly');
    expect((await h.call('GET', '/suggestions')).body.bills).toHaveLength(2);
  });

  it('answers 404 for the other kind of suggestion and for an unknown id', async () => {
    await send(detected(h.userA.id));
    const [payroll] = (await h.call('GET', '/suggestions')).body.income;
    expect((await h.call('POST', `/accept-bill/${payroll.id}`)).status).toBe(404);
    expect((await h.call('POST', '/accept-income/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await h.call('POST', '/accept-income/nope')).status).toBe(404);
  });

  it("user B cannot see or accept user A's suggestions (404) and A's stay pending", async () => {
    await send(detected(h.userA.id));
    const mine = (await h.call('GET', '/suggestions')).body;
    const asB = { token: h.userB.token };
    expect((await h.call('GET', '/suggestions', asB)).body).toEqual({ bills: [], income: [] });
    const bill = await h.call('POST', `/accept-bill/${mine.bills[0].id}`, asB);
    expect(bill.status).toBe(404);
    expect(bill.body).toEqual({ message: FINANCE_MESSAGES.suggestionNotFound });
    expect((await h.call('POST', `/accept-income/${mine.income[0].id}`, asB)).status).toBe(404);
    expect((await h.call('GET', '/bills', asB)).body).toEqual([]);
    expect((await h.call('GET', '/suggestions')).body).toEqual(mine);
  });

  it('answers 401 without a token', async () => {
    expect((await h.call('GET', '/suggestions', { token: null })).status).toBe(401);
    expect((await h.call('POST', '/accept-bill/00000000-0000-4000-8000-000000000000', { token: null })).status).toBe(401);
  });
});

describe('bill recurrence from detection', () => {
  it('stores the detected recurrence and accepting quarterly insurance makes a quarterly bill', async () => {
    await send({
      userId: h.userA.id,
      bills: [
        { externalKey: 'stream-geico', name: 'Geico', amount: 412.5, category: 'insurance', recurring: 'quarterly', suggestedDueDate: '2026-04-15', confidence: 0.93 },
        { externalKey: 'stream-fee', name: 'Card annual fee', amount: 95, category: 'credit-card', recurring: 'yearly', suggestedDueDate: '2026-09-01', confidence: 0.8 },
      ],
    });
    const { bills } = (await h.call('GET', '/suggestions')).body;
    expect(bills.map((b: { name: string; recurring: string }) => [b.name, b.recurring])).toEqual([
      ['Geico', 'quarterly'],
      ['Card annual fee', 'yearly'],
    ]);
    const accepted = await h.call('POST', `/accept-bill/${bills[0].id}`);
    expect(accepted.status).toBe(201);
    expect(accepted.body).toMatchObject({ name: 'Geico', amount: 412.5, category: 'insurance', recurring: 'quarterly', due_date: '2026-04-15' });
    expect((await h.call('POST', `/accept-bill/${bills[1].id}`)).body.recurring).toBe('yearly');
  });

  it('refuses a recurrence outside the bill list', async () => {
    const reply = await send({ userId: h.userA.id, bills: [{ externalKey: 'x', name: 'X', amount: 5, recurring: 'daily', suggestedDueDate: '2026-04-01', confidence: 0.5 }] });
    expect(reply).toMatchObject({ ok: false, errors: { 'bills.0.recurring': 'Recurrence must be one of: once, weekly, biweekly, monthly, quarterly, yearly' } });
  });
});

describe('POST /dismiss-suggestion/{id}', () => {
  it('answers 204, hides the suggestion, and a resend from bank-sync does not bring it back', async () => {
    await send(detected(h.userA.id));
    const netflix = (await h.call('GET', '/suggestions')).body.bills.find((b: { name: string }) => b.name === 'Netflix');
    const dismissed = await h.call('POST', `/dismiss-suggestion/${netflix.id}`);
    expect(dismissed.status).toBe(204);
    expect(dismissed.body).toBeNull();
    await send(detected(h.userA.id));
    expect((await h.call('GET', '/suggestions')).body.bills.map((b: { name: string }) => b.name)).toEqual(['City Power']);
    const row = await h.db.query(`SELECT status FROM "${h.schema}".suggestions WHERE id = $1`, [netflix.id]);
    expect(row.rows[0].status).toBe('dismissed');
  });

  it('dismisses income suggestions too', async () => {
    await send(detected(h.userA.id));
    const [payroll] = (await h.call('GET', '/suggestions')).body.income;
    expect((await h.call('POST', `/dismiss-suggestion/${payroll.id}`)).status).toBe(204);
    expect((await h.call('GET', '/suggestions')).body.income).toEqual([]);
  });

  it('answers 409 for one already dismissed or accepted, and cannot dismiss an accepted one', async () => {
    await send(detected(h.userA.id));
    const [first, second] = (await h.call('GET', '/suggestions')).body.bills;
    await h.call('POST', `/dismiss-suggestion/${first.id}`);
    const again = await h.call('POST', `/dismiss-suggestion/${first.id}`);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: FINANCE_MESSAGES.suggestionNotPending });
    expect((await h.call('POST', `/accept-bill/${first.id}`)).status).toBe(409);
    await h.call('POST', `/accept-bill/${second.id}`);
    expect((await h.call('POST', `/dismiss-suggestion/${second.id}`)).status).toBe(409);
    const statuses = await h.db.query(`SELECT status FROM "${h.schema}".suggestions WHERE id = ANY($1) ORDER BY status`, [[first.id, second.id]]);
    expect(statuses.rows.map((r) => r.status)).toEqual(['accepted', 'dismissed']);
  });

  it("answers 404 for an unknown id, a malformed id and user A's suggestion dismissed by user B (which stays pending)", async () => {
    await send(detected(h.userA.id));
    const mine = (await h.call('GET', '/suggestions')).body;
    expect((await h.call('POST', '/dismiss-suggestion/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await h.call('POST', '/dismiss-suggestion/nope')).status).toBe(404);
    const asB = await h.call('POST', `/dismiss-suggestion/${mine.bills[0].id}`, { token: h.userB.token });
    expect(asB.status).toBe(404);
    expect(asB.body).toEqual({ message: FINANCE_MESSAGES.suggestionNotFound });
    expect((await h.call('GET', '/suggestions')).body).toEqual(mine);
  });

  it('answers 401 without a token', async () => {
    expect((await h.call('POST', '/dismiss-suggestion/00000000-0000-4000-8000-000000000000', { token: null })).status).toBe(401);
  });
});

describe(`Redis message ${FINANCE_PATTERNS.listPendingSuggestions}`, () => {
  const list = (payload: unknown) =>
    firstValueFrom(client.send<SuggestionsResponse>(FINANCE_PATTERNS.listPendingSuggestions, payload).pipe(timeout(10_000)));

  it("answers that user's pending suggestions only: never accepted, dismissed or another user's", async () => {
    await send(detected(h.userA.id));
    await send(detected(h.userB.id));
    const pending = (await h.call('GET', '/suggestions')).body;
    await h.call('POST', `/accept-bill/${pending.bills[0].id}`);
    await h.call('POST', `/dismiss-suggestion/${pending.income[0].id}`);
    const reply = await list({ userId: h.userA.id });
    expect(reply).toEqual({ bills: [pending.bills[1]], income: [] });
    expect((await list({ userId: h.userB.id })).bills).toHaveLength(2);
  });

  it('answers empty lists for a malformed message', async () => {
    await send(detected(h.userA.id));
    expect(await list({})).toEqual({ bills: [], income: [] });
    expect(await list({ userId: h.userA.id, extra: 1 })).toEqual({ bills: [], income: [] });
  });
});

describe(`Redis message ${FINANCE_PATTERNS.withdrawSuggestions}`, () => {
  const withdraw = (payload: unknown) => firstValueFrom(client.send(FINANCE_PATTERNS.withdrawSuggestions, payload).pipe(timeout(10_000)));

  it("deletes that user's pending suggestions for those keys; accepted, dismissed and other users' stay", async () => {
    await send(detected(h.userA.id));
    await send(detected(h.userB.id));
    const { bills } = (await h.call('GET', '/suggestions')).body;
    const power = bills.find((b: { name: string }) => b.name === 'City Power');
    await h.call('POST', `/dismiss-suggestion/${power.id}`);
    expect(await withdraw({ userId: h.userA.id, externalKeys: ['stream-netflix', 'stream-power', 'stream-payroll', 'unknown'] })).toEqual({ ok: true, withdrawn: 2 });
    expect((await h.call('GET', '/suggestions')).body).toEqual({ bills: [], income: [] });
    const rows = await suggestionRows();
    expect(rows.filter((r) => r.user_id === h.userA.id).map((r) => [r.external_key, r.status])).toEqual([['stream-power', 'dismissed']]);
    expect(rows.filter((r) => r.user_id === h.userB.id)).toHaveLength(3);
  });

  it('answers the field errors for a bad message', async () => {
    expect(await withdraw({ userId: h.userA.id })).toMatchObject({ ok: false, errors: { externalKeys: expect.any(String) } });
  });
});

describe('income suggestions with a pay schedule (twice a month, paid months, a low amount)', () => {
  const teacher = {
    externalKey: 'stream-district',
    source: 'School District Payroll',
    amount: 2400,
    suggestedFrequency: 'twice-monthly',
    suggestedNextDate: '2026-03-31',
    suggestedPayDays: [31, 15],
    suggestedPaidMonths: [9, 10, 11, 12, 1, 2, 3, 4, 5, 6],
    suggestedLowAmount: 2150.75,
    transactionDate: '2026-03-13',
    confidence: 0.88,
  };
  const SCHOOL_MONTHS = [1, 2, 3, 4, 5, 6, 9, 10, 11, 12];
  const incomeCount = async () => Number((await h.db.query(`SELECT count(*) FROM "${h.schema}".income_sources`)).rows[0].count);
  const statusOf = async (id: string) => (await h.db.query(`SELECT status FROM "${h.schema}".suggestions WHERE id = $1`, [id])).rows[0].status;
  const sendTeacher = async (fields: Record<string, unknown> = {}) => {
    expect(await send({ userId: h.userA.id, income: [{ ...teacher, ...fields }] })).toEqual({ ok: true, bills: 0, income: 1 });
    const [suggestion] = (await h.call('GET', '/suggestions')).body.income;
    return suggestion;
  };

  it('stores the detected schedule and GET /suggestions answers it (lists ascending, dollars)', async () => {
    expect(await sendTeacher()).toEqual({
      id: expect.any(String),
      source: 'School District Payroll',
      amount: 2400,
      suggestedFrequency: 'twice-monthly',
      suggestedNextDate: '2026-03-31',
      suggestedPayDays: [15, 31],
      suggestedPaidMonths: SCHOOL_MONTHS,
      suggestedLowAmount: 2150.75,
      transactionDate: '2026-03-13',
      confidence: 0.88,
    });
  });

  it('a resend refreshes the schedule of a pending suggestion, clearing what detection no longer sees', async () => {
    await sendTeacher();
    const refreshed = await sendTeacher({ suggestedFrequency: 'monthly', suggestedPayDays: null, suggestedLowAmount: null, suggestedNextDate: '2026-04-30' });
    expect(refreshed).toMatchObject({ suggestedFrequency: 'monthly', suggestedNextDate: '2026-04-30', suggestedPaidMonths: SCHOOL_MONTHS });
    expect(refreshed).not.toHaveProperty('suggestedPayDays');
    expect(refreshed).not.toHaveProperty('suggestedLowAmount');
    const rows = await h.db.query(`SELECT suggested_pay_days, suggested_paid_months, suggested_low_amount FROM "${h.schema}".suggestions`);
    expect(rows.rows).toEqual([{ suggested_pay_days: null, suggested_paid_months: SCHOOL_MONTHS, suggested_low_amount: null }]);
  });

  it('stores bill suggestions and plain income suggestions next to it without any schedule', async () => {
    await send(detected(h.userA.id));
    await sendTeacher();
    const rows = await h.db.query(
      `SELECT external_key FROM "${h.schema}".suggestions
        WHERE suggested_pay_days IS NULL AND suggested_paid_months IS NULL AND suggested_low_amount IS NULL ORDER BY external_key`,
    );
    expect(rows.rows.map((r) => r.external_key)).toEqual(['stream-netflix', 'stream-payroll', 'stream-power']);
  });

  it('accepting it makes an income with the detected schedule, answered by GET /income and on the dashboard', async () => {
    const suggestion = await sendTeacher();
    const accepted = await h.call('POST', `/accept-income/${suggestion.id}`);
    expect(accepted.status).toBe(201);
    expect(accepted.body).toEqual({
      id: expect.any(String),
      source: 'School District Payroll',
      amount: 2400,
      frequency: 'twice-monthly',
      next_date: '2026-03-31',
      pay_days: [15, 31],
      paid_months: SCHOOL_MONTHS,
      low_amount: 2150.75,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect((await h.call('GET', '/income')).body).toEqual([accepted.body]);
    const dashboard = (await h.call('GET', '/dashboard-with-insights')).body;
    expect(dashboard.income).toEqual([
      expect.objectContaining({ id: accepted.body.id, payDays: [15, 31], paidMonths: SCHOOL_MONTHS, lowAmountCents: 215075 }),
    ]);
  });

  it('the accept body overrides the detected schedule; null clears a detected field', async () => {
    const suggestion = await sendTeacher();
    const accepted = await h.call('POST', `/accept-income/${suggestion.id}`, {
      body: { pay_days: [1, 15], next_date: '2026-04-01', paid_months: null, low_amount: null },
    });
    expect(accepted.status).toBe(201);
    expect(accepted.body).toMatchObject({ frequency: 'twice-monthly', pay_days: [1, 15], next_date: '2026-04-01', paid_months: null, low_amount: null });
  });

  it('switching to monthly on accept needs pay_days null too', async () => {
    const suggestion = await sendTeacher();
    const refused = await h.call('POST', `/accept-income/${suggestion.id}`, { body: { frequency: 'monthly' } });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ message: 'Pay days are only for income paid twice a month', errors: { pay_days: 'Pay days are only for income paid twice a month' } });
    const accepted = await h.call('POST', `/accept-income/${suggestion.id}`, { body: { frequency: 'monthly', pay_days: null } });
    expect(accepted.status).toBe(201);
    expect(accepted.body).toMatchObject({ frequency: 'monthly', pay_days: null, paid_months: SCHOOL_MONTHS, next_date: '2026-03-31' });
  });

  it.each([
    ['an amount below the detected low amount', { amount: 2000 }, 'low_amount', 'Low amount cannot be more than the typical amount'],
    ['a next date off the detected pay days', { next_date: '2026-03-20' }, 'next_date', 'Next date must fall on one of the two pay days'],
    ['a next date outside the detected paid months', { next_date: '2026-07-15' }, 'next_date', 'Next date must fall in a paid month'],
    ['weekly while the detected paid months stay', { frequency: 'weekly', pay_days: null }, 'paid_months', 'Paid months are only for monthly or twice-a-month income'],
    ['three pay days', { pay_days: [1, 15, 31] }, 'pay_days', 'Choose the two days of the month you are paid'],
    ['a 13th month', { paid_months: [13] }, 'paid_months.0', 'Paid months are 1 to 12'],
    ['pay days as strings', { pay_days: ['1', '15'] }, 'pay_days.0', 'Pay days must be days of the month'],
    ['a low amount of 1e309', '{"low_amount":1e309}', 'low_amount', 'Low amount must be a number'],
  ])('refuses overrides with %s (400 naming the field); the suggestion stays pending and no income is made', async (_label, body, field, message) => {
    const suggestion = await sendTeacher();
    const refused = await h.call('POST', `/accept-income/${suggestion.id}`, { body });
    expect(refused.status).toBe(400);
    expect(refused.body.errors[field]).toBe(message);
    expect(await statusOf(suggestion.id)).toBe('pending');
    expect(await incomeCount()).toBe(0);
  });

  it.each([
    ['twice a month without pay days', { suggestedPayDays: null }, 'income.0.pay_days', 'Choose the two days of the month you are paid'],
    ['three pay days', { suggestedPayDays: [1, 15, 31] }, 'income.0.suggestedPayDays', 'Choose the two days of the month you are paid'],
    ['pay days as strings', { suggestedPayDays: ['15', '31'] }, 'income.0.suggestedPayDays.0', 'Pay days must be days of the month'],
    ['a 13th month', { suggestedPaidMonths: [13] }, 'income.0.suggestedPaidMonths.0', 'Paid months are 1 to 12'],
    ['a low amount in words', { suggestedLowAmount: 'lots' }, 'income.0.suggestedLowAmount', 'suggestedLowAmount must be a number'],
    ['a low amount above the amount', { suggestedLowAmount: 2400.01 }, 'income.0.low_amount', 'Low amount cannot be more than the typical amount'],
  ])('refuses a detected schedule with %s: the field errors, nothing stored', async (_label, fields, field, message) => {
    const reply = await send({ userId: h.userA.id, income: [{ ...teacher, ...fields }] });
    expect(reply).toMatchObject({ ok: false, errors: { [field]: message } });
    expect(await suggestionRows()).toEqual([]);
  });

  it('the database keeps the schedule to income suggestions that hold together, should anything but the upsert write one', async () => {
    const insert = (kind: string, frequency: string, extra: string) =>
      h.db.query(
        `INSERT INTO "${h.schema}".suggestions (user_id, kind, external_key, name, amount, category, frequency, suggested_date, confidence,
                                                suggested_pay_days, suggested_paid_months, suggested_low_amount)
         VALUES ($1, $2, 'k', 'X', 100, ${kind === 'bill' ? `'other'` : 'NULL'}, $3, '2026-03-15', 0.5, ${extra})`,
        [h.userA.id, kind, frequency],
      );
    await expect(insert('bill', 'twice-monthly', `'{1,15}', NULL, NULL`)).rejects.toThrow(/suggestions_frequency_check/);
    await expect(insert('bill', 'monthly', `NULL, NULL, 50`)).rejects.toThrow(/suggestions_pay_schedule_check/);
    await expect(insert('income', 'twice-monthly', `NULL, NULL, NULL`)).rejects.toThrow(/suggestions_pay_schedule_check/);
    await expect(insert('income', 'monthly', `'{1,15}', NULL, NULL`)).rejects.toThrow(/suggestions_pay_schedule_check/);
    await expect(insert('income', 'monthly', `NULL, '{4}', NULL`)).rejects.toThrow(/suggestions_pay_schedule_check/);
    await expect(insert('income', 'monthly', `NULL, NULL, 100.01`)).rejects.toThrow(/suggestions_pay_schedule_check/);
    await insert('income', 'twice-monthly', `'{1,15}', '{3,4,5}', 80`);
    expect(await suggestionRows()).toHaveLength(1);
  });
});
