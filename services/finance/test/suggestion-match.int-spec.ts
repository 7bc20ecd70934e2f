import type { ClientProxy } from '@nestjs/microservices';
import {
  BILL_PAYMENTS_PATTERN,
  FINANCE_MESSAGES,
  FINANCE_PATTERNS,
  type BillPaymentsReply,
  type DashboardResponse,
  type Membership,
  type SuggestionsResponse,
  type UpsertSuggestionsMessage,
  type UpsertSuggestionsReply,
} from '@paycadence/contracts';
import { createRedisClient } from '@paycadence/nest-kit';
import { startPrivateRedis, startServiceHarness, type PrivateRedis, type ServiceHarness, type TestUser } from '@paycadence/nest-kit/testing';
import { firstValueFrom, timeout } from 'rxjs';
import type { FinanceConfig } from '../src/config.js';
import { serviceDefinition } from '../src/service-definition.js';
import { startHouseholdStandIn, type HouseholdStandIn } from './support/household-stand-in.js';

// A detected bill or income that looks like one the person has ('Is Oakwood Properties your Rent?'): GET
// /suggestions says so, and link or replace make the existing item stand for it instead of adding a second one.
// Suggestions and bank payments arrive as bank-sync sends them, over the Redis transport; household is a stand-in.
// The harness's clock stands on 2026-03-10.
let h: ServiceHarness<FinanceConfig>;
let redis: PrivateRedis;
let household: HouseholdStandIn;
let client: ClientProxy;
let ann: TestUser;
let bob: TestUser;
const HOME = '0b8f5c1e-2d4a-4f6b-9c3e-1a2b3c4d5e6f';
const NOBODYS_ID = '3f2b8c1e-9a4d-4e2f-8b1a-0c9d8e7f6a5b';

beforeAll(async () => {
  redis = await startPrivateRedis();
  household = await startHouseholdStandIn(redis.url);
  h = await startServiceHarness(serviceDefinition, {
    basePath: '/api/financial',
    redisUrl: redis.url,
    env: { HOUSEHOLD_TIMEOUT_MS: '400', HOUSEHOLD_RETRY_AFTER_MS: '0' },
  });
  [ann, bob] = [h.userA, h.userB];
  client = createRedisClient(h.config.REDIS_URL);
  await client.connect();
});
afterAll(async () => {
  await client?.close();
  await h?.close();
  await household?.close();
  await redis?.stop();
});
beforeEach(async () => {
  await h.truncate();
  household.behaviour = { memberships: {} };
  await household.replaceVersions([ann.id, bob.id]);
});

const as = (user: TestUser) => ({
  get: (path: string) => h.call('GET', path, { token: user.token }),
  post: (path: string, body?: unknown) => h.call('POST', path, { token: user.token, body }),
});

const send = <T>(pattern: string, payload: unknown) => firstValueFrom(client.send<T>(pattern, payload).pipe(timeout(10_000)));

/** What detection finds in Ann's (or Bob's) bank: the landlord, a streaming service and the employer's payroll. */
function detected(userId: string): UpsertSuggestionsMessage {
  return {
    userId,
    bills: [
      { externalKey: 'stream-oakwood', name: 'Oakwood Properties', amount: 1500, category: 'rent', suggestedDueDate: '2026-04-02', confidence: 0.93 },
      { externalKey: 'stream-netflix', name: 'Netflix', amount: 15.49, category: 'subscriptions', suggestedDueDate: '2026-03-22', confidence: 0.9 },
    ],
    income: [{ externalKey: 'stream-acme', source: 'ACME PAYROLL', amount: 3100, suggestedFrequency: 'biweekly', suggestedNextDate: '2026-03-14', confidence: 0.9 }],
  };
}
async function detect(user: TestUser): Promise<void> {
  expect(await send<UpsertSuggestionsReply>(FINANCE_PATTERNS.upsertSuggestions, detected(user.id))).toMatchObject({ ok: true });
}

async function add(user: TestUser, path: '/bills' | '/income', body: Record<string, unknown>): Promise<string> {
  const created = await as(user).post(path, body);
  expect(created.status).toBe(201);
  return (created.body as { id: string }).id;
}
const addRent = (user: TestUser, extra: Record<string, unknown> = {}) =>
  add(user, '/bills', { name: 'Rent', amount: 1450, due_date: '2026-01-01', category: 'rent', priority: 'high', recurring: 'monthly', ...extra });
