import { FINANCE_MESSAGES, HOUSEHOLD_CALENDAR_MESSAGES, HouseholdCalendarResponseSchema, type Membership } from '@paycadence/contracts';
import { startPrivateRedis, startServiceHarness, type PrivateRedis, type ServiceHarness, type TestUser } from '@paycadence/nest-kit/testing';
import type { FinanceConfig } from '../src/config.js';
import { serviceDefinition } from '../src/service-definition.js';
import { startHouseholdStandIn, type HouseholdStandIn } from './support/household-stand-in.js';

// The household calendar: a household's shared bills and shared paydays, and which paycheck covers each bill.
// Finance asks household over the real Redis transport, whose side a stand-in plays; the clock stands on
// Tuesday 2026-03-10, so the default range is 2026-03-10 .. 2026-04-21.
let h: ServiceHarness<FinanceConfig>;
let redis: PrivateRedis;
let household: HouseholdStandIn;
// "Home": Ann owner, Pat partner, Bob member. "Cabin": Sam alone, who is not in Home.
let ann: TestUser;
let pat: TestUser;
let bob: TestUser;
let sam: TestUser;
const HOME = '0b8f5c1e-2d4a-4f6b-9c3e-1a2b3c4d5e6f';
const CABIN = '7d1e2f3a-4b5c-4d6e-8f7a-9b0c1d2e3f4a';

beforeAll(async () => {
  redis = await startPrivateRedis();
  household = await startHouseholdStandIn(redis.url);
  h = await startServiceHarness(serviceDefinition, {
    basePath: '/api/financial',
    redisUrl: redis.url,
    env: { HOUSEHOLD_TIMEOUT_MS: '400', HOUSEHOLD_RETRY_AFTER_MS: '0' },
  });
  [ann, bob, pat, sam] = [h.userA, h.userB, await h.auth.user(), await h.auth.user()];
});
afterAll(async () => {
  await h?.close();
  await household?.close();
  await redis?.stop();
});
beforeEach(async () => {
  await h.truncate();
  household.behaviour = { memberships: households([ann, pat, bob]) };
  household.versioned = false;
  await household.replaceVersions([ann, pat, bob, sam].map((user) => user.id));
});

/** household's answer: Home with the given current members, and Cabin with Sam. */
function households(home: TestUser[]): Record<string, Membership[]> {
  const roles = new Map([[ann.id, 'owner'], [pat.id, 'partner'], [bob.id, 'member']] as const);
  const names = new Map([[ann.id, 'Ann'], [pat.id, 'Pat'], [bob.id, 'Bob']]);
  const members = home.map((u) => ({ id: u.id, name: names.get(u.id)!, role: roles.get(u.id)! }));
  const answer: Record<string, Membership[]> = Object.fromEntries(home.map((u) => [u.id, [{ householdId: HOME, name: 'Home', role: roles.get(u.id)!, members }]]));
  answer[sam.id] = [{ householdId: CABIN, name: 'Cabin', role: 'owner', members: [{ id: sam.id, name: 'Sam', role: 'owner' }] }];
  return answer;
}

const post = async (user: TestUser, path: string, body: unknown) => {
  const answer = await h.call('POST', path, { token: user.token, body });
  expect(answer.status).toBe(201);
  return answer.body;
};
const calendar = (user: TestUser, query = '', id = HOME) => h.call('GET', `/households/${id}/calendar${query}`, { token: user.token });

/** Home's shared items, with personal ones and Cabin's around them that must stay out. */
async function seed() {
  // Ann's teaching pay every other Friday, Pat's paycheck on the 20th: both shared with Home.
  const teaching = await post(ann, '/income', { source: 'Teaching', amount: 2000, frequency: 'biweekly', next_date: '2026-03-13', household_id: HOME });
  const payroll = await post(pat, '/income', { source: 'Payroll', amount: 3000, frequency: 'monthly', next_date: '2026-03-20', household_id: HOME });
  const internet = await post(pat, '/bills', { name: 'Internet', amount: 80, due_date: '2026-03-25', priority: 'medium', category: 'utilities', recurring: 'monthly', household_id: HOME });
  const rent = await post(ann, '/bills', { name: 'Rent', amount: 1200, due_date: '2026-04-01', priority: 'high', category: 'rent', recurring: 'monthly', household_id: HOME });
  // Personal: nobody else's business.
  await post(ann, '/income', { source: 'Side gig', amount: 500, frequency: 'weekly', next_date: '2026-03-11' });
  await post(pat, '/bills', { name: 'Gym', amount: 40, due_date: '2026-03-15', priority: 'low', category: 'other', recurring: 'monthly' });
  // Cabin's.
  await post(sam, '/income', { source: 'Cabin rental', amount: 900, frequency: 'monthly', next_date: '2026-03-15', household_id: CABIN });
  await post(sam, '/bills', { name: 'Cabin tax', amount: 300, due_date: '2026-03-30', priority: 'medium', category: 'other', recurring: 'monthly', household_id: CABIN });
  return { teaching, payroll, internet, rent };
}

