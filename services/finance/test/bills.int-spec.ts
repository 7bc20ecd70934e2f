import { FINANCE_MESSAGES, MAX_BILLS_PER_USER } from '@paycadence/contracts';
import { startServiceHarness, type ServiceHarness } from '@paycadence/nest-kit/testing';
import type { FinanceConfig } from '../src/config.js';
import { serviceDefinition } from '../src/service-definition.js';

// Real PostgreSQL and Redis, a fresh schema per run, tokens signed by a local JWKS (nest-kit's harness).
let h: ServiceHarness<FinanceConfig>;

beforeAll(async () => {
  h = await startServiceHarness(serviceDefinition, { basePath: '/api/financial', callAs: 'userA' });
});
afterAll(async () => {
  await h?.close();
});
beforeEach(() => h.truncate());

const rent = { name: 'Rent', amount: 1200, due_date: '2026-04-01', priority: 'high', category: 'rent', recurring: 'monthly' };

describe('authentication', () => {
  it.each([
    ['no token', async () => null],
    ['an expired token', async () => h.auth.sign(h.userA.id, { expiresInSeconds: -120 })],
    ['a token signed by an unknown key', async () => h.auth.signWithForeignKey(h.userA.id)],
    ['an MFA challenge token instead of an access token', async () => h.auth.sign(h.userA.id, { tokenUse: 'mfa' })],
    ['a token from another issuer', async () => h.auth.sign(h.userA.id, { issuer: 'someone-else' })],
    ['a malformed token', async () => 'not-a-jwt'],
  ])('answers 401 with %s and touches nothing', async (_label, makeToken) => {
    const token = await makeToken();
    const list = await h.call('GET', '/bills', { token });
    expect(list.status).toBe(401);
    expect(typeof list.body.message).toBe('string');
    const create = await h.call('POST', '/bills', { token, body: rent });
    expect(create.status).toBe(401);
    expect((await h.db.query(`SELECT 1 FROM "${h.schema}".bills`)).rowCount).toBe(0);
  });
});

