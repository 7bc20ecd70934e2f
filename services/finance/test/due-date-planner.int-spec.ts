import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import {
  BillSchema,
  DueDateMoveSchema,
  DueDatePlanResponseSchema,
  TimelineResponseSchema,
  type DueDateMoveDto,
  type DueDatePlanResponse,
  type Membership,
} from '@paycadence/contracts';
import { fixedClock } from '@paycadence/nest-kit';
import { startPrivateRedis, startServiceHarness, type PrivateRedis, type ServiceHarness, type TestUser } from '@paycadence/nest-kit/testing';
import type { FinanceConfig } from '../src/config.js';
import { serviceDefinition } from '../src/service-definition.js';
import { startAuthDirectoryStandIn, type AuthDirectoryStandIn } from './support/auth-directory-stand-in.js';
import { startHouseholdStandIn, type HouseholdStandIn } from './support/household-stand-in.js';

// The due-date planner through HTTP as the browser calls it (docs/due-date-planner.md): a teacher paid monthly on
// the 25th with rent on the 1st, phone on the 5th and a car loan on the 12th. The clock stands at Monday 2026-12-07;
// auth's directory and household are stand-ins on the real Redis transport, the letter lands in a real outbox.
let h: ServiceHarness<FinanceConfig>;
let redis: PrivateRedis;
let directory: AuthDirectoryStandIn;
let household: HouseholdStandIn;
let dataDir: string;

beforeAll(async () => {
  redis = await startPrivateRedis();
  directory = await startAuthDirectoryStandIn(redis.url);
  household = await startHouseholdStandIn(redis.url);
  dataDir = mkdtempSync(join(tmpdir(), 'finance-planner-'));
  h = await startServiceHarness(serviceDefinition, {
    basePath: '/api/financial',
    callAs: 'userA',
    redisUrl: redis.url,
    clock: fixedClock('2026-12-07T15:00:00Z'),
    env: { DATA_DIR: dataDir, HOUSEHOLD_TIMEOUT_MS: '400', AUTH_DIRECTORY_TIMEOUT_MS: '1000' },
  });
});
afterAll(async () => {
  await h?.close();
  await household?.close();
  await directory?.close();
  await redis?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});
beforeEach(async () => {
  await h.truncate();
  rmSync(join(dataDir, 'outbox'), { recursive: true, force: true });
  household.behaviour = { memberships: {} };
  directory.users.set(h.userA.id, { id: h.userA.id, email: 'ann@example.com', firstName: 'Ann', lastName: 'Teacher', emailConfirmed: true });
  directory.users.set(h.userB.id, { id: h.userB.id, email: 'bob@example.com', firstName: 'Bob', lastName: null, emailConfirmed: true });
});

interface Teacher {
  rent: string;
  phone: string;
  car: string;
}

async function createBill(body: Record<string, unknown>, user: TestUser = h.userA): Promise<string> {
  const response = await h.call('POST', '/bills', { token: user.token, body });
  expect(response.status).toBe(201);
  return BillSchema.parse(response.body).id;
}

async function teacher(user: TestUser = h.userA): Promise<Teacher> {
  const income = await h.call('POST', '/income', { token: user.token, body: { source: 'Teacher salary', amount: 3850, frequency: 'monthly', next_date: '2026-12-25' } });
  expect(income.status).toBe(201);
  return {
    rent: await createBill({ name: 'Rent', amount: 1450, due_date: '2027-01-01', category: 'rent', priority: 'high' }, user),
    phone: await createBill({ name: 'Phone', amount: 85, due_date: '2026-12-05', category: 'utilities' }, user),
    car: await createBill({ name: 'Car', amount: 389, due_date: '2026-12-12', category: 'loans', due_day_min: 1, due_day_max: 28 }, user),
  };
}

async function plan(user: TestUser = h.userA, query = ''): Promise<DueDatePlanResponse> {
  const response = await h.call('GET', `/due-date-plan${query}`, { token: user.token });
  expect(response.status).toBe(200);
  return DueDatePlanResponseSchema.parse(response.body);
}

async function accept(billId: string, toDay: number, user: TestUser = h.userA): Promise<DueDateMoveDto> {
  const response = await h.call('POST', '/due-date-moves', { token: user.token, body: { billId, toDay } });
  expect(response.status).toBe(201);
  return DueDateMoveSchema.parse(response.body);
}

const phoneDates = async (user: TestUser = h.userA) => {
  const response = await h.call('GET', '/timeline?from=2026-12-01&to=2027-03-06', { token: user.token });
  expect(response.status).toBe(200);
  return TimelineResponseSchema.parse(response.body)
    .items.filter((item) => item.kind === 'bill' && item.name === 'Phone')
    .map((item) => item.date);
};

