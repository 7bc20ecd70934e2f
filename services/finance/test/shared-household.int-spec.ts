import { FINANCE_MESSAGES, HOUSEHOLD_EVENTS, HOUSEHOLD_MESSAGES, type Membership } from '@paycadence/contracts';
import { startPrivateRedis, startServiceHarness, type PrivateRedis, type ServiceHarness } from '@paycadence/nest-kit/testing';
import type { TestUser } from '@paycadence/nest-kit/testing';
import type { FinanceConfig } from '../src/config.js';
import { serviceDefinition } from '../src/service-definition.js';
import { startHouseholdStandIn, type HouseholdStandIn } from './support/household-stand-in.js';

// Bills and income a household shares. Finance asks household over the real Redis transport (a test
// Redis of its own) whose side is played by a stand-in; the harness's clock stands on 2026-03-10.
let h: ServiceHarness<FinanceConfig>;
let redis: PrivateRedis;
let household: HouseholdStandIn;
// Ann owns "Home", Pat is a partner, Bob a member; Sam belongs to no household.
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
  household.behaviour = { memberships: homeFor([ann, pat, bob]) };
  household.versioned = false;
  // A new behaviour is a change of everyone's households: kept answers of an earlier test must not apply.
  await household.replaceVersions([ann, pat, bob, sam].map((user) => user.id));
});

/** household's answer: "Home" with Ann owner, Pat partner, Bob member, for each of the given current members. */
function homeFor(current: TestUser[]): Record<string, Membership[]> {
  const roles = new Map([[ann.id, 'owner'], [pat.id, 'partner'], [bob.id, 'member']] as const);
  const names = new Map([[ann.id, 'Ann'], [pat.id, 'Pat'], [bob.id, 'Bob']]);
  const members = current.map((u) => ({ id: u.id, name: names.get(u.id)!, role: roles.get(u.id)! }));
  return Object.fromEntries(current.map((u) => [u.id, [{ householdId: HOME, name: 'Home', role: roles.get(u.id)!, members }]]));
}

const as = (user: TestUser) => ({
  get: (path: string) => h.call('GET', path, { token: user.token }),
  post: (path: string, body: unknown) => h.call('POST', path, { token: user.token, body }),
  put: (path: string, body: unknown) => h.call('PUT', path, { token: user.token, body }),
  del: (path: string) => h.call('DELETE', path, { token: user.token }),
});
const rent = { name: 'Rent', amount: 1200, due_date: '2026-03-25', priority: 'high', category: 'rent', recurring: 'monthly' };
const sharedRent = { ...rent, household_id: HOME };
/** Waits for an event's effect (events are not answered); gives up after a few seconds. */
async function until(done: () => Promise<boolean>): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if (await done()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the event had no effect');
}
const dashboardOf = async (user: TestUser) => (await as(user).get('/dashboard-with-insights')).body;

