import { FINANCE_MESSAGES, MAX_INCOME_SOURCES_PER_USER } from '@paycadence/contracts';
import { startServiceHarness, type ServiceHarness } from '@paycadence/nest-kit/testing';
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
    expect(created.body).toEqual({
      id: expect.any(String),
      ...salary,
      pay_days: null,
      paid_months: null,
      low_amount: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect((await h.call('GET', '/income')).body).toEqual([created.body]);

    const updated = await h.call('PUT', `/income/${created.body.id}`, { body: { amount: 2600, nextDate: '2026-03-27' } });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ source: 'Salary', amount: 2600, frequency: 'biweekly', next_date: '2026-03-27' });

    expect((await h.call('DELETE', `/income/${created.body.id}`)).status).toBe(204);
    expect((await h.call('GET', '/income')).body).toEqual([]);
  });

  it.each([
    ['a missing source', { amount: 10, next_date: '2026-03-20' }, 'source', 'Source is required'],
    ['a negative amount', { source: 'Pay', amount: -1, next_date: '2026-03-20' }, 'amount', 'Amount cannot be negative'],
    ['a non-numeric amount', { source: 'Pay', amount: 'lots', next_date: '2026-03-20' }, 'amount', 'Amount must be a number'],
    ['a missing next date', { source: 'Pay', amount: 10 }, 'next_date', 'Next date is required'],
    ['an impossible date', { source: 'Pay', amount: 10, next_date: '2026-02-30' }, 'next_date', 'Next date must be a real date in YYYY-MM-DD format'],
    ['an unknown frequency', { source: 'Pay', amount: 10, next_date: '2026-03-20', frequency: 'daily' }, 'frequency', 'Frequency must be one of: weekly, biweekly, twice-monthly, monthly, quarterly'],
    ['a yearly frequency (bills only)', { source: 'Pay', amount: 10, next_date: '2026-03-20', frequency: 'yearly' }, 'frequency', 'Frequency must be one of: weekly, biweekly, twice-monthly, monthly, quarterly'],
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

describe('pay schedules: twice a month, paid months, a low amount', () => {
  // The clock stands at Tuesday 2026-03-10 (the harness's default).
  const twiceMonthly = { source: 'Salary', amount: 2400, frequency: 'twice-monthly', pay_days: [31, 15], next_date: '2026-03-31' };
  const schoolYear = { source: 'Teaching', amount: 3100, frequency: 'monthly', next_date: '2026-03-27', paid_months: [9, 10, 11, 12, 1, 2, 3, 4, 5, 6] };
  const variable = { source: 'Tips', amount: 900, frequency: 'weekly', next_date: '2026-03-13', low_amount: 450.25 };
  const SCHOOL_MONTHS = [1, 2, 3, 4, 5, 6, 9, 10, 11, 12];

  const storedCount = async () => Number((await h.db.query(`SELECT count(*) FROM "${h.schema}".income_sources`)).rows[0].count);
  const post = (body: unknown) => h.call('POST', '/income', { body });

  it('creates each schedule (201), keeps the lists ascending and answers them the same when read back', async () => {
    const twice = await post(twiceMonthly);
    expect(twice.status).toBe(201);
    expect(twice.body).toMatchObject({ frequency: 'twice-monthly', pay_days: [15, 31], paid_months: null, low_amount: null, next_date: '2026-03-31' });
    const school = await post(schoolYear);
    expect(school.status).toBe(201);
    expect(school.body).toMatchObject({ frequency: 'monthly', pay_days: null, paid_months: SCHOOL_MONTHS, low_amount: null });
    const tips = await post(variable);
    expect(tips.status).toBe(201);
    expect(tips.body).toMatchObject({ frequency: 'weekly', pay_days: null, paid_months: null, low_amount: 450.25, amount: 900 });

    const listed = (await h.call('GET', '/income')).body;
    expect(listed).toHaveLength(3);
    expect(listed).toEqual(expect.arrayContaining([twice.body, school.body, tips.body]));
    const stored = await h.db.query(
      `SELECT source, pay_days, paid_months, low_amount::text AS low_amount FROM "${h.schema}".income_sources ORDER BY source`,
    );
    expect(stored.rows).toEqual([
      { source: 'Salary', pay_days: [15, 31], paid_months: null, low_amount: null },
      { source: 'Teaching', pay_days: null, paid_months: SCHOOL_MONTHS, low_amount: null },
      { source: 'Tips', pay_days: null, paid_months: null, low_amount: '450.25' },
    ]);
  });

  it('all twelve paid months is every month (null); a pay day of 31 matches a shorter month\'s last day', async () => {
    const everyMonth = await post({ ...schoolYear, paid_months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] });
    expect(everyMonth.body.paid_months).toBeNull();
    const april = await post({ ...twiceMonthly, next_date: '2026-04-30' });
    expect(april.status).toBe(201);
    expect(april.body).toMatchObject({ pay_days: [15, 31], next_date: '2026-04-30' });
  });

  it('the dashboard carries payDays, paidMonths and lowAmountCents on the income rows that have them', async () => {
    const twice = (await post(twiceMonthly)).body;
    const school = (await post(schoolYear)).body;
    const tips = (await post(variable)).body;
    const steady = (await post(salary)).body;
    const dashboard = await h.call('GET', '/dashboard-with-insights');
    expect(dashboard.status).toBe(200);
    const row = (id: string) => dashboard.body.income.find((income: { id: string }) => income.id === id);
    expect(row(twice.id)).toMatchObject({ frequency: 'twice-monthly', nextDate: '2026-03-31', payDays: [15, 31], amountCents: 240000 });
    expect(row(school.id)).toMatchObject({ frequency: 'monthly', paidMonths: SCHOOL_MONTHS, amountCents: 310000 });
    expect(row(tips.id)).toMatchObject({ frequency: 'weekly', amountCents: 90000, lowAmountCents: 45025 });
    // A steady paycheck every month has none of them (absent reads as before these fields).
    expect(Object.keys(row(steady.id)).sort()).toEqual(['amountCents', 'frequency', 'id', 'nextDate', 'source']);
  });

  it.each([
    ['twice a month without pay days', { ...twiceMonthly, pay_days: undefined }, 'pay_days', 'Choose the two days of the month you are paid'],
    ['twice a month with pay days null', { ...twiceMonthly, pay_days: null }, 'pay_days', 'Choose the two days of the month you are paid'],
    ['pay days on monthly income', { ...salary, frequency: 'monthly', next_date: '2026-03-15', pay_days: [1, 15] }, 'pay_days', 'Pay days are only for income paid twice a month'],
    ['a next date off both pay days', { ...twiceMonthly, next_date: '2026-03-20' }, 'next_date', 'Next date must fall on one of the two pay days'],
    ['paid months on weekly income', { ...variable, paid_months: [9, 10] }, 'paid_months', 'Paid months are only for monthly or twice-a-month income'],
    ['a next date outside the paid months', { ...schoolYear, next_date: '2026-07-27' }, 'next_date', 'Next date must fall in a paid month'],
    ['a low amount above the amount', { ...variable, low_amount: 900.01 }, 'low_amount', 'Low amount cannot be more than the typical amount'],
    ['a low amount of 0', { ...variable, low_amount: 0 }, 'low_amount', 'Low amount must be greater than 0'],
    ['the same pay day twice', { ...twiceMonthly, pay_days: [15, 15] }, 'pay_days', 'Choose two different pay days'],
    ['one pay day', { ...twiceMonthly, pay_days: [15] }, 'pay_days', 'Choose the two days of the month you are paid'],
    ['three pay days', { ...twiceMonthly, pay_days: [1, 15, 31] }, 'pay_days', 'Choose the two days of the month you are paid'],
    ['pay days as strings', { ...twiceMonthly, pay_days: ['15', '31'] }, 'pay_days.0', 'Pay days must be days of the month'],
    ['pay days as one string', { ...twiceMonthly, pay_days: '15,31' }, 'pay_days', 'Pay days must be two days of the month'],
    ['a pay day of 32', { ...twiceMonthly, pay_days: [15, 32] }, 'pay_days.1', 'Pay days are 1 to 31'],
    ['a pay day of 0', { ...twiceMonthly, pay_days: [0, 15] }, 'pay_days.0', 'Pay days are 1 to 31'],
    ['a half day', { ...twiceMonthly, pay_days: [15.5, 31] }, 'pay_days.0', 'Pay days must be whole days'],
    ['a 13th month', { ...schoolYear, paid_months: [3, 13] }, 'paid_months.1', 'Paid months are 1 to 12'],
    ['a paid month as a string', { ...schoolYear, paid_months: ['3'] }, 'paid_months.0', 'Paid months must be month numbers'],
    ['a month listed twice', { ...schoolYear, paid_months: [3, 3] }, 'paid_months', 'List each paid month once'],
    ['no paid months', { ...schoolYear, paid_months: [] }, 'paid_months', 'Choose at least one paid month'],
    ['a low amount as words', { ...variable, low_amount: 'some' }, 'low_amount', 'Low amount must be a number'],
    ['a low amount with three decimals', { ...variable, low_amount: 10.005 }, 'low_amount', 'Low amount can have at most 2 decimal places'],
  ])('refuses %s with 400 naming the field, and stores nothing', async (_label, body, field, message) => {
    const response = await post(body);
    expect(response.status).toBe(400);
    expect(response.body.errors[field]).toBe(message);
    expect(response.body.message).toEqual(expect.any(String));
    expect(await storedCount()).toBe(0);
  });

  it.each([
    ['amount', `{"source":"Pay","amount":1e309,"next_date":"2026-03-13"}`, 'amount', 'Amount must be a number'],
    ['low_amount', `{"source":"Pay","amount":100,"next_date":"2026-03-13","low_amount":1e309}`, 'low_amount', 'Low amount must be a number'],
    ['a pay day', `{"source":"Pay","amount":100,"frequency":"twice-monthly","next_date":"2026-03-15","pay_days":[1e309,15]}`, 'pay_days.0', 'Pay days must be days of the month'],
    ['a paid month', `{"source":"Pay","amount":100,"next_date":"2026-03-13","paid_months":[3,-1e309]}`, 'paid_months.1', 'Paid months must be month numbers'],
  ])('refuses 1e309 as %s with 400, never 500', async (_label, raw, field, message) => {
    const response = await post(raw);
    expect(response.status).toBe(400);
    expect(response.body.errors[field]).toBe(message);
    expect(await storedCount()).toBe(0);
  });

  describe('PUT /income/{id}: the change merged into the stored row must still hold together', () => {
    const stored = async (id: string) => (await h.call('GET', '/income')).body.find((income: { id: string }) => income.id === id);

    it('refuses monthly while the pay days stay (400 pay_days, nothing changed); with pay_days null it clears them', async () => {
      const income = (await post(twiceMonthly)).body;
      const refused = await h.call('PUT', `/income/${income.id}`, { body: { frequency: 'monthly' } });
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({ message: 'Pay days are only for income paid twice a month', errors: { pay_days: 'Pay days are only for income paid twice a month' } });
      expect(await stored(income.id)).toEqual(income);

      const cleared = await h.call('PUT', `/income/${income.id}`, { body: { frequency: 'monthly', pay_days: null } });
      expect(cleared.status).toBe(200);
      expect(cleared.body).toMatchObject({ frequency: 'monthly', pay_days: null, next_date: '2026-03-31' });
      expect(await stored(income.id)).toEqual(cleared.body);
    });

    it('turns monthly income into twice a month when the body brings the days; refuses it without them', async () => {
      const income = (await post({ ...salary, frequency: 'monthly', next_date: '2026-03-15' })).body;
      const refused = await h.call('PUT', `/income/${income.id}`, { body: { frequency: 'twice-monthly' } });
      expect(refused.status).toBe(400);
      expect(refused.body.errors).toEqual({ pay_days: 'Choose the two days of the month you are paid' });
      const changed = await h.call('PUT', `/income/${income.id}`, { body: { frequency: 'twice-monthly', pay_days: [15, 1] } });
      expect(changed.status).toBe(200);
      expect(changed.body).toMatchObject({ frequency: 'twice-monthly', pay_days: [1, 15], next_date: '2026-03-15' });
    });

    it.each([
      ['a new next date off the stored pay days', twiceMonthly, { next_date: '2026-04-10' }, 'next_date', 'Next date must fall on one of the two pay days'],
      ['new pay days the stored next date misses', twiceMonthly, { pay_days: [1, 15] }, 'next_date', 'Next date must fall on one of the two pay days'],
      ['a new next date outside the stored paid months', schoolYear, { next_date: '2026-08-27' }, 'next_date', 'Next date must fall in a paid month'],
      ['paid months that leave out the stored next date', schoolYear, { paid_months: [9, 10] }, 'next_date', 'Next date must fall in a paid month'],
      ['weekly while the paid months stay', schoolYear, { frequency: 'weekly' }, 'paid_months', 'Paid months are only for monthly or twice-a-month income'],
      ['pay days on monthly income', schoolYear, { pay_days: [1, 27] }, 'pay_days', 'Pay days are only for income paid twice a month'],
      ['a new amount below the stored low amount', variable, { amount: 450 }, 'low_amount', 'Low amount cannot be more than the typical amount'],
      ['a low amount above the stored amount', variable, { low_amount: 1000 }, 'low_amount', 'Low amount cannot be more than the typical amount'],
      ['three pay days', twiceMonthly, { pay_days: [1, 15, 31] }, 'pay_days', 'Choose the two days of the month you are paid'],
      ['a 13th month', schoolYear, { paid_months: [13] }, 'paid_months.0', 'Paid months are 1 to 12'],
      ['pay days as strings', twiceMonthly, { pay_days: ['1', '15'] }, 'pay_days.0', 'Pay days must be days of the month'],
    ])('refuses %s with 400 naming the field, and changes nothing', async (_label, created, patch, field, message) => {
      const income = (await post(created)).body;
      const refused = await h.call('PUT', `/income/${income.id}`, { body: patch });
      expect(refused.status).toBe(400);
      expect(refused.body.errors[field]).toBe(message);
      expect(await stored(income.id)).toEqual(income);
    });

    it('refuses 1e309 as a low amount with 400 and changes nothing', async () => {
      const income = (await post(variable)).body;
      const refused = await h.call('PUT', `/income/${income.id}`, { body: '{"low_amount":1e309}' });
      expect(refused.status).toBe(400);
      expect(refused.body.errors).toEqual({ low_amount: 'Low amount must be a number' });
      expect(await stored(income.id)).toEqual(income);
    });

    it('changes and clears the schedule fields with the rest of the row kept', async () => {
      const income = (await post(schoolYear)).body;
      const changed = await h.call('PUT', `/income/${income.id}`, { body: { paid_months: [3, 4, 5], low_amount: 2500, source: 'Teaching (spring)' } });
      expect(changed.status).toBe(200);
      expect(changed.body).toMatchObject({ source: 'Teaching (spring)', amount: 3100, paid_months: [3, 4, 5], low_amount: 2500, next_date: '2026-03-27' });
      const cleared = await h.call('PUT', `/income/${income.id}`, { body: { paid_months: null, low_amount: null } });
      expect(cleared.body).toMatchObject({ paid_months: null, low_amount: null, frequency: 'monthly' });
    });
  });

  it('the database refuses a schedule the rule refuses, should anything but the API write one', async () => {
    const insert = (columns: string, values: string) =>
      h.db.query(`INSERT INTO "${h.schema}".income_sources (user_id, source, amount, next_date, ${columns}) VALUES ($1, 'Pay', 100, ${values})`, [h.userA.id]);
    await expect(insert('frequency', `'2026-03-15', 'twice-monthly'`)).rejects.toThrow(/income_sources_pay_days_check/);
    await expect(insert('frequency, pay_days', `'2026-03-15', 'monthly', '{1,15}'`)).rejects.toThrow(/income_sources_pay_days_check/);
    await expect(insert('frequency, pay_days', `'2026-03-15', 'twice-monthly', '{15,1}'`)).rejects.toThrow(/income_sources_pay_days_check/);
    await expect(insert('frequency, pay_days', `'2026-03-15', 'twice-monthly', '{1,15,31}'`)).rejects.toThrow(/income_sources_pay_days_check/);
    await expect(insert('frequency, pay_days', `'2026-03-15', 'twice-monthly', '{15,NULL}'`)).rejects.toThrow(/income_sources_pay_days_check/);
    await expect(insert('frequency, pay_days', `'2026-03-16', 'twice-monthly', '{1,15}'`)).rejects.toThrow(/income_sources_pay_days_check/);
    await expect(insert('frequency, paid_months', `'2026-03-13', 'weekly', '{3}'`)).rejects.toThrow(/income_sources_paid_months_check/);
    await expect(insert('frequency, paid_months', `'2026-07-13', 'monthly', '{3}'`)).rejects.toThrow(/income_sources_paid_months_check/);
    await expect(insert('frequency, paid_months', `'2026-03-13', 'monthly', '{3,13}'`)).rejects.toThrow(/income_sources_paid_months_check/);
    await expect(insert('low_amount', `'2026-03-13', 100.01`)).rejects.toThrow(/income_sources_low_amount_check/);
    await expect(insert('low_amount', `'2026-03-13', 0`)).rejects.toThrow(/income_sources_low_amount_check/);
    await expect(insert('frequency', `'2026-03-13', 'yearly'`)).rejects.toThrow(/income_sources_frequency_check/);
    // What the rule accepts, the database keeps: the 28th of February is that month's last day, so 31 pays then.
    await insert('frequency, pay_days, low_amount', `'2026-02-28', 'twice-monthly', '{15,31}', 100`);
    await insert('frequency, paid_months', `'2026-09-30', 'monthly', '{1,2,3,4,5,6,9,10,11,12}'`);
    expect(await storedCount()).toBe(2);
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