describe('bills CRUD', () => {
  it('creates a bill (201) and lists it with every field', async () => {
    const created = await h.call('POST', '/bills', { body: rent });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      ...rent,
      // A landlord rarely moves the due day: the category's default, until the person says otherwise.
      due_day_flexible: 'no',
      due_day_min: 1,
      due_day_max: 31,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const list = await h.call('GET', '/bills');
    expect(list.status).toBe(200);
    expect(list.body).toEqual([created.body]);
    const row = (await h.db.query(`SELECT user_id, amount::text AS amount, due_date::text AS due_date FROM "${h.schema}".bills`)).rows[0];
    expect(row).toEqual({ user_id: h.userA.id, amount: '1200.00', due_date: '2026-04-01' });
  });

  it('applies the documented defaults: priority medium, category utilities, recurring monthly', async () => {
    const created = await h.call('POST', '/bills', { body: { name: 'Power', amount: 80.5, due_date: '2026-03-15' } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ priority: 'medium', category: 'utilities', recurring: 'monthly', amount: 80.5 });
  });

  it('accepts dueDate for due_date', async () => {
    const created = await h.call('POST', '/bills', { body: { name: 'Water', amount: 30, dueDate: '2026-03-21' } });
    expect(created.status).toBe(201);
    expect(created.body.due_date).toBe('2026-03-21');
    expect(created.body).not.toHaveProperty('dueDate');
  });

  it.each([19.99, 0.01, 0.1, 1234567.89, '45.50'])('round-trips the amount %p exactly', async (amount) => {
    const created = await h.call('POST', '/bills', { body: { name: 'Streaming', amount, due_date: '2026-03-18' } });
    expect(created.status).toBe(201);
    expect(created.body.amount).toBe(Number(amount));
    const [listed] = (await h.call('GET', '/bills')).body;
    expect(listed.amount).toBe(Number(amount));
    const stored = (await h.db.query(`SELECT amount::text AS amount FROM "${h.schema}".bills`)).rows[0].amount;
    expect(stored).toBe(Number(amount).toFixed(2));
  });

  it('lists bills by due date, then name', async () => {
    await h.call('POST', '/bills', { body: { name: 'B', amount: 1, due_date: '2026-03-20' } });
    await h.call('POST', '/bills', { body: { name: 'C', amount: 1, due_date: '2026-03-12' } });
    await h.call('POST', '/bills', { body: { name: 'A', amount: 1, due_date: '2026-03-20' } });
    expect((await h.call('GET', '/bills')).body.map((b: { name: string }) => b.name)).toEqual(['C', 'A', 'B']);
  });

  it('updates only the fields sent and moves updated_at', async () => {
    const created = (await h.call('POST', '/bills', { body: rent })).body;
    await new Promise((resolve) => setTimeout(resolve, 5));
    const updated = await h.call('PUT', `/bills/${created.id}`, { body: { amount: 1250.75, dueDate: '2026-04-02' } });
    expect(updated.status).toBe(200);
    expect(updated.body).toEqual({ ...created, amount: 1250.75, due_date: '2026-04-02', updated_at: expect.any(String) });
    expect(Date.parse(updated.body.updated_at)).toBeGreaterThan(Date.parse(created.updated_at));
    expect((await h.call('GET', '/bills')).body).toEqual([updated.body]);
  });

  it('accepts a whole bill on PUT (the edit form sends every field)', async () => {
    const created = (await h.call('POST', '/bills', { body: rent })).body;
    const next = { name: 'Rent (new lease)', amount: 1300, due_date: '2026-04-03', priority: 'medium', category: 'rent', recurring: 'monthly' };
    const updated = await h.call('PUT', `/bills/${created.id}`, { body: next });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject(next);
  });

  it('deletes with 204 and no body; a second delete is 404', async () => {
    const created = (await h.call('POST', '/bills', { body: rent })).body;
    const removed = await h.call('DELETE', `/bills/${created.id}`);
    expect(removed.status).toBe(204);
    expect(removed.body).toBeNull();
    expect((await h.call('GET', '/bills')).body).toEqual([]);
    const again = await h.call('DELETE', `/bills/${created.id}`);
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ message: FINANCE_MESSAGES.billNotFound });
  });

  it('answers 404 for an id that is not a UUID or does not exist', async () => {
    expect((await h.call('PUT', '/bills/not-an-id', { body: { amount: 1 } })).status).toBe(404);
    expect((await h.call('DELETE', '/bills/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });

  it(`refuses the ${MAX_BILLS_PER_USER + 1}th bill with 422 and a clear message`, async () => {
    await h.db.query(
      `INSERT INTO "${h.schema}".bills (user_id, name, amount, due_date)
       SELECT $1, 'Bill ' || n, 10, '2026-03-20' FROM generate_series(1, $2::int) AS n`,
      [h.userA.id, MAX_BILLS_PER_USER],
    );
    const refused = await h.call('POST', '/bills', { body: rent });
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({ message: FINANCE_MESSAGES.tooManyBills });
    // Another user is not affected by A's count.
    expect((await h.call('POST', '/bills', { token: h.userB.token, body: rent })).status).toBe(201);
  });
});

describe('bill validation (docs/product/signed-in.md §5)', () => {
  it.each([
    ['a missing name', { amount: 10, due_date: '2026-03-20' }, 'name', 'Name is required'],
    ['a blank name', { name: '   ', amount: 10, due_date: '2026-03-20' }, 'name', 'Name is required'],
    ['a name over 100 characters', { name: 'x'.repeat(101), amount: 10, due_date: '2026-03-20' }, 'name', 'Name must be at most 100 characters'],
    ['a missing amount', { name: 'Rent', due_date: '2026-03-20' }, 'amount', 'Amount is required'],
    ['a negative amount', { name: 'Rent', amount: -5, due_date: '2026-03-20' }, 'amount', 'Amount cannot be negative'],
    ['a zero amount', { name: 'Rent', amount: 0, due_date: '2026-03-20' }, 'amount', 'Amount must be greater than 0'],
    ['a non-numeric amount', { name: 'Rent', amount: 'twelve', due_date: '2026-03-20' }, 'amount', 'Amount must be a number'],
    ['an amount of true', { name: 'Rent', amount: true, due_date: '2026-03-20' }, 'amount', 'Amount must be a number'],
    ['three decimals', { name: 'Rent', amount: 10.005, due_date: '2026-03-20' }, 'amount', 'Amount can have at most 2 decimal places'],
    ['an amount beyond NUMERIC(12,2)', { name: 'Rent', amount: 1e10, due_date: '2026-03-20' }, 'amount', 'Amount must be at most 9,999,999,999.99'],
    ['a missing due date', { name: 'Rent', amount: 10 }, 'due_date', 'Due date is required'],
    ['an impossible date', { name: 'Rent', amount: 10, due_date: '2026-02-30' }, 'due_date', 'Due date must be a real date in YYYY-MM-DD format'],
    ['a US-format date', { name: 'Rent', amount: 10, due_date: '03/20/2026' }, 'due_date', 'Due date must be a real date in YYYY-MM-DD format'],
    ['due_date and dueDate disagreeing', { name: 'Rent', amount: 10, due_date: '2026-03-20', dueDate: '2026-03-21' }, 'dueDate', 'Send due_date or dueDate, not both: Due date differs'],
    ['an unknown priority', { name: 'Rent', amount: 10, due_date: '2026-03-20', priority: 'urgent' }, 'priority', 'Priority must be one of: low, medium, high'],
    ['an unknown category', { name: 'Rent', amount: 10, due_date: '2026-03-20', category: 'food' }, 'category', 'Category must be one of: utilities, rent, insurance, subscriptions, loans, credit-card, auto-payment, other'],
    ['an unknown recurrence', { name: 'Rent', amount: 10, due_date: '2026-03-20', recurring: 'daily' }, 'recurring', 'Recurrence must be one of: once, weekly, biweekly, monthly, quarterly, yearly'],
    ['an unknown field', { name: 'Rent', amount: 10, due_date: '2026-03-20', user_id: 'someone-else' }, 'user_id', 'Unknown field "user_id"'],
  ])('rejects %s with 400 {message, errors} and stores nothing', async (_label, body, field, message) => {
    const response = await h.call('POST', '/bills', { body });
    expect(response.status).toBe(400);
    expect(response.body.errors[field]).toBe(message);
    expect(typeof response.body.message).toBe('string');
    expect((await h.db.query(`SELECT 1 FROM "${h.schema}".bills`)).rowCount).toBe(0);
  });

  it('rejects an empty update and a bad field on PUT, leaving the bill as it was', async () => {
    const created = (await h.call('POST', '/bills', { body: rent })).body;
    const empty = await h.call('PUT', `/bills/${created.id}`, { body: {} });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe(FINANCE_MESSAGES.emptyUpdate);
    const bad = await h.call('PUT', `/bills/${created.id}`, { body: { amount: -1 } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.amount).toBe('Amount cannot be negative');
    expect((await h.call('GET', '/bills')).body).toEqual([created]);
  });

  it('rejects a body that is not JSON with 400', async () => {
    const response = await h.call('POST', '/bills', { body: '{"name":' });
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/JSON/);
  });
});

describe('bills belong to their owner', () => {
  it("user B cannot see, update or delete user A's bill (404, never their data) and A's bill is unchanged", async () => {
    const bill = (await h.call('POST', '/bills', { body: rent })).body;
    const asB = { token: h.userB.token };
    expect((await h.call('GET', '/bills', asB)).body).toEqual([]);
    const update = await h.call('PUT', `/bills/${bill.id}`, { ...asB, body: { amount: 1 } });
    expect(update.status).toBe(404);
    expect(update.body).toEqual({ message: FINANCE_MESSAGES.billNotFound });
    const remove = await h.call('DELETE', `/bills/${bill.id}`, asB);
    expect(remove.status).toBe(404);
    expect(remove.body).toEqual({ message: FINANCE_MESSAGES.billNotFound });
    expect((await h.call('GET', '/bills')).body).toEqual([bill]);
  });
});
