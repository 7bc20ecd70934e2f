import { request } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { DashboardResponseSchema } from '@paycadence/contracts';
import { fixedClock } from '@paycadence/nest-kit';
import { startServiceHarness, type ServiceHarness } from '@paycadence/nest-kit/testing';
import type { FinanceConfig } from '../src/config.js';
import { serviceDefinition } from '../src/service-definition.js';

// The clock is frozen at Tuesday 2026-03-10, so every figure below follows from docs/product/signed-in.md §5 and §9.
let h: ServiceHarness<FinanceConfig>;

beforeAll(async () => {
  h = await startServiceHarness(serviceDefinition, { basePath: '/api/financial', callAs: 'userA', clock: fixedClock('2026-03-10') });
});
afterAll(async () => {
  await h?.close();
});
beforeEach(() => h.truncate());

async function seedKnownData() {
  const salary = (await h.call('POST', '/income', { body: { source: 'Salary', amount: 3000, frequency: 'monthly', next_date: '2026-03-13' } })).body;
  const rent = (await h.call('POST', '/bills', { body: { name: 'Rent', amount: 1200, due_date: '2026-03-20', priority: 'high', category: 'rent' } })).body;
  const phone = (await h.call('POST', '/bills', { body: { name: 'Phone', amount: 45.5, due_date: '2026-03-14' } })).body;
  const fund = (await h.call('POST', '/savings-goals', { body: { goal_type: 'emergency_fund', current_amount: 1000 } })).body;
  return { salary, rent, phone, fund };
}

