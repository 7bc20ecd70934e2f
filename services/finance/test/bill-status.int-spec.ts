import type { ClientProxy } from '@nestjs/microservices';
import {
  BILL_PAYMENTS_PATTERN,
  BILL_STATUS_MESSAGES,
  FINANCE_MESSAGES,
  type BillOccurrenceStatus,
  type BillPaymentsMessage,
  type BillPaymentsReply,
  type DashboardResponse,
  type Membership,
  type TimelineResponse,
} from '@paycadence/contracts';
import { createRedisClient } from '@paycadence/nest-kit';
import { startPrivateRedis, startServiceHarness, type PrivateRedis, type ServiceHarness, type TestUser } from '@paycadence/nest-kit/testing';
import { firstValueFrom, timeout } from 'rxjs';
import { BillStatusService } from '../src/bill-status/bill-status.service.js';
import type { FinanceConfig } from '../src/config.js';
import { serviceDefinition } from '../src/service-definition.js';
import { startHouseholdStandIn, type HouseholdStandIn } from './support/household-stand-in.js';

// Paid, due soon, overdue per bill occurrence, on real PostgreSQL and Redis. bank-sync's payments
// arrive as a real message over the transport; household is a stand-in. The harness's clock stands on 2026-03-10.
// Each dashboard is read once before a change, so a cached answer that did not go stale would show.
let h: ServiceHarness<FinanceConfig>;
let redis: PrivateRedis;
let household: HouseholdStandIn;
let client: ClientProxy;
let ann: TestUser;
let bob: TestUser;
let pat: TestUser;
const HOME = '0b8f5c1e-2d4a-4f6b-9c3e-1a2b3c4d5e6f';

beforeAll(async () => {
  redis = await startPrivateRedis();
  household = await startHouseholdStandIn(redis.url);
  h = await startServiceHarness(serviceDefinition, {
    basePath: '/api/financial',
    redisUrl: redis.url,
    env: { HOUSEHOLD_TIMEOUT_MS: '400', HOUSEHOLD_RETRY_AFTER_MS: '0' },
  });
  [ann, bob, pat] = [h.userA, h.userB, await h.auth.user()];
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
  await household.replaceVersions([ann.id, bob.id, pat.id]);
});

const as = (user: TestUser) => ({
  get: (path: string) => h.call('GET', path, { token: user.token }),
  post: (path: string, body?: unknown) => h.call('POST', path, { token: user.token, body }),
  del: (path: string) => h.call('DELETE', path, { token: user.token }),
});

const sendPayments = (payload: unknown) => firstValueFrom(client.send<BillPaymentsReply>(BILL_PAYMENTS_PATTERN, payload).pipe(timeout(10_000)));
const payments = (user: TestUser, transactions: BillPaymentsMessage['transactions'], computedAt = '2026-03-10T06:00:00.000Z'): BillPaymentsMessage => ({
  userId: user.id,
  computedAt,
  transactions,
});
const oakwood = (id: string, date: string, amountCents: number) => ({ id, date, amountCents, merchantKey: 'oakwood properties', descriptionKey: 'oakwood property rent' });

async function addBill(user: TestUser, bill: Record<string, unknown>): Promise<string> {
  const created = await as(user).post('/bills', { priority: 'high', category: 'rent', recurring: 'monthly', ...bill });
  expect(created.status).toBe(201);
  return (created.body as { id: string }).id;
}

async function dashboard(user: TestUser): Promise<DashboardResponse> {
  const response = await as(user).get('/dashboard-with-insights');
  expect(response.status).toBe(200);
  return response.body as DashboardResponse;
}
const statusOf = (d: DashboardResponse, billId: string, dueDate: string) => d.billStatuses?.find((s) => s.billId === billId && s.dueDate === dueDate);