describe('a bill the household shares', () => {
  it("is created by the owner and answered with the household's name and who added it", async () => {
    const created = await as(ann).post('/bills', sharedRent);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ ...rent, household_id: HOME, household_name: 'Home', added_by: { id: ann.id, name: 'Ann' }, can_edit: true });
  });

  it('is seen and edited by a partner, and the edit reaches every member at once (dashboard included)', async () => {
    const { body: bill } = await as(ann).post('/bills', sharedRent);
    const before = await dashboardOf(bob);
    expect(before.bills).toEqual([expect.objectContaining({ id: bill.id, amountCents: 120000 })]);

    const listed = (await as(pat).get('/bills')).body;
    expect(listed).toEqual([expect.objectContaining({ id: bill.id, household_name: 'Home', added_by: { id: ann.id, name: 'Ann' }, can_edit: true })]);
    const edited = await as(pat).put(`/bills/${bill.id}`, { amount: 1250 });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ amount: 1250, added_by: { id: ann.id, name: 'Ann' } });

    // Bob's dashboard was cached before Pat's edit: it must not be served stale.
    const after = await dashboardOf(bob);
    expect(after.bills).toEqual([
      expect.objectContaining({
        id: bill.id,
        amountCents: 125000,
        shared: { householdId: HOME, householdName: 'Home', addedBy: { id: ann.id, name: 'Ann' }, canEdit: false },
      }),
    ]);
  });

  it('is seen by a member who may neither edit nor delete it (403), nor share a new one', async () => {
    const { body: bill } = await as(ann).post('/bills', sharedRent);
    expect((await as(bob).get('/bills')).body).toEqual([expect.objectContaining({ id: bill.id, can_edit: false })]);

    const edit = await as(bob).put(`/bills/${bill.id}`, { amount: 1 });
    expect(edit.status).toBe(403);
    expect(edit.body.message).toBe(FINANCE_MESSAGES.sharedItemReadOnly);
    expect((await as(bob).del(`/bills/${bill.id}`)).status).toBe(403);
    expect((await as(bob).post('/bills', sharedRent)).status).toBe(403);
    const rows = (await h.db.query(`SELECT amount::text AS amount FROM "${h.schema}".bills`)).rows;
    expect(rows).toEqual([{ amount: '1200.00' }]);
  });

  it('is never seen by a stranger, who can neither change it nor put a bill into that household', async () => {
    const { body: bill } = await as(ann).post('/bills', sharedRent);
    expect((await as(sam).get('/bills')).body).toEqual([]);
    expect((await dashboardOf(sam)).bills).toEqual([]);
    expect((await as(sam).put(`/bills/${bill.id}`, { amount: 1 })).status).toBe(404);
    expect((await as(sam).del(`/bills/${bill.id}`)).status).toBe(404);

    const smuggled = await as(sam).post('/bills', sharedRent);
    expect(smuggled.status).toBe(404);
    expect(smuggled.body.message).toBe(FINANCE_MESSAGES.householdNotFound);
    const { body: own } = await as(sam).post('/bills', rent);
    const moved = await as(sam).put(`/bills/${own.id}`, { household_id: HOME });
    expect(moved.status).toBe(404);
    expect((await as(ann).get('/bills')).body).toHaveLength(1);
  });

  it('is gone from the view of a member who left, at once (lists and the cached dashboard)', async () => {
    const { body: bill } = await as(ann).post('/bills', sharedRent);
    expect((await dashboardOf(pat)).bills).toHaveLength(1);

    household.behaviour = { memberships: homeFor([ann, bob]) };
    expect((await as(pat).get('/bills')).body).toEqual([]);
    expect((await dashboardOf(pat)).bills).toEqual([]);
    expect((await as(pat).put(`/bills/${bill.id}`, { amount: 1 })).status).toBe(404);
    // Those who stay still see it; whoever added it is shown even after they leave.
    household.behaviour = { memberships: homeFor([pat, bob]) };
    expect((await as(bob).get('/bills')).body).toEqual([expect.objectContaining({ id: bill.id, added_by: { id: ann.id, name: 'a former member' } })]);
  });

  it("cannot be moved by a partner into another household of theirs (403); only whoever added it may move it", async () => {
    const { body: bill } = await as(ann).post('/bills', sharedRent);
    // Pat also owns "Cabin" (with Sam); Ann is not in it. Ann owns "Cabin" too in the last step.
    const memberships = homeFor([ann, pat, bob]);
    const cabin = (owner: TestUser): Membership => ({ householdId: CABIN, name: 'Cabin', role: 'owner', members: [{ id: owner.id, name: 'Owner', role: 'owner' }] });
    memberships[pat.id] = [...memberships[pat.id]!, cabin(pat)];
    household.behaviour = { memberships };

    const moved = await as(pat).put(`/bills/${bill.id}`, { household_id: CABIN });
    expect(moved.status).toBe(403);
    expect(moved.body.message).toBe(HOUSEHOLD_MESSAGES.onlyAdderMovesItem);
    expect((await as(ann).get('/bills')).body).toEqual([expect.objectContaining({ id: bill.id, household_id: HOME })]);
    const rows = (await h.db.query(`SELECT household_id FROM "${h.schema}".bills`)).rows;
    expect(rows).toEqual([{ household_id: HOME }]);

    memberships[ann.id] = [...memberships[ann.id]!, cabin(ann)];
    const byAdder = await as(ann).put(`/bills/${bill.id}`, { household_id: CABIN });
    expect(byAdder.status).toBe(200);
    expect(byAdder.body).toMatchObject({ household_id: CABIN, household_name: 'Cabin' });
  });

  it('can be unshared by a partner, after which only the member who added it sees it', async () => {
    const { body: bill } = await as(ann).post('/bills', sharedRent);
    const unshared = await as(pat).put(`/bills/${bill.id}`, { household_id: null });
    expect(unshared.status).toBe(200);
    expect(unshared.body).not.toHaveProperty('household_id');
    expect((await as(pat).get('/bills')).body).toEqual([]);
    expect((await as(ann).get('/bills')).body).toEqual([expect.objectContaining({ id: bill.id })]);
  });
});