describe('a bill says whether its due date can change', () => {
  it('defaults from its category and keeps what the person says', async () => {
    const bills = await teacher();
    const listed = (await h.call('GET', '/bills')).body as { id: string; due_day_flexible: string; due_day_min: number; due_day_max: number }[];
    const byId = new Map(listed.map((bill) => [bill.id, bill]));
    expect(byId.get(bills.rent)).toMatchObject({ due_day_flexible: 'no', due_day_min: 1, due_day_max: 31 });
    expect(byId.get(bills.phone)).toMatchObject({ due_day_flexible: 'yes' });
    expect(byId.get(bills.car)).toMatchObject({ due_day_flexible: 'yes', due_day_min: 1, due_day_max: 28 });
    const changed = await h.call('PUT', `/bills/${bills.rent}`, { body: { due_day_flexible: 'unknown' } });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ due_day_flexible: 'unknown' });
  });

  it.each([
    [{ due_day_flexible: 'maybe' }, 'Can the due date change must be one of: yes, no, unknown'],
    [{ due_day_min: 0 }, 'The first allowed due day must be a day of the month (1 to 31)'],
    [{ due_day_max: 32 }, 'The last allowed due day must be a day of the month (1 to 31)'],
    [{ due_day_min: 2.5 }, 'The first allowed due day must be a whole day of the month'],
    [{ due_day_min: 20, due_day_max: 10 }, 'The first allowed due day must not be after the last'],
  ])('refuses %j with a 400 naming the problem and stores nothing', async (fields, message) => {
    const response = await h.call('POST', '/bills', { body: { name: 'Phone', amount: 85, due_date: '2026-12-05', ...fields } });
    expect(response.status).toBe(400);
    expect(JSON.stringify(response.body)).toContain(message);
    expect((await h.call('GET', '/bills')).body).toEqual([]);
  });

  it('checks one end of the range sent alone against the stored other end', async () => {
    const { car } = await teacher();
    const response = await h.call('PUT', `/bills/${car}`, { body: { due_day_min: 29 } });
    expect(response.status).toBe(400);
    expect(JSON.stringify(response.body)).toContain('The first allowed due day must not be after the last');
    expect((await h.call('GET', '/bills')).body).toEqual(expect.arrayContaining([expect.objectContaining({ id: car, due_day_min: 1, due_day_max: 28 })]));
  });
});

describe('GET /api/financial/due-date-plan', () => {
  it("moves the teacher's movable bills to just after her paycheck, never the rent, and never lowers her lowest balance", async () => {
    const bills = await teacher();
    const result = await plan();
    expect(result.accountHolder).toBe('Ann Teacher');
    expect(result.moves.map((move) => move.billId)).not.toContain(bills.rent);
    const phone = result.moves.find((move) => move.billId === bills.phone);
    expect(phone).toBeDefined();
    expect(phone!.fromDay).toBe(5);
    expect(phone!.daysAfterPayday).toBeGreaterThanOrEqual(1);
    expect(phone!.daysAfterPayday).toBeLessThanOrEqual(5);
    for (const move of result.moves.filter((m) => m.billId === bills.car)) expect(move.toDay).toBeLessThanOrEqual(28);
    expect(result.after.lowestBalanceCents).toBeGreaterThanOrEqual(result.before.lowestBalanceCents);
    expect(result.before.days).toHaveLength(result.chartDays + 1);
    expect(result.before.days[0]!.date).toBe('2026-12-07');
  });

  it('keeps a bill the person marked as not movable where it is', async () => {
    const bills = await teacher();
    await h.call('PUT', `/bills/${bills.phone}`, { body: { due_day_flexible: 'no' } });
    expect((await plan()).moves.map((move) => move.billId)).not.toContain(bills.phone);
  });

  it('plans around the choices the person made in the planner (a day, or keep)', async () => {
    const bills = await teacher();
    const response = await h.call('POST', '/due-date-plan/preview', { body: { choices: [{ billId: bills.phone, toDay: 28 }, { billId: bills.car, toDay: null }] } });
    expect(response.status).toBe(200);
    const preview = DueDatePlanResponseSchema.parse(response.body);
    expect(preview.moves.find((move) => move.billId === bills.phone)).toMatchObject({ toDay: 28, chosenBy: 'person' });
    expect(preview.moves.map((move) => move.billId)).not.toContain(bills.car);
  });

  it.each([
    [{ choices: [{ billId: 'not-a-uuid', toDay: 3 }] }, 'billId must be a bill id'],
    [{ choices: [{ billId: randomUUID(), toDay: 32 }] }, ''],
    [{ choices: 'all' }, 'choices must be a list'],
    [{ choices: [], userId: 'x' }, ''],
  ])('refuses the malformed preview %j with a 400', async (body, message) => {
    const response = await h.call('POST', '/due-date-plan/preview', { body });
    expect(response.status).toBe(400);
    expect(JSON.stringify(response.body)).toContain(message);
  });

  it("another user's bills are neither planned nor changed by a preview naming them", async () => {
    const bills = await teacher(h.userA);
    const response = await h.call('POST', '/due-date-plan/preview', { token: h.userB.token, body: { choices: [{ billId: bills.phone, toDay: 27 }] } });
    expect(response.status).toBe(200);
    const preview = DueDatePlanResponseSchema.parse(response.body);
    expect(preview.moves).toEqual([]);
    expect(preview.before.paycheckLoads).toEqual([]);
  });

  it("plans a household's shared bills only for its members (404 for anyone else)", async () => {
    const householdId = randomUUID();
    const membership: Membership = { householdId, name: 'Home', role: 'owner', members: [{ id: h.userA.id, name: 'Ann', role: 'owner' }] };
    household.behaviour = { memberships: { [h.userA.id]: [membership] } };
    await h.call('POST', '/income', { body: { source: 'Teacher salary', amount: 3850, frequency: 'monthly', next_date: '2026-12-25', household_id: householdId } });
    const internet = await createBill({ name: 'Internet', amount: 70, due_date: '2026-12-05', category: 'utilities', household_id: householdId });
    await createBill({ name: 'Gym', amount: 40, due_date: '2026-12-06', category: 'subscriptions' });
    const shared = await plan(h.userA, `?household_id=${householdId}`);
    expect(shared.householdId).toBe(householdId);
    expect(shared.moves.every((move) => move.billId === internet && move.householdId === householdId)).toBe(true);
    const outsider = await h.call('GET', `/due-date-plan?household_id=${householdId}`, { token: h.userB.token });
    expect(outsider.status).toBe(404);
    expect(JSON.stringify(outsider.body)).not.toContain('Internet');
  });
});