describe('bill occurrence statuses on the dashboard', () => {
  it("last month's rent turns paid when bank-sync sends its payment (a refund and another merchant do not count)", async () => {
    const rent = await addBill(ann, { name: 'Rent', amount: 1450, due_date: '2026-02-01' });
    const before = await dashboard(ann);
    expect(statusOf(before, rent, '2026-02-01')).toMatchObject({ status: 'overdue', paidBy: null });
    expect(statusOf(before, rent, '2026-03-01')).toMatchObject({ status: 'overdue' });
    expect(statusOf(before, rent, '2026-04-01')).toMatchObject({ status: 'upcoming' });

    const reply = await sendPayments(
      payments(ann, [
        oakwood('feb', '2026-02-02', 145_000),
        { id: 'refund', date: '2026-03-01', amountCents: -145_000, merchantKey: 'oakwood properties', descriptionKey: 'oakwood property rent' },
        { id: 'other', date: '2026-03-01', amountCents: 145_000, merchantKey: 'spotify', descriptionKey: 'spotify' },
      ]),
    );
    expect(reply).toEqual({ ok: true, stored: true });

    const after = await dashboard(ann);
    expect(statusOf(after, rent, '2026-02-01')).toMatchObject({ status: 'paid', paidBy: 'bank', paidOn: '2026-02-02', markedPaid: false });
    expect(statusOf(after, rent, '2026-03-01')).toMatchObject({ status: 'overdue', paidBy: null });
    // Bob's dashboard knows nothing of Ann's payments.
    expect((await dashboard(bob)).billStatuses).toEqual([]);
  });

  it('an older push than the stored one changes nothing; a bad one is refused with the field named', async () => {
    const rent = await addBill(ann, { name: 'Rent', amount: 1450, due_date: '2026-02-01' });
    await sendPayments(payments(ann, [oakwood('feb', '2026-02-02', 145_000)]));
    expect(await sendPayments(payments(ann, [], '2026-03-09T00:00:00.000Z'))).toEqual({ ok: true, stored: false });
    expect(statusOf(await dashboard(ann), rent, '2026-02-01')?.status).toBe('paid');
    const bad = await sendPayments({ userId: ann.id, computedAt: 'yesterday', transactions: [] });
    expect(bad).toMatchObject({ ok: false, errors: { computedAt: expect.any(String) } });
  });
});

describe('a bill tied to the payee that pays it', () => {
  it("rent paid to 'OAKWOOD APTS' is found once the bill is tied to that payee, and untying loses it again", async () => {
    const rent = await addBill(ann, { name: 'Rent', amount: 1450, due_date: '2026-02-01' });
    // A bank (or a statement file) that names the landlord only: nothing in it says rent.
    await sendPayments(payments(ann, [{ id: 'feb', date: '2026-02-01', amountCents: 145_000, merchantKey: 'oakwood apts', descriptionKey: 'oakwood apts' }]));
    expect(statusOf(await dashboard(ann), rent, '2026-02-01')).toMatchObject({ status: 'overdue', paidBy: null });

    const tied = await h.call('PUT', `/bills/${rent}`, { token: ann.token, body: { payee: 'OAKWOOD APTS' } });
    expect(tied.status).toBe(200);
    expect(tied.body).toMatchObject({ id: rent, name: 'Rent', payee: 'OAKWOOD APTS' });
    expect(statusOf(await dashboard(ann), rent, '2026-02-01')).toMatchObject({ status: 'paid', paidBy: 'bank', paidOn: '2026-02-01' });

    // Someone else can neither tie nor untie it.
    expect((await h.call('PUT', `/bills/${rent}`, { token: bob.token, body: { payee: null } })).status).toBe(404);
    expect((await h.call('PUT', `/bills/${rent}`, { token: ann.token, body: { payee: '' } })).status).toBe(400);

    const untied = await h.call('PUT', `/bills/${rent}`, { token: ann.token, body: { payee: null } });
    expect(untied.status).toBe(200);
    expect(untied.body).not.toHaveProperty('payee');
    expect(statusOf(await dashboard(ann), rent, '2026-02-01')).toMatchObject({ status: 'overdue' });
  });
});