const addSalary = (user: TestUser) => add(user, '/income', { source: 'Salary', amount: 3000, frequency: 'monthly', next_date: '2026-03-13' });

async function suggestions(user: TestUser): Promise<SuggestionsResponse> {
  const response = await as(user).get('/suggestions');
  expect(response.status).toBe(200);
  return response.body as SuggestionsResponse;
}
const billSuggestion = async (user: TestUser, name: string) => (await suggestions(user)).bills.find((b) => b.name === name)!;
const incomeSuggestion = async (user: TestUser, source: string) => (await suggestions(user)).income.find((i) => i.source === source)!;
const statusOfSuggestion = async (id: string) =>
  (await h.db.query(`SELECT status FROM "${h.schema}".suggestions WHERE id = $1`, [id])).rows[0]?.status as string | undefined;
const billRows = async (userId: string) =>
  (await h.db.query(`SELECT id, name, amount::text AS amount, due_date::text AS due_date, recurring, payee, suggestion_id FROM "${h.schema}".bills WHERE user_id = $1`, [userId]))
    .rows;

async function dashboard(user: TestUser): Promise<DashboardResponse> {
  const response = await as(user).get('/dashboard-with-insights');
  expect(response.status).toBe(200);
  return response.body as DashboardResponse;
}

describe('GET /suggestions: looksLike', () => {
  it("offers 'Oakwood Properties' as the Rent and 'ACME PAYROLL' as the Salary; Netflix looks like nothing", async () => {
    const rent = await addRent(ann);
    const salary = await addSalary(ann);
    await detect(ann);
    const list = await suggestions(ann);
    expect(list.bills.find((b) => b.name === 'Oakwood Properties')?.looksLike).toEqual({ id: rent, name: 'Rent', amountCents: 145_000, date: '2026-01-01' });
    expect(list.bills.find((b) => b.name === 'Netflix')).not.toHaveProperty('looksLike');
    expect(list.income[0]?.looksLike).toEqual({ id: salary, name: 'Salary', amountCents: 300_000, date: '2026-03-13' });
    // The list bank-sync asks for (the Connected Accounts screen) says the same.
    const overTransport = await send<SuggestionsResponse>(FINANCE_PATTERNS.listPendingSuggestions, { userId: ann.id });
    expect(overTransport.bills.find((b) => b.name === 'Oakwood Properties')?.looksLike?.id).toBe(rent);
    expect(overTransport.income[0]?.looksLike?.id).toBe(salary);
  });

  it("never offers someone else's bill, nor a shared one the caller may only see; the owner's shared bill is offered", async () => {
    const bobsRent = await addRent(bob);
    await detect(ann);
    expect((await suggestions(ann)).bills.every((b) => !b.looksLike)).toBe(true);

    const members = [
      { id: ann.id, name: 'Ann', role: 'owner' as const },
      { id: bob.id, name: 'Bob', role: 'member' as const },
    ];
    const home = (role: Membership['role']): Membership[] => [{ householdId: HOME, name: 'Home', role, members }];
    household.behaviour = { memberships: { [ann.id]: home('owner'), [bob.id]: home('member') } };
    await household.replaceVersions([ann.id, bob.id]);
    const shared = await addRent(ann, { household_id: HOME });
    await detect(bob);
    // Bob, a member, may see the shared Rent but not change it: his own Rent is offered instead.
    expect((await billSuggestion(bob, 'Oakwood Properties')).looksLike?.id).toBe(bobsRent);
    expect((await billSuggestion(ann, 'Oakwood Properties')).looksLike?.id).toBe(shared);
    expect((await as(bob).post(`/suggestions/${(await billSuggestion(bob, 'Oakwood Properties')).id}/link`, { target_id: shared })).status).toBe(403);
  });
});