describe('the moves with billers', () => {
  it('walks a move from planned to asked to confirmed, and the bill changes from the effective date on', async () => {
    const { phone } = await teacher();
    // The occurrence of December 5 is marked paid before the change: it keeps its date, so its mark still holds.
    expect((await h.call('POST', `/bill-status/${phone}/2026-12-05`)).status).toBe(201);
    expect((await plan()).savedMoves).toEqual([]);
    const move = await accept(phone, 27);
    expect(move).toMatchObject({ status: 'planned', fromDay: 5, toDay: 27, billName: 'Phone', amountCents: 8500, effectiveDate: null });
    // The plan is kept between dashboard loads, under a version the move's write bumped: it shows the move at once.
    expect((await plan()).savedMoves).toEqual([expect.objectContaining({ id: move.id, status: 'planned' })]);
    const asked = await h.call('PUT', `/due-date-moves/${move.id}`, { body: { status: 'asked' } });
    expect(asked.status).toBe(200);
    expect(DueDateMoveSchema.parse(asked.body).askedAt).not.toBeNull();
    expect(await phoneDates()).toEqual(['2026-12-05', '2027-01-05', '2027-02-05', '2027-03-05']);

    const missingDate = await h.call('PUT', `/due-date-moves/${move.id}`, { body: { status: 'confirmed' } });
    expect(missingDate.status).toBe(400);
    expect(JSON.stringify(missingDate.body)).toContain('Enter the date the new due day takes effect');
    const tooLate = await h.call('PUT', `/due-date-moves/${move.id}`, { body: { status: 'confirmed', effectiveDate: '2028-06-01' } });
    expect(tooLate.status).toBe(400);

    const confirmed = await h.call('PUT', `/due-date-moves/${move.id}`, { body: { status: 'confirmed', effectiveDate: '2027-01-10' } });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ status: 'confirmed', effectiveDate: '2027-01-10' });
    // January 5 is still the old day; from January 10 on the phone is due on the 27th.
    expect(await phoneDates()).toEqual(['2026-12-05', '2027-01-05', '2027-01-27', '2027-02-27']);
    const bill = ((await h.call('GET', '/bills')).body as Record<string, unknown>[]).find((b) => b.id === phone);
    expect(bill).toMatchObject({ due_date: '2027-01-27', earlier_due_date: '2026-12-05', due_date_from: '2027-01-10' });
    const status = await h.call('POST', `/bill-status/${phone}/2026-12-05`);
    expect([200, 201]).toContain(status.status);
    // A confirmed move is the bill's history: final, and it stays.
    expect((await h.call('PUT', `/due-date-moves/${move.id}`, { body: { status: 'declined' } })).status).toBe(409);
    expect((await h.call('DELETE', `/due-date-moves/${move.id}`)).status).toBe(409);
    // The plan now counts the phone on its new day: no move of it is proposed again.
    expect((await plan()).moves.map((m) => m.billId)).not.toContain(phone);
  });

  it('refuses a move the bill cannot make, with the reason', async () => {
    const bills = await teacher();
    const weekly = await createBill({ name: 'Groceries', amount: 120, due_date: '2026-12-09', category: 'other', recurring: 'weekly', due_day_flexible: 'yes' });
    const cases: [string, number, number, string][] = [
      [bills.rent, 27, 409, 'This bill is marked as one whose due date cannot change'],
      [bills.car, 30, 400, 'Choose a due day from 1 to 28: the days this biller allows'],
      [bills.phone, 5, 409, 'The bill is already due on that day'],
      [weekly, 3, 409, 'Only a bill that repeats monthly, quarterly or yearly can move'],
    ];
    for (const [billId, toDay, status, message] of cases) {
      const response = await h.call('POST', '/due-date-moves', { body: { billId, toDay } });
      expect(response.status).toBe(status);
      expect(JSON.stringify(response.body)).toContain(message);
    }
    await accept(bills.phone, 27);
    const again = await h.call('POST', '/due-date-moves', { body: { billId: bills.phone, toDay: 28 } });
    expect(again.status).toBe(409);
    expect(((await h.call('GET', '/due-date-moves')).body as { moves: unknown[] }).moves).toHaveLength(1);
  });

  it('a planned move can be removed, and a declined one keeps the bill out of the plan', async () => {
    const { phone } = await teacher();
    const move = await accept(phone, 27);
    expect((await h.call('DELETE', `/due-date-moves/${move.id}`)).status).toBe(204);
    expect((await h.call('GET', '/due-date-moves')).body).toEqual({ moves: [] });
    const second = await accept(phone, 27);
    expect((await h.call('PUT', `/due-date-moves/${second.id}`, { body: { status: 'declined' } })).status).toBe(200);
    expect((await plan()).moves.map((m) => m.billId)).not.toContain(phone);
  });

  it('e-mails the letter to the signed-in person only once their address is confirmed', async () => {
    const { phone } = await teacher();
    const move = await accept(phone, 27);
    directory.users.set(h.userA.id, { ...directory.users.get(h.userA.id)!, emailConfirmed: false });
    const refused = await h.call('POST', `/due-date-moves/${move.id}/letter`);
    expect(refused.status).toBe(409);
    expect(JSON.stringify(refused.body)).toContain('Confirm your e-mail address first');
    directory.users.set(h.userA.id, { ...directory.users.get(h.userA.id)!, emailConfirmed: true });
    const sent = await h.call('POST', `/due-date-moves/${move.id}/letter`);
    expect(sent.status).toBe(200);
    const outbox = join(dataDir, 'outbox');
    const mails = readdirSync(outbox).map((file) => JSON.parse(readFileSync(join(outbox, file), 'utf8')) as { to: string; text: string });
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toBe('ann@example.com');
    expect(mails[0]!.text).toContain('from the 5th to the 27th of each month');
    // The paycheck the new day follows, as the plan names it (the 25th falls on a weekday in January 2027).
    expect(mails[0]!.text).toMatch(/My paycheck arrives on the 2[45]th of the month/);
    expect(mails[0]!.text).toContain('Ann Teacher');
  });

  it("another user can neither read nor change someone's moves, nor start one on their bill", async () => {
    const { phone } = await teacher(h.userA);
    const move = await accept(phone, 27);
    const asB = { token: h.userB.token };
    expect((await h.call('GET', '/due-date-moves', asB)).body).toEqual({ moves: [] });
    expect((await h.call('PUT', `/due-date-moves/${move.id}`, { ...asB, body: { status: 'confirmed', effectiveDate: '2027-01-10' } })).status).toBe(404);
    expect((await h.call('DELETE', `/due-date-moves/${move.id}`, asB)).status).toBe(404);
    expect((await h.call('POST', `/due-date-moves/${move.id}/letter`, asB)).status).toBe(404);
    expect((await h.call('POST', '/due-date-moves', { ...asB, body: { billId: phone, toDay: 20 } })).status).toBe(404);
    expect((await h.call('PUT', '/due-date-moves/not-an-id', { ...asB, body: { status: 'asked' } })).status).toBe(404);
    const mine = (await h.call('GET', '/due-date-moves')).body as { moves: DueDateMoveDto[] };
    expect(mine.moves).toEqual([expect.objectContaining({ id: move.id, status: 'planned', toDay: 27 })]);
    expect(await phoneDates()).toEqual(['2026-12-05', '2027-01-05', '2027-02-05', '2027-03-05']);
  });
});
