import { FINANCE_MESSAGES, MAX_INCOME_SOURCES_PER_USER } from '@payday/contracts';
import { startServiceHarness, type ServiceHarness } from '@payday/nest-kit/testing';
import type { FinanceConfig } from '../src/config.js';
import { serviceDefinition } from '../src/service-definition.js';

let h: ServiceHarness<FinanceConfig>;

beforeAll(async () => {
  h = await startServiceHarness(serviceDefinition, { basePath: '/api/financial', callAs: 'userA' });
});
afterAll(async () => {
  await h?.close();
});
beforeEach(() => h.truncate());

const salary = { source: 'Salary', amount: 2500.5, frequency: 'biweekly', next_date: '2026-03-13' };

describe('income sources', () => {
  it('creates (201), lists, updates and deletes (204) an income source', async () => {
    const created = await h.call('POST', '/income', { body: salary });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ id: expect.any(String), ...salary, created_at: expect.any(String), updated_at: expect.any(String) });
    expect((await h.call('GET', '/income')).body).toEqual([created.body]);

    const updated = await h.call('PUT', `/income/${created.body.id}`, { body: { amount: 2600, nextDate: '2026-03-27' } });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ source: 'Salary', amount: 2600, frequency: 'biweekly', next_date: '2026-03-27' });

    expect((await h.call('DELETE', `/income/${created.body.id}`)).status).toBe(204);
    expect((await h.call('GET', '/income')).body).toEqual([]);
  });

  it('defaults frequency to monthly and accepts nextDate', async () => {
    const created = await h.call('POST', '/income', { body: { source: 'Side gig', amount: 19.99, nextDate: '2026-03-31' } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ frequency: 'monthly', next_date: '2026-03-31', amount: 19.99 });
  });

  it.each([
    ['a missing source', { amount: 10, next_date: '2026-03-20' }, 'source', 'Source is required'],
    ['a negative amount', { source: 'Pay', amount: -1, next_date: '2026-03-20' }, 'amount', 'Amount cannot be negative'],
    ['a non-numeric amount', { source: 'Pay', amount: 'lots', next_date: '2026-03-20' }, 'amount', 'Amount must be a number'],
    ['a missing next date', { source: 'Pay', amount: 10 }, 'next_date', 'Next date is required'],
    ['an impossible date', { source: 'Pay', amount: 10, next_date: '2026-02-30' }, 'next_date', 'Next date must be a real date in YYYY-MM-DD format'],
    ['an unknown frequency', { source: 'Pay', amount: 10, next_date: '2026-03-20', frequency: 'daily' }, 'frequency', 'Frequency must be one of: weekly, biweekly, monthly, quarterly'],
    ['a yearly frequency (bills only)', { source: 'Pay', amount: 10, next_date: '2026-03-20', frequency: 'yearly' }, 'frequency', 'Frequency must be one of: weekly, biweekly, monthly, quarterly'],
    ['an unknown field', { source: 'Pay', amount: 10, next_date: '2026-03-20', name: 'Pay' }, 'name', 'Unknown field "name"'],
  ])('rejects %s with 400 and stores nothing', async (_label, body, field, message) => {
    const response = await h.call('POST', '/income', { body });
    expect(response.status).toBe(400);
    expect(response.body.errors[field]).toBe(message);
    expect((await h.db.query(`SELECT 1 FROM "${h.schema}".income_sources`)).rowCount).toBe(0);
  });

  it(`refuses income source number ${MAX_INCOME_SOURCES_PER_USER + 1} with 422`, async () => {
    await h.db.query(
      `INSERT INTO "${h.schema}".income_sources (user_id, source, amount, next_date)
       SELECT $1, 'Pay ' || n, 10, '2026-03-20' FROM generate_series(1, $2::int) AS n`,
      [h.userA.id, MAX_INCOME_SOURCES_PER_USER],
    );
    const refused = await h.call('POST', '/income', { body: salary });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(FINANCE_MESSAGES.tooManyIncomeSources);
  });

  it("user B cannot see, update or delete user A's income (404) and A's income is unchanged", async () => {
    const income = (await h.call('POST', '/income', { body: salary })).body;
    const asB = { token: h.userB.token };
    expect((await h.call('GET', '/income', asB)).body).toEqual([]);
    const update = await h.call('PUT', `/income/${income.id}`, { ...asB, body: { amount: 1 } });
    expect(update.status).toBe(404);
    expect(update.body).toEqual({ message: FINANCE_MESSAGES.incomeNotFound });
    expect((await h.call('DELETE', `/income/${income.id}`, asB)).status).toBe(404);
    expect((await h.call('GET', '/income')).body).toEqual([income]);
  });

  it('answers 401 without a token', async () => {
    expect((await h.call('GET', '/income', { token: null })).status).toBe(401);
  });
});