describe('a household that was deleted (its owner, alone, left)', () => {
  it('gives its shared bills and income back to whoever added them, dashboard included', async () => {
    household.behaviour = { memberships: homeFor([ann]) };
    const { body: bill } = await as(ann).post('/bills', sharedRent);
    const { body: income } = await as(ann).post('/income', { source: 'Ann salary', amount: 4000, frequency: 'monthly', next_date: '2026-03-20', household_id: HOME });
    expect((await dashboardOf(ann)).bills).toHaveLength(1);

    // Ann leaves: household deletes "Home" and announces it.
    household.behaviour = { memberships: {} };
    await household.emit(HOUSEHOLD_EVENTS.deleted, { householdId: HOME });
    await until(async () => (await h.db.query(`SELECT 1 FROM "${h.schema}".bills WHERE household_id IS NOT NULL`)).rowCount === 0);

    expect((await as(ann).get('/bills')).body).toEqual([expect.objectContaining({ id: bill.id, name: 'Rent' })]);
    expect((await as(ann).get('/bills')).body[0]).not.toHaveProperty('household_id');
    expect((await as(ann).get('/income')).body).toEqual([expect.objectContaining({ id: income.id })]);
    // The dashboard was cached while the bill was shared: it must show it again, as Ann's own.
    const dashboard = await dashboardOf(ann);
    expect(dashboard.bills).toEqual([expect.objectContaining({ id: bill.id })]);
    expect(dashboard.bills[0].shared).toBeUndefined();
  });
});

describe('a household deleted while its event was lost (finance down)', () => {
  it("gives the adder's items back on their next read, and keeps items of a household that still exists shared", async () => {
    const { body: bill } = await as(ann).post('/bills', sharedRent);
    // Ann leaves "Home", which Pat and Bob keep: Ann's bill stays theirs.
    household.behaviour = { memberships: homeFor([pat, bob]) };
    expect((await as(ann).get('/bills')).body).toEqual([]);
    expect((await as(pat).get('/bills')).body).toEqual([expect.objectContaining({ id: bill.id, household_id: HOME })]);

    // Then Pat and Bob leave too: "Home" is gone, and no event arrives.
    household.behaviour = { memberships: {} };
    expect((await as(ann).get('/bills')).body).toEqual([expect.objectContaining({ id: bill.id })]);
    expect((await as(ann).get('/bills')).body[0]).not.toHaveProperty('household_id');
    expect((await dashboardOf(ann)).bills).toEqual([expect.objectContaining({ id: bill.id })]);
  });
});

describe('the Calendar and Planner timeline', () => {
  it("holds the household's shared bill for a member, and no longer once they left", async () => {
    await as(ann).post('/bills', sharedRent);
    const names = async () => ((await as(bob).get('/timeline?from=2026-03-10&to=2026-03-31')).body.items as { name: string; kind: string }[]).filter((i) => i.kind === 'bill').map((i) => i.name);
    expect(await names()).toEqual(['Rent']);
    household.behaviour = { memberships: homeFor([ann, pat]) };
    expect(await names()).toEqual([]);
  });
});

describe('income the household shares', () => {
  it("is seen by every member and pays the shared bill (the household's combined income)", async () => {
    const shared = await as(ann).post('/income', { source: 'Ann salary', amount: 4000, frequency: 'monthly', next_date: '2026-03-20', household_id: HOME });
    expect(shared.status).toBe(201);
    await as(ann).post('/bills', sharedRent);
    // Bob has only his own income, paid after the bill is due; the household's shared income comes first.
    await as(bob).post('/income', { source: 'Bob pay', amount: 900, frequency: 'monthly', next_date: '2026-03-28' });

    expect((await as(bob).get('/income')).body).toEqual([
      expect.objectContaining({ source: 'Ann salary', household_name: 'Home', added_by: { id: ann.id, name: 'Ann' }, can_edit: false }),
      expect.not.objectContaining({ household_id: expect.anything() }),
    ]);
    const dashboard = await dashboardOf(bob);
    expect(dashboard.income.map((i: { source: string }) => i.source)).toEqual(['Ann salary', 'Bob pay']);
    expect(dashboard.paymentSchedule[0]).toMatchObject({ billName: 'Rent', dueDate: '2026-03-25', paymentSource: 'Ann salary' });

    const edit = await as(bob).put(`/income/${shared.body.id}`, { amount: 1 });
    expect(edit.status).toBe(403);
  });
});

