import { HOUSEHOLD_MESSAGES } from '@payday/contracts';
import { startServiceHarness, type ServiceHarness } from '@payday/nest-kit/testing';
import type { HouseholdConfig } from '../src/config.js';
import { serviceDefinition } from '../src/service-definition.js';

// The real service on a fresh schema of the real PostgreSQL, and the real Redis (nest-kit's harness).
let h: ServiceHarness<HouseholdConfig>;

beforeAll(async () => {
  h = await startServiceHarness(serviceDefinition, { basePath: '/api/household', callAs: 'userA' });
});
afterAll(async () => {
  await h?.close();
});
beforeEach(() => h.truncate());

async function storeItem(userId: string, name: string): Promise<string> {
  const { rows } = await h.db.query(
    `INSERT INTO "${h.schema}".items (user_id, name) VALUES ($1, $2) RETURNING id`,
    [userId, name],
  );
  return rows[0].id;
}

describe('GET /api/household/items/{id}', () => {
  it("answers the signed-in user's own item", async () => {
    const id = await storeItem(h.userA.id, 'first');
    const response = await h.call('GET', `/items/${id}`);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id, name: 'first' });
    expect(new Date(response.body.createdAt).toISOString()).toBe(response.body.createdAt);
  });

  it("answers another user's item as not found, with the error's message", async () => {
    const id = await storeItem(h.userB.id, 'not yours');
    const response = await h.call('GET', `/items/${id}`);
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ message: HOUSEHOLD_MESSAGES.itemNotFound });
  });

  it('refuses a caller without a token with 401', async () => {
    const id = await storeItem(h.userA.id, 'first');
    expect((await h.call('GET', `/items/${id}`, { token: null })).status).toBe(401);
  });
});

describe('health', () => {
  it('answers liveness and readiness with the database and Redis reachable', async () => {
    expect((await fetch(`${h.baseUrl}/health`)).status).toBe(200);
    expect((await fetch(`${h.baseUrl}/health/ready`)).status).toBe(200);
  });
});