describe('the household calendar', () => {
  it("shows every member the shared bills and shared paydays, whose paycheck each is and which one covers each bill", async () => {
    const { teaching, payroll, internet, rent } = await seed();
    const answer = await calendar(bob);
    expect(answer.status).toBe(200);
    const body = HouseholdCalendarResponseSchema.parse(answer.body);
    expect(body).toMatchObject({ household: { id: HOME, name: 'Home' }, from: '2026-03-10', to: '2026-04-21', today: '2026-03-10' });

    expect(body.paydays.map((pay) => [pay.date, pay.source, pay.member.name, pay.amount_cents])).toEqual([
      ['2026-03-13', 'Teaching', 'Ann', 200000],
      ['2026-03-20', 'Payroll', 'Pat', 300000],
      ['2026-03-27', 'Teaching', 'Ann', 200000],
      ['2026-04-10', 'Teaching', 'Ann', 200000],
      ['2026-04-20', 'Payroll', 'Pat', 300000],
    ]);
    expect(body.bills.map((bill) => [bill.due_date, bill.name, bill.added_by.name, bill.covered_by?.source, bill.covered_by?.date, bill.covered_by?.member.name])).toEqual([
      // The latest paycheck 3 to 14 days before each due date (the Smart Payment Schedule's rule).
      ['2026-03-25', 'Internet', 'Pat', 'Payroll', '2026-03-20', 'Pat'],
      ['2026-04-01', 'Rent', 'Ann', 'Teaching', '2026-03-27', 'Ann'],
    ]);
    expect(body.bills[0]).toMatchObject({ bill_id: internet.id, amount_cents: 8000, covered_by: { income_id: payroll.id, member: { id: pat.id, name: 'Pat' } } });
    expect(body.bills[1]).toMatchObject({ bill_id: rent.id, covered_by: { income_id: teaching.id, member: { id: ann.id, name: 'Ann' } } });
    for (const bill of body.bills) {
      expect(bill.pay_on >= bill.covered_by!.date && bill.pay_on <= bill.due_date).toBe(true);
      expect(bill.days_after_paycheck).toBeGreaterThanOrEqual(0);
    }
    expect(body.totals).toEqual({ paydays_cents: 1_200_000, bills_cents: 128_000 });

    // Every member sees the same calendar, whatever their own personal pay.
    expect((await calendar(ann)).body).toEqual(answer.body);
    expect((await calendar(pat)).body).toEqual(answer.body);
    expect(JSON.stringify(answer.body)).not.toMatch(/Side gig|Gym|Cabin/);
  });

  it('takes a range of at most 62 days, and a bill with no shared paycheck before it is paid from the balance', async () => {
    await post(ann, '/bills', { name: 'Water', amount: 45, due_date: '2026-03-12', priority: 'medium', category: 'utilities', recurring: 'monthly', household_id: HOME });
    const answer = await calendar(bob, '?from=2026-03-10&to=2026-05-10');
    expect(answer.status).toBe(200);
    const body = HouseholdCalendarResponseSchema.parse(answer.body);
    expect(body.paydays).toEqual([]);
    expect(body.bills.map((bill) => [bill.due_date, bill.covered_by, bill.days_after_paycheck])).toEqual([
      ['2026-03-12', null, null],
      ['2026-04-12', null, null],
    ]);
    // From alone: six weeks from it.
    expect((await calendar(bob, '?from=2026-04-01')).body).toMatchObject({ from: '2026-04-01', to: '2026-05-13' });
  });

  it.each([
    ['?from=2026-03-10&to=2026-05-11', 'to', HOUSEHOLD_CALENDAR_MESSAGES.rangeTooLong],
    ['?from=2026-03-10&to=2026-03-09', 'to', HOUSEHOLD_CALENDAR_MESSAGES.toBeforeFrom],
    ['?to=2026-03-01', 'to', HOUSEHOLD_CALENDAR_MESSAGES.toBeforeFrom],
    ['?to=2026-06-30', 'to', HOUSEHOLD_CALENDAR_MESSAGES.rangeTooLong],
    ['?from=2026-02-30', 'from', 'from must be a real date in YYYY-MM-DD format'],
    ['?from=soon', 'from', 'from must be a real date in YYYY-MM-DD format'],
    ['?from=2026-03-10&from=2026-03-11', 'from', 'from must be a date in YYYY-MM-DD format'],
    ['?today=2026-03-20', 'today', expect.stringContaining('today must be within')],
  ])('answers %s 400 naming the field', async (query, field, message) => {
    const answer = await calendar(ann, query);
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual({ [field]: message });
  });

  it('answers a non-member 404, the same as an unknown or malformed id, and shows them nothing', async () => {
    await seed();
    for (const [who, id] of [
      [sam, HOME],
      [ann, CABIN],
      [ann, '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b'],
      [ann, 'not-a-uuid'],
    ] as const) {
      const answer = await calendar(who, '', id);
      expect({ id, status: answer.status, body: answer.body }).toEqual({ id, status: 404, body: { message: FINANCE_MESSAGES.householdNotFound } });
    }
    // A member who left is a stranger from the next request on.
    household.behaviour = { memberships: households([ann, bob]) };
    expect((await calendar(pat)).status).toBe(404);
    expect((await calendar(bob)).status).toBe(200);
  });

  it('answers 503 when household does not answer (membership cannot be told), and 401 without a session', async () => {
    household.behaviour = { silent: true };
    await household.replaceVersions([ann.id]);
    expect((await calendar(ann)).status).toBe(503);
    expect((await h.call('GET', `/households/${HOME}/calendar`, { token: null })).status).toBe(401);
  });
});
