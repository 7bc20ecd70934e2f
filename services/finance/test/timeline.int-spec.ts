import { TimelineResponseSchema } from '@paycadence/contracts';
import { fixedClock } from '@paycadence/nest-kit';
import { startServiceHarness, type ServiceHarness } from '@paycadence/nest-kit/testing';
import type { FinanceConfig } from '../src/config.js';
import { serviceDefinition } from '../src/service-definition.js';

// GET /timeline: the Calendar and Planner ranges, computed by the service (the browser computes nothing).
// The clock is frozen at Tuesday 2026-03-10.
let h: ServiceHarness<FinanceConfig>;

beforeAll(async () => {
  h = await startServiceHarness(serviceDefinition, { basePath: '/api/financial', callAs: 'userA', clock: fixedClock('2026-03-10') });
});
afterAll(async () => {
  await h?.close();
});
beforeEach(() => h.truncate());

async function seed() {
  await h.call('POST', '/income', { body: { source: 'Job', amount: 2000, frequency: 'biweekly', next_date: '2026-03-11' } });
  await h.call('POST', '/bills', { body: { name: 'Rent', amount: 1200, due_date: '2026-03-15', priority: 'high', category: 'rent' } });
  await h.call('POST', '/bills', { body: { name: 'Gym', amount: 40, due_date: '2026-03-12', priority: 'low', category: 'subscriptions', recurring: 'weekly' } });
}

describe('GET /timeline', () => {
  it('answers the month from today in integer cents: occurrences, payment suggestions and the planner totals', async () => {
    await seed();
    const response = await h.call('GET', '/timeline?from=2026-03-10&to=2026-04-09');
    expect(response.status).toBe(200);
    const timeline = TimelineResponseSchema.parse(response.body);
    expect(timeline).toEqual(response.body);
    // Job Mar 11, 25, Apr 8 = $6,000; Rent Mar 15 + Gym Mar 12, 19, 26, Apr 2, 9 = $1,200 + $200.
    expect(timeline.totals).toEqual({ incomeCents: 600_000, billsCents: 140_000, netCents: 460_000 });
    const bills = timeline.items.filter((i) => i.kind === 'bill').map((i) => `${i.date} ${i.name}`);
    expect(bills).toEqual(['2026-03-12 Gym', '2026-03-15 Rent', '2026-03-19 Gym', '2026-03-26 Gym', '2026-04-02 Gym', '2026-04-09 Gym']);
    // Rent (high, due 03-15): 5 days before is 03-10, before the 03-11 payday, so the business day after it.
    expect(timeline.items).toContainEqual(expect.objectContaining({ kind: 'payment', name: 'Rent', date: '2026-03-12', dueDate: '2026-03-15', amountCents: 120_000 }));
  });

  it("answers only the caller's items", async () => {
    await seed();
    const other = await h.call('GET', '/timeline?from=2026-03-10&to=2026-04-09', { token: h.userB.token });
    expect(other.body).toEqual({ from: '2026-03-10', to: '2026-04-09', items: [], totals: { incomeCents: 0, billsCents: 0, netCents: 0 } });
  });

  it.each([
    ['/timeline?from=2026-03-10', 'to', 'to is required in YYYY-MM-DD format'],
    ['/timeline?from=2026-03-10&to=2026-03-09', 'to', 'to must be on or after from'],
    ['/timeline?from=2026-01-01&to=2026-06-30', 'to', 'A timeline covers at most 100 days'],
    ['/timeline?from=2026-03-10&to=2026-04-09&today=2026-03-20', 'today', "today must be within 1 day of the server's date (2026-03-10 UTC); check the device's date"],
  ])('refuses %s with 400 on %s', async (path, field, message) => {
    const response = await h.call('GET', path);
    expect(response.status).toBe(400);
    expect(response.body.errors[field]).toBe(message);
  });

  it('answers 401 without a token', async () => {
    expect((await h.call('GET', '/timeline?from=2026-03-10&to=2026-04-09', { token: null })).status).toBe(401);
  });
});