describe('POST /suggestions/{id}/link', () => {
  it('keeps one Rent that gains the payee; the suggestion is accepted and gone, for good; the dashboard counts rent once', async () => {
    const rent = await addRent(ann);
    await detect(ann);
    const oakwood = await billSuggestion(ann, 'Oakwood Properties');

    const linked = await as(ann).post(`/suggestions/${oakwood.id}/link`, { target_id: rent });
    expect(linked.status).toBe(200);
    expect(linked.body).toMatchObject({
      kind: 'bill',
      bill: { id: rent, name: 'Rent', amount: 1450, due_date: '2026-01-01', recurring: 'monthly', category: 'rent', payee: 'Oakwood Properties' },
    });
    expect(await billRows(ann.id)).toEqual([
      { id: rent, name: 'Rent', amount: '1450.00', due_date: '2026-01-01', recurring: 'monthly', payee: 'Oakwood Properties', suggestion_id: oakwood.id },
    ]);
    expect((await as(ann).get('/bills')).body).toEqual([expect.objectContaining({ id: rent, payee: 'Oakwood Properties' })]);
    expect(await statusOfSuggestion(oakwood.id)).toBe('accepted');
    expect((await suggestions(ann)).bills.map((b) => b.name)).toEqual(['Netflix']);
    // bank-sync's next run sends the same stream again: it stays answered.
    await detect(ann);
    expect((await suggestions(ann)).bills.map((b) => b.name)).toEqual(['Netflix']);
    expect((await dashboard(ann)).summary.monthlyBillsCents).toBe(145_000);

    const again = await as(ann).post(`/suggestions/${oakwood.id}/link`, { target_id: rent });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ message: FINANCE_MESSAGES.suggestionNotPending });
  });

  it("an income: the suggestion is accepted onto the Salary, which stays as it was; no second income", async () => {
    const salary = await addSalary(ann);
    await detect(ann);
    const acme = await incomeSuggestion(ann, 'ACME PAYROLL');
    const linked = await as(ann).post(`/suggestions/${acme.id}/link`, { target_id: salary });
    expect(linked.status).toBe(200);
    expect(linked.body).toMatchObject({ kind: 'income', income: { id: salary, source: 'Salary', amount: 3000, frequency: 'monthly', next_date: '2026-03-13' } });
    expect((await as(ann).get('/income')).body).toHaveLength(1);
    expect(await statusOfSuggestion(acme.id)).toBe('accepted');
    expect((await suggestions(ann)).income).toEqual([]);
  });

  it("a bank payment to OAKWOOD PROPERTIES pays the linked Rent's occurrence (before the link it did not)", async () => {
    const rent = await addRent(ann);
    const reply = await send<BillPaymentsReply>(BILL_PAYMENTS_PATTERN, {
      userId: ann.id,
      computedAt: '2026-03-10T06:00:00.000Z',
      // Nothing in the bank's words says rent: only the payee can tell.
      transactions: [{ id: 'mar', date: '2026-03-02', amountCents: 145_000, merchantKey: 'oakwood properties', descriptionKey: 'oakwood properties' }],
    });
    expect(reply).toEqual({ ok: true, stored: true });
    const statusOf = (d: DashboardResponse) => d.billStatuses?.find((s) => s.billId === rent && s.dueDate === '2026-03-01');
    expect(statusOf(await dashboard(ann))).toMatchObject({ status: 'overdue', paidBy: null });

    await detect(ann);
    expect((await as(ann).post(`/suggestions/${(await billSuggestion(ann, 'Oakwood Properties')).id}/link`, { target_id: rent })).status).toBe(200);
    expect(statusOf(await dashboard(ann))).toMatchObject({ status: 'paid', paidBy: 'bank', paidOn: '2026-03-02' });
  });
});

