import { HOUSEHOLD_MESSAGES } from '@payday/contracts';
import { HouseholdError } from './errors.js';
import { HouseholdService } from './household.service.js';

const ID = '3f6c2a1e-0000-4000-8000-000000000001';
const USER = '3f6c2a1e-0000-4000-8000-0000000000aa';

/** A repository double holding the given rows. */
function repositoryWith(rows: Array<{ id: string; userId: string; name: string; createdAt: Date }>) {
  return {
    findOneBy: jest.fn(
      async ({ id, userId }: { id: string; userId: string }) =>
        rows.find((row) => row.id === id && row.userId === userId) ?? null,
    ),
  };
}

describe('HouseholdService.find', () => {
  it("answers the user's own item", async () => {
    const createdAt = new Date('2026-03-10T12:00:00.000Z');
    const service = new HouseholdService(
      repositoryWith([{ id: ID, userId: USER, name: 'first', createdAt }]) as never,
    );
    expect(await service.find(USER, ID)).toEqual({
      id: ID,
      name: 'first',
      createdAt: createdAt.toISOString(),
    });
  });

  it.each([
    ["another user's id", ID],
    ['a malformed id', 'not-a-uuid'],
  ])('refuses %s with ITEM_NOT_FOUND', async (_label, id) => {
    const repository = repositoryWith([{ id: ID, userId: 'someone-else', name: 'x', createdAt: new Date() }]);
    const found = new HouseholdService(repository as never).find(USER, id);
    await expect(found).rejects.toBeInstanceOf(HouseholdError);
    await expect(found).rejects.toMatchObject({
      code: 'ITEM_NOT_FOUND',
      status: 404,
      message: HOUSEHOLD_MESSAGES.itemNotFound,
    });
  });
});