/** A raw GET (fetch would decompress on its own), answering status, headers and the body bytes. */
function rawGet(path: string, headers: Record<string, string>): Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(`${h.baseUrl}/api/financial${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('GET /dashboard-with-insights', () => {
  it('answers gzip to clients that accept it and plain JSON to those that do not, with the same content', async () => {
    await seedKnownData();
    const auth = { authorization: `Bearer ${h.userA.token}` };
    const plain = await rawGet('/dashboard-with-insights', { ...auth, 'accept-encoding': 'identity' });
    const zipped = await rawGet('/dashboard-with-insights', { ...auth, 'accept-encoding': 'gzip, deflate, br' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.body.length).toBeLessThan(plain.body.length);
    expect(JSON.parse(gunzipSync(zipped.body).toString('utf8'))).toEqual(JSON.parse(plain.body.toString('utf8')));
  });

  it('computes the summary, emergency fund and week figures for a known data set', async () => {
    const { salary, rent, phone, fund } = await seedKnownData();
    const response = await h.call('GET', '/dashboard-with-insights');
    expect(response.status).toBe(200);
    const d = response.body;
    expect(d.today).toBe('2026-03-10');
    // Monthly: income 3000.00; bills 1200.00 + 45.50; balance 1754.50 = 58.5% of income.
    expect(d.summary).toEqual({
      monthlyIncomeCents: 300000,
      monthlyBillsCents: 124550,
      spendingBalanceCents: 175450,
      savingsRatePercent: 58.5,
      billsPercentOfIncome: 41.5,
      // "This week" runs to the coming Sunday, 2026-03-15: only Phone (03-14).
      upcomingBillsThisWeek: { count: 1, totalCents: 4550, endDate: '2026-03-15' },
    });
    // spec §9: goal 6 x monthly bills = 7473.00; 1000.00 saved = 13%.
    expect(d.emergencyFund).toEqual({ goalCents: 747300, currentCents: 100000, progressPercent: 13 });
    // This Week = 03-10..03-17: Salary 03-13 and Phone 03-14; Next Week = 03-18..03-24: Rent 03-20.
    expect(d.windows.thisWeek.items.map((i: { kind: string; date: string }) => `${i.kind}:${i.date}`)).toEqual([
      'income:2026-03-13',
      'bill:2026-03-14',
    ]);
    expect(d.windows.thisWeek).toMatchObject({ startDate: '2026-03-10', endDate: '2026-03-17', billsTotalCents: 4550, incomeTotalCents: 300000 });
    expect(d.windows.nextWeek.items.map((i: { kind: string; date: string }) => `${i.kind}:${i.date}`)).toEqual(['bill:2026-03-20']);
    expect(d.quickStats).toMatchObject({ monthName: 'March', daysRemainingInMonth: 21 });
    // The rows too, in integer cents like the rest of this answer (the CRUD routes keep their dollars).
    expect(d.bills).toEqual([
      { id: phone.id, name: 'Phone', amountCents: 4550, dueDate: '2026-03-14', priority: 'medium', category: 'utilities', recurring: 'monthly' },
      { id: rent.id, name: 'Rent', amountCents: 120000, dueDate: '2026-03-20', priority: 'high', category: 'rent', recurring: 'monthly' },
    ]);
    expect(d.income).toEqual([{ id: salary.id, source: 'Salary', amountCents: 300000, frequency: 'monthly', nextDate: '2026-03-13' }]);
    expect(d.savingsGoals).toEqual([{ id: fund.id, goalType: 'emergency_fund', currentAmountCents: 100000, targetAmountCents: null }]);
    expect(DashboardResponseSchema.parse(d)).toEqual(d);
  });

  it('suggests paying each bill after payday with docs/product confidence', async () => {
    const { rent, phone, salary } = await seedKnownData();
    const schedule = (await h.call('GET', '/dashboard-with-insights')).body.paymentSchedule;
    // Rent, high priority: due 03-20 minus 5 = Sunday 03-15; the Friday before is the 03-13 payday itself, so Monday
    // 03-16, paid from the 03-13 salary (7 days before due, preferred).
    // Confidence 100 - 5 (bill/income 0.4 > 0.3) = 95 (3 days after income, 4 before due: no deduction), band target.
    expect(schedule.find((s: { id: string }) => s.id === `${rent.id}:2026-03-20`)).toMatchObject({
      billName: 'Rent',
      billAmountCents: 120000,
      suggestedDate: '2026-03-16',
      plannedDate: '2026-03-15',
      adjustments: ['weekend-or-holiday'],
      incomeId: salary.id,
      incomeDate: '2026-03-13',
      paymentSource: 'Salary',
      daysBeforeDue: 4,
      daysAfterIncome: 3,
      confidence: 95,
      band: 'target',
    });
    // Phone, 45.50: due 03-14 minus 3 = 03-11, before the 03-13 salary, which is only a day before its due date: it is
    // paid from the 02-13 salary already in hand (the earliest eligible paycheck, 0-30 days before), never before
    // a paycheck. Confidence 100, band target.
    expect(schedule.find((s: { id: string }) => s.id === `${phone.id}:2026-03-14`)).toMatchObject({
      suggestedDate: '2026-03-11',
      incomeDate: '2026-02-13',
      funding: 'after-paycheck',
      daysBeforeDue: 3,
      daysAfterIncome: 26,
      confidence: 100,
      band: 'target',
    });
  });

  it('gives at most 4 tips from docs/product rules', async () => {
    await seedKnownData();
    const tips = (await h.call('GET', '/dashboard-with-insights')).body.tips;
    // Fund below goal with a positive balance, a bill due within 7 days, one income source, and bills taking 41.5%
    // of income. No bank is linked, so no savings-rate tip: income less bills is not what was saved.
    expect(tips.map((t: { id: string }) => t.id).sort()).toEqual(['bills-due-soon', 'bills-share', 'diversify-income', 'emergency-fund-grow']);
    expect(tips.map((t: { id: string }) => t.id)).not.toContain('strong-savings-rate');
    // Grow by the smaller of 30% of 1754.50 (526.35) or the shortfall 6473.00 / 12 (539.42).
    expect(tips.find((t: { id: string }) => t.id === 'emergency-fund-grow').message).toContain('$526.35');
  });

  it('widens the Later window with ?laterWindowDays and rejects a bad value', async () => {
    await seedKnownData();
    const wide = (await h.call('GET', '/dashboard-with-insights?laterWindowDays=14')).body;
    expect(wide.laterWindowDays).toBe(14);
    expect(wide.windows.later).toMatchObject({ startDate: '2026-03-25', endDate: '2026-04-07' });
    const bad = await h.call('GET', '/dashboard-with-insights?laterWindowDays=0');
    expect(bad.status).toBe(400);
    expect(bad.body.errors.laterWindowDays).toBe('laterWindowDays must be at least 1');
  });

  it("computes for the client's local date within one day of the server's UTC date (spec §9 windows follow the user's day)", async () => {
    await seedKnownData();
    // A user in UTC−5 at 21:00 on 03-09 while the server is already on 03-10: Phone (03-14) stays in this week.
    const west = (await h.call('GET', '/dashboard-with-insights?today=2026-03-09')).body;
    expect(west.today).toBe('2026-03-09');
    expect(west.windows.thisWeek).toMatchObject({ startDate: '2026-03-09', endDate: '2026-03-16' });
    expect(west.quickStats).toMatchObject({ daysRemainingInMonth: 22 });
    const east = (await h.call('GET', '/dashboard-with-insights?today=2026-03-11')).body;
    expect(east.today).toBe('2026-03-11');
    expect(east.windows.thisWeek.startDate).toBe('2026-03-11');
    // Without the parameter: the server's UTC date, as before (and not a stale cached answer for another day).
    expect((await h.call('GET', '/dashboard-with-insights')).body.today).toBe('2026-03-10');
    expect((await h.call('GET', '/dashboard-with-insights?today=2026-03-10&laterWindowDays=14')).body).toMatchObject({ today: '2026-03-10', laterWindowDays: 14 });
  });

  it.each(['2026-03-08', '2026-03-12', '2025-03-10'])('refuses ?today=%s, more than one day from the server date, with 400', async (today) => {
    const response = await h.call('GET', `/dashboard-with-insights?today=${today}`);
    expect(response.status).toBe(400);
    expect(response.body.errors.today).toBe("today must be within 1 day of the server's date (2026-03-10 UTC); check the device's date");
    expect(response.body.message).toBe(response.body.errors.today);
  });

  it.each(['2026-02-30', '2026-3-10', '10/03/2026', ''])('refuses the impossible or malformed ?today=%s with 400', async (today) => {
    const response = await h.call('GET', `/dashboard-with-insights?today=${encodeURIComponent(today)}`);
    expect(response.status).toBe(400);
    expect(response.body.errors.today).toBe('today must be a real date in YYYY-MM-DD format');
  });

  it('refuses a repeated ?today with 400', async () => {
    const response = await h.call('GET', '/dashboard-with-insights?today=2026-03-10&today=2026-03-11');
    expect(response.status).toBe(400);
    expect(response.body.errors.today).toBe('today must be one date in YYYY-MM-DD format');
  });

  it('answers an empty dashboard for a user with no data and only ever the caller data', async () => {
    await seedKnownData();
    const d = (await h.call('GET', '/dashboard-with-insights', { token: h.userB.token })).body;
    expect(d.bills).toEqual([]);
    expect(d.income).toEqual([]);
    expect(d.savingsGoals).toEqual([]);
    expect(d.paymentSchedule).toEqual([]);
    expect(d.summary.monthlyBillsCents).toBe(0);
  });

  it('reflects every write at once, through the API or straight in the database (cache keyed by data version)', async () => {
    const { rent, fund } = await seedKnownData();
    expect((await h.call('GET', '/dashboard-with-insights')).body.summary.monthlyBillsCents).toBe(124550);
    await h.call('PUT', `/bills/${rent.id}`, { body: { amount: 1300 } });
    expect((await h.call('GET', '/dashboard-with-insights')).body.summary.monthlyBillsCents).toBe(134550);
    await h.db.query(`UPDATE "${h.schema}".savings_goals SET current_amount = 2000 WHERE id = $1`, [fund.id]);
    expect((await h.call('GET', '/dashboard-with-insights')).body.emergencyFund.currentCents).toBe(200000);
    await h.call('DELETE', `/bills/${rent.id}`);
    const after = (await h.call('GET', '/dashboard-with-insights')).body;
    expect(after.bills.map((b: { name: string }) => b.name)).toEqual(['Phone']);
    expect(after.summary.monthlyBillsCents).toBe(4550);
  });

  it('answers 401 without a token', async () => {
    expect((await h.call('GET', '/dashboard-with-insights', { token: null })).status).toBe(401);
  });
});

// POST /sync-bank-data asks bank-sync over Redis now: test/sync-bank-data.int-spec.ts.

describe('health', () => {
  it('answers liveness and readiness with the database and Redis reachable', async () => {
    expect((await fetch(`${h.baseUrl}/health`)).status).toBe(200);
    const ready = await fetch(`${h.baseUrl}/health/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ok', checks: { database: 'ok', redis: 'ok' }, pid: expect.any(Number) });
  });

  it('echoes the gateway request id', async () => {
    const response = await h.call('GET', '/bills', { headers: { 'x-request-id': 'req-finance-1' } });
    expect(response.headers.get('x-request-id')).toBe('req-finance-1');
  });
});
