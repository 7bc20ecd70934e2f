import { FINANCE_MESSAGES, MAX_BILLS_PER_USER } from '@paycadence/contracts';
import { IsNull } from 'typeorm';
import { HouseholdAccess } from '../households/household-access.js';
import type { HouseholdClient } from '../households/household.client.js';
import { BillsService } from './bills.service.js';
import type { Bill } from './bill.entity.js';
import type { HouseholdItemsRelease } from '../households/household-items-release.js';

/** None of the user's items is shared with a household they left. */
const noItemsShared = { householdsOfItemsAddedBy: async () => [] } as unknown as HouseholdItemsRelease;

const ANN = 'user-ann';
const BOB = 'user-bob';
const ANNS_BILL = '11111111-1111-4111-8111-111111111111';

function storedBill(overrides: Partial<Bill> = {}): Bill {
  return {
    id: ANNS_BILL,
    userId: ANN,
    name: 'Rent',
    amount: '1200.00',
    dueDate: '2026-04-01',
    priority: 'high',
    category: 'rent',
    recurring: 'monthly',
    householdId: null,
    payee: null,
    suggestionId: null,
    createdAt: new Date('2026-03-01T00:00:00Z'),
    updatedAt: new Date('2026-03-01T00:00:00Z'),
    ...overrides,
  };
}

/** A TypeORM repository double over an in-memory table, filtering the way the real one does (IsNull included). */
function repositoryWith(rows: Bill[], count = rows.length) {
  const equals = (actual: unknown, expected: unknown) =>
    expected instanceof Object && 'type' in expected && expected.type === 'isNull' ? actual === null : actual === expected;
  const matches = (where: Partial<Bill>) => (row: Bill) =>
    Object.entries(where).every(([key, value]) => equals(row[key as keyof Bill], value));
  const matchesAny = (where: Partial<Bill> | Partial<Bill>[]) => (row: Bill) => [where].flat().some((w) => matches(w)(row));
  return {
    find: jest.fn(async ({ where }: { where: Partial<Bill> | Partial<Bill>[] }) => rows.filter(matchesAny(where))),
    count: jest.fn(async () => count),
    findOneBy: jest.fn(async (where: Partial<Bill>) => rows.find(matches(where)) ?? null),
    create: jest.fn((values: Partial<Bill>) => ({ ...values }) as Bill),
    save: jest.fn(async (bill: Bill) => ({ id: ANNS_BILL, createdAt: new Date(), updatedAt: new Date(), ...bill })),
    delete: jest.fn(async (where: Partial<Bill>) => ({ affected: rows.filter(matches(where)).length })),
  };
}

/** A user in no household: only personal bills are in play. */
const noHouseholds = new HouseholdAccess({ membershipsOf: async () => ({ households: [], fresh: true }) } as unknown as HouseholdClient, noItemsShared);

describe('BillsService ownership', () => {
  it("scopes the list by the caller: Bob sees none of Ann's bills", async () => {
    const repo = repositoryWith([storedBill()]);
    const service = new BillsService(repo as never, noHouseholds);
    expect(await service.list(BOB)).toEqual([]);
    expect(repo.find).toHaveBeenCalledWith(expect.objectContaining({ where: [{ userId: BOB, householdId: IsNull() }] }));
    expect(await service.list(ANN)).toHaveLength(1);
  });

  it("answers not found (404) when Bob updates or deletes Ann's bill, and saves or deletes nothing of hers", async () => {
    const repo = repositoryWith([storedBill()]);
    const service = new BillsService(repo as never, noHouseholds);
    await expect(service.update(BOB, ANNS_BILL, { amount: 1 })).rejects.toMatchObject({ status: 404, message: FINANCE_MESSAGES.billNotFound });
    await expect(service.remove(BOB, ANNS_BILL)).rejects.toMatchObject({ status: 404 });
    expect(repo.delete).not.toHaveBeenCalled();
    expect(repo.save).not.toHaveBeenCalled();
  });

  it('treats a malformed id as not found without querying', async () => {
    const repo = repositoryWith([storedBill()]);
    const service = new BillsService(repo as never, noHouseholds);
    await expect(service.update(ANN, "1' OR '1'='1", { amount: 1 })).rejects.toMatchObject({ status: 404 });
    expect(repo.findOneBy).not.toHaveBeenCalled();
  });

  it('stores a new bill under the caller with the amount as exact NUMERIC text', async () => {
    const repo = repositoryWith([]);
    const service = new BillsService(repo as never, noHouseholds);
    const created = await service.create(ANN, {
      name: 'Phone',
      amount: 19.99,
      due_date: '2026-03-14',
      priority: 'medium',
      category: 'utilities',
      recurring: 'monthly',
    });
    expect(repo.create).toHaveBeenCalledWith(expect.objectContaining({ userId: ANN, amount: '19.99', dueDate: '2026-03-14' }));
    expect(created).toMatchObject({ name: 'Phone', amount: 19.99, due_date: '2026-03-14' });
  });

  it(`refuses a bill beyond ${MAX_BILLS_PER_USER} with 422`, async () => {
    const repo = repositoryWith([], MAX_BILLS_PER_USER);
    const service = new BillsService(repo as never, noHouseholds);
    await expect(
      service.create(ANN, { name: 'x', amount: 1, due_date: '2026-03-14', priority: 'low', category: 'other', recurring: 'once' }),
    ).rejects.toMatchObject({ status: 422, message: FINANCE_MESSAGES.tooManyBills });
    expect(repo.save).not.toHaveBeenCalled();
  });

  it("changes only the fields sent on Ann's own bill", async () => {
    const repo = repositoryWith([storedBill()]);
    const service = new BillsService(repo as never, noHouseholds);
    const updated = await service.update(ANN, ANNS_BILL, { amount: 1250.5 });
    expect(updated).toMatchObject({ name: 'Rent', amount: 1250.5, priority: 'high', due_date: '2026-04-01' });
  });
});