describe('savings goals', () => {
  it('creates an emergency fund goal by default, lists it and updates it', async () => {
    const created = await h.call('POST', '/savings-goals', { body: { current_amount: 1000.25 } });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(String),
      goal_type: 'emergency_fund',
      current_amount: 1000.25,
      target_amount: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const updated = await h.call('PUT', `/savings-goals/${created.body.id}`, { body: { current_amount: 1500, target_amount: 9000.99 } });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ goal_type: 'emergency_fund', current_amount: 1500, target_amount: 9000.99 });
    expect((await h.call('GET', '/savings-goals')).body).toEqual([updated.body]);
  });

  it('accepts a zero balance and clears the target with null', async () => {
    const created = (await h.call('POST', '/savings-goals', { body: { goal_type: 'vacation', current_amount: 0, target_amount: 2000 } })).body;
    expect(created).toMatchObject({ goal_type: 'vacation', current_amount: 0, target_amount: 2000 });
    const cleared = await h.call('PUT', `/savings-goals/${created.id}`, { body: { target_amount: null } });
    expect(cleared.body.target_amount).toBeNull();
  });

  it('deletes with 204', async () => {
    const created = (await h.call('POST', '/savings-goals', { body: { current_amount: 5 } })).body;
    expect((await h.call('DELETE', `/savings-goals/${created.id}`)).status).toBe(204);
    expect((await h.call('GET', '/savings-goals')).body).toEqual([]);
  });

  it.each([
    ['a missing current amount', {}, 'current_amount', 'Current amount is required'],
    ['a negative current amount', { current_amount: -10 }, 'current_amount', 'Current amount cannot be negative'],
    ['a non-numeric target', { current_amount: 1, target_amount: 'big' }, 'target_amount', 'Target amount must be a number'],
    ['a goal type with spaces', { goal_type: 'Emergency Fund', current_amount: 1 }, 'goal_type', 'Goal type may contain only lowercase letters, digits and underscores'],
    ['an unknown field', { current_amount: 1, user_id: 'x' }, 'user_id', 'Unknown field "user_id"'],
  ])('rejects %s with 400', async (_label, body, field, message) => {
    const response = await h.call('POST', '/savings-goals', { body });
    expect(response.status).toBe(400);
    expect(response.body.errors[field]).toBe(message);
  });

  it("user B cannot see, update or delete user A's goal (404) and A's goal is unchanged", async () => {
    const goal = (await h.call('POST', '/savings-goals', { body: { current_amount: 700 } })).body;
    const asB = { token: h.userB.token };
    expect((await h.call('GET', '/savings-goals', asB)).body).toEqual([]);
    const update = await h.call('PUT', `/savings-goals/${goal.id}`, { ...asB, body: { current_amount: 0 } });
    expect(update.status).toBe(404);
    expect(update.body).toEqual({ message: FINANCE_MESSAGES.savingsGoalNotFound });
    expect((await h.call('DELETE', `/savings-goals/${goal.id}`, asB)).status).toBe(404);
    expect((await h.call('GET', '/savings-goals')).body).toEqual([goal]);
  });
});