describe('POST /suggestions/{id}/replace', () => {
  it('the Rent takes the detected amount, due date and recurrence and the payee; same id, so its paid marks stay', async () => {
    const rent = await addRent(ann);
    expect((await as(ann).post(`/bill-status/${rent}/2026-03-01`)).status).toBe(201);
    await detect(ann);
    const oakwood = await billSuggestion(ann, 'Oakwood Properties');

    const replaced = await as(ann).post(`/suggestions/${oakwood.id}/replace`, { target_id: rent });
    expect(replaced.status).toBe(200);
    expect(replaced.body).toMatchObject({
      kind: 'bill',
      bill: { id: rent, name: 'Rent', amount: 1500, due_date: '2026-04-02', recurring: 'monthly', category: 'rent', priority: 'high', payee: 'Oakwood Properties' },
    });
    expect(await billRows(ann.id)).toHaveLength(1);
    const marks = await h.db.query(`SELECT bill_id, due_date::text AS due_date FROM "${h.schema}".bill_paid_marks`);
    expect(marks.rows).toEqual([{ bill_id: rent, due_date: '2026-03-01' }]);
    expect(await statusOfSuggestion(oakwood.id)).toBe('accepted');
    expect((await dashboard(ann)).summary.monthlyBillsCents).toBe(150_000);
  });

  it('the Salary takes the detected amount, next date and frequency', async () => {
    const salary = await addSalary(ann);
    await detect(ann);
    const acme = await incomeSuggestion(ann, 'ACME PAYROLL');
    const replaced = await as(ann).post(`/suggestions/${acme.id}/replace`, { target_id: salary });
    expect(replaced.status).toBe(200);
    expect(replaced.body).toMatchObject({ kind: 'income', income: { id: salary, source: 'Salary', amount: 3100, frequency: 'biweekly', next_date: '2026-03-14' } });
    expect((await as(ann).get('/income')).body).toHaveLength(1);
  });
});

describe("link and replace refuse what is not the caller's, and what is malformed, changing nothing", () => {
  it("another user's bill or suggestion is not found, exactly like a missing one (404)", async () => {
    const annsRent = await addRent(ann);
    await addRent(bob);
    await detect(ann);
    await detect(bob);
    const annsOakwood = await billSuggestion(ann, 'Oakwood Properties');
    const bobsOakwood = await billSuggestion(bob, 'Oakwood Properties');

    for (const choice of ['link', 'replace']) {
      const theirs = await as(bob).post(`/suggestions/${bobsOakwood.id}/${choice}`, { target_id: annsRent });
      const missing = await as(bob).post(`/suggestions/${bobsOakwood.id}/${choice}`, { target_id: NOBODYS_ID });
      expect(theirs.status).toBe(404);
      expect(theirs.body).toEqual(missing.body);
      expect(theirs.body).toMatchObject({ message: FINANCE_MESSAGES.billNotFound });

      const theirSuggestion = await as(bob).post(`/suggestions/${annsOakwood.id}/${choice}`, { target_id: annsRent });
      const missingSuggestion = await as(bob).post(`/suggestions/${NOBODYS_ID}/${choice}`, { target_id: annsRent });
      expect(theirSuggestion.status).toBe(404);
      expect(theirSuggestion.body).toEqual(missingSuggestion.body);
      expect(theirSuggestion.body).toMatchObject({ message: FINANCE_MESSAGES.suggestionNotFound });
    }
    // A bill suggestion cannot name an income source (nor the reverse): not found either.
    const salary = await addSalary(ann);
    expect((await as(ann).post(`/suggestions/${annsOakwood.id}/link`, { target_id: salary })).status).toBe(404);

    expect(await billRows(ann.id)).toEqual([expect.objectContaining({ id: annsRent, amount: '1450.00', payee: null, suggestion_id: null })]);
    expect(await statusOfSuggestion(annsOakwood.id)).toBe('pending');
    expect(await statusOfSuggestion(bobsOakwood.id)).toBe('pending');
  });

  it('a malformed body is 400, a malformed suggestion id 404, an answered suggestion 409; never a 500', async () => {
    const rent = await addRent(ann);
    await detect(ann);
    const oakwood = await billSuggestion(ann, 'Oakwood Properties');
    for (const body of [undefined, {}, { target_id: 'rent' }, { target_id: 42 }, { target_id: rent, extra: true }, { targetId: rent }, [rent]]) {
      const response = await as(ann).post(`/suggestions/${oakwood.id}/link`, body);
      expect({ body, status: response.status }).toEqual({ body, status: 400 });
    }
    expect((await as(ann).post(`/suggestions/not-an-id/replace`, { target_id: rent })).status).toBe(404);
    expect((await as(ann).post(`/dismiss-suggestion/${oakwood.id}`)).status).toBe(204);
    expect((await as(ann).post(`/suggestions/${oakwood.id}/replace`, { target_id: rent })).status).toBe(409);
    expect(await billRows(ann.id)).toEqual([expect.objectContaining({ amount: '1450.00', payee: null })]);
    expect((await h.call('POST', `/suggestions/${oakwood.id}/link`, { token: null, body: { target_id: rent } })).status).toBe(401);
  });
});