describe('POST / DELETE /api/financial/bill-status/{billId}/{dueDate}', () => {
  it('marks an occurrence paid by hand: its payment suggestion goes, the timeline says paid; undo brings both back', async () => {
    await as(ann).post('/income', { source: 'Salary', amount: 3000, frequency: 'monthly', next_date: '2026-03-13' });
    const phone = await addBill(ann, { name: 'Phone', amount: 80, due_date: '2026-03-20', category: 'utilities' });
    const suggestionIds = (d: DashboardResponse) => d.paymentSchedule.map((s) => s.id);
    const before = await dashboard(ann);
    expect(suggestionIds(before)).toContain(`${phone}:2026-03-20`);
    expect(statusOf(before, phone, '2026-03-20')?.status).toBe('upcoming');

    const marked = await as(ann).post(`/bill-status/${phone}/2026-03-20`);
    expect(marked.status).toBe(201);
    expect(marked.body as BillOccurrenceStatus).toEqual({
      billId: phone,
      billName: 'Phone',
      dueDate: '2026-03-20',
      amountCents: 8000,
      status: 'paid',
      paidBy: 'manual',
      paidOn: '2026-03-10',
      markedPaid: true,
    });
    expect((await as(ann).post(`/bill-status/${phone}/2026-03-20`)).status).toBe(201); // twice: no change, no error

    const after = await dashboard(ann);
    expect(statusOf(after, phone, '2026-03-20')).toMatchObject({ status: 'paid', paidBy: 'manual' });
    expect(suggestionIds(after)).not.toContain(`${phone}:2026-03-20`);
    const timeline = (await as(ann).get('/timeline?from=2026-03-01&to=2026-04-30')).body as TimelineResponse;
    expect(timeline.items.find((i) => i.key === `bill:${phone}:2026-03-20`)).toMatchObject({ status: 'paid', markedPaid: true });
    expect(timeline.items.find((i) => i.key === `bill:${phone}:2026-04-20`)?.status).toBe('upcoming');
    expect(timeline.items.some((i) => i.kind === 'payment' && i.dueDate === '2026-03-20')).toBe(false);
    // For other features (reminders): the same answer as a set of keys.
    expect([...(await h.app.get(BillStatusService).paidOccurrenceKeys(ann.id, '2026-03-01', '2026-04-30'))]).toEqual([`${phone}:2026-03-20`]);

    const undone = await as(ann).del(`/bill-status/${phone}/2026-03-20`);
    expect(undone.status).toBe(200);
    expect(undone.body).toMatchObject({ status: 'upcoming', paidBy: null, markedPaid: false });
    expect(suggestionIds(await dashboard(ann))).toContain(`${phone}:2026-03-20`);
  });

  it("another user cannot mark or unmark my bill (404, as for a bill that does not exist), and mine stays as it was", async () => {
    const rent = await addBill(ann, { name: 'Rent', amount: 1450, due_date: '2026-03-01' });
    await as(ann).post(`/bill-status/${rent}/2026-03-01`);
    for (const response of [await as(bob).post(`/bill-status/${rent}/2026-04-01`), await as(bob).del(`/bill-status/${rent}/2026-03-01`)]) {
      expect(response.status).toBe(404);
      expect(response.body).toMatchObject({ message: FINANCE_MESSAGES.billNotFound });
    }
    expect(statusOf(await dashboard(ann), rent, '2026-03-01')).toMatchObject({ status: 'paid', markedPaid: true });
    expect(statusOf(await dashboard(ann), rent, '2026-04-01')).toMatchObject({ status: 'upcoming' });
  });

  it('refuses a malformed id or date (400), a date that is not a due date (404) and one over a year away (400)', async () => {
    const rent = await addBill(ann, { name: 'Rent', amount: 1450, due_date: '2026-03-01' });
    expect((await as(ann).post(`/bill-status/not-a-uuid/2026-03-01`)).status).toBe(400);
    const badDate = await as(ann).post(`/bill-status/${rent}/2026-02-30`);
    expect(badDate.status).toBe(400);
    expect(JSON.stringify(badDate.body)).toContain('dueDate must be a real date');
    const notDue = await as(ann).post(`/bill-status/${rent}/2026-03-02`);
    expect(notDue.status).toBe(404);
    expect(notDue.body).toMatchObject({ message: BILL_STATUS_MESSAGES.notAnOccurrence });
    expect((await as(ann).post(`/bill-status/${rent}/2026-02-01`)).status).toBe(404); // before the date entered
    expect((await as(ann).post(`/bill-status/${rent}/2027-06-01`)).status).toBe(400);
  });

  it("a shared bill: a partner's mark shows on every member's dashboard; a member may not mark (403); an outsider gets 404", async () => {
    const members = [
      { id: ann.id, name: 'Ann', role: 'owner' as const },
      { id: pat.id, name: 'Pat', role: 'partner' as const },
      { id: bob.id, name: 'Bob', role: 'member' as const },
    ];
    const home = (role: Membership['role']): Membership[] => [{ householdId: HOME, name: 'Home', role, members }];
    household.behaviour = { memberships: { [ann.id]: home('owner'), [pat.id]: home('partner'), [bob.id]: home('member') } };
    const rent = await addBill(ann, { name: 'Rent', amount: 1450, due_date: '2026-03-01', household_id: HOME });
    const outsider = await h.auth.user();
    expect(statusOf(await dashboard(bob), rent, '2026-03-01')?.status).toBe('overdue');

    expect((await as(pat).post(`/bill-status/${rent}/2026-03-01`)).status).toBe(201);
    for (const user of [ann, pat, bob]) expect(statusOf(await dashboard(user), rent, '2026-03-01')).toMatchObject({ status: 'paid', paidBy: 'manual' });
    expect((await as(bob).del(`/bill-status/${rent}/2026-03-01`)).status).toBe(403);
    expect((await as(outsider).del(`/bill-status/${rent}/2026-03-01`)).status).toBe(404);
    expect((await as(ann).del(`/bill-status/${rent}/2026-03-01`)).status).toBe(200);
    expect(statusOf(await dashboard(bob), rent, '2026-03-01')?.status).toBe('overdue');
  });

  it('deleting the bill deletes its marks', async () => {
    const rent = await addBill(ann, { name: 'Rent', amount: 1450, due_date: '2026-03-01' });
    await as(ann).post(`/bill-status/${rent}/2026-03-01`);
    expect((await as(ann).del(`/bills/${rent}`)).status).toBe(204);
    expect((await h.db.query(`SELECT count(*)::int AS n FROM "${h.schema}".bill_paid_marks`)).rows[0].n).toBe(0);
  });
});