describe('when household does not answer', () => {
  it("shows the user's personal items only, never failing the dashboard, and refuses shared writes clearly (503)", async () => {
    const { body: shared } = await as(ann).post('/bills', sharedRent);
    const { body: personal } = await as(ann).post('/bills', { ...rent, name: 'Phone', amount: 40 });

    household.behaviour = { silent: true };
    expect((await as(ann).get('/bills')).body).toEqual([expect.objectContaining({ id: personal.id })]);
    const dashboard = await as(ann).get('/dashboard-with-insights');
    expect(dashboard.status).toBe(200);
    expect(dashboard.body.bills.map((b: { id: string }) => b.id)).toEqual([personal.id]);

    const write = await as(ann).put(`/bills/${shared.id}`, { amount: 1 });
    expect(write.status).toBe(503);
    expect(write.body.message).toBe(FINANCE_MESSAGES.householdUnavailable);
    expect((await as(ann).post('/bills', sharedRent)).status).toBe(503);
    expect((await as(ann).put(`/bills/${personal.id}`, { amount: 45 })).status).toBe(200);
  });
});

describe('membership answers kept under their version', () => {
  it('are reused while the version holds, and asked again once household replaces it (leaving takes effect at once)', async () => {
    household.versioned = true;
    const { body: bill } = await as(ann).post('/bills', sharedRent);
    const asked = household.asked;
    expect((await dashboardOf(bob)).bills).toEqual([expect.objectContaining({ id: bill.id })]);
    expect((await as(bob).get('/bills')).body).toEqual([expect.objectContaining({ id: bill.id })]);
    expect((await dashboardOf(bob)).bills).toHaveLength(1);
    // One question for three reads: the version held.
    expect(household.asked).toBe(asked + 1);

    // Bob leaves: household commits, replaces the members' versions, then answers; his next read sees it.
    household.behaviour = { memberships: homeFor([ann, pat]) };
    await household.replaceVersions([ann.id, pat.id, bob.id]);
    expect((await dashboardOf(bob)).bills).toEqual([]);
    expect((await as(bob).get('/bills')).body).toEqual([]);
    expect(household.asked).toBe(asked + 2);
  });

  it("give the adder's items back when household was deleted and its event lost, once the version was replaced", async () => {
    household.versioned = true;
    const { body: bill } = await as(pat).post('/bills', sharedRent);
    expect((await dashboardOf(pat)).bills).toEqual([expect.objectContaining({ id: bill.id, shared: expect.objectContaining({ householdId: HOME }) })]);
    // Everyone left; household deleted Home and replaced the versions, but its event never reached finance.
    household.behaviour = { memberships: {} };
    await household.replaceVersions([ann.id, pat.id, bob.id]);
    const after = await dashboardOf(pat);
    expect(after.bills).toEqual([expect.objectContaining({ id: bill.id })]);
    expect(after.bills[0].shared).toBeUndefined();
    expect((await dashboardOf(ann)).bills).toEqual([]);
  });

  it('are not reused once the version is gone (a restarted Redis), nor when household sent none', async () => {
    household.versioned = true;
    await as(ann).post('/bills', sharedRent);
    expect((await dashboardOf(bob)).bills).toHaveLength(1);
    const asked = household.asked;
    await household.forgetVersion(bob.id);
    household.behaviour = { memberships: homeFor([ann, pat]) };
    expect((await dashboardOf(bob)).bills).toEqual([]);
    expect(household.asked).toBe(asked + 1);

    household.versioned = false;
    await dashboardOf(pat);
    await dashboardOf(pat);
    expect(household.asked).toBe(asked + 3);
  });
});
