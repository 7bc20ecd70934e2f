import { CALENDAR_FEED_PATH, CalendarFeedCreatedSchema, type Membership } from '@paycadence/contracts';
import {
  startPrivateRedis,
  startServiceHarness,
  type PrivateRedis,
  type ServiceHarness,
  type TestUser,
} from '@paycadence/nest-kit/testing';
import type { FinanceConfig } from '../src/config.js';
import { serviceDefinition } from '../src/service-definition.js';
import { startHouseholdStandIn, type HouseholdStandIn } from './support/household-stand-in.js';
import { framingProblems, parseFeed } from './support/ical.js';

// The private calendar feed, on real PostgreSQL and Redis (household played by a stand-in over the real
// transport). The harness's clock stands at 2026-03-10T12:00Z, so the feed covers 2026-02-08 to 2027-03-10.
let h: ServiceHarness<FinanceConfig>;
let redis: PrivateRedis;
let household: HouseholdStandIn;
let ann: TestUser;
let bob: TestUser;
const HOME = '0b8f5c1e-2d4a-4f6b-9c3e-1a2b3c4d5e6f';
/** Every line the service logs while this file runs (LOG_LEVEL info: one line per request). */
const logged: string[] = [];

beforeAll(async () => {
  redis = await startPrivateRedis();
  household = await startHouseholdStandIn(redis.url);
  jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    logged.push(String(chunk));
    return true;
  });
  h = await startServiceHarness(serviceDefinition, {
    basePath: '/api/financial',
    redisUrl: redis.url,
    env: { LOG_LEVEL: 'info', HOUSEHOLD_TIMEOUT_MS: '400', HOUSEHOLD_RETRY_AFTER_MS: '0' },
  });
  [ann, bob] = [h.userA, h.userB];
});
afterAll(async () => {
  jest.restoreAllMocks();
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
  put: (path: string, body?: unknown) => h.call('PUT', path, { token: user.token, body }),
  del: (path: string) => h.call('DELETE', path, { token: user.token }),
});

/** Makes the user's link; answers its path. */
async function createFeed(user: TestUser): Promise<string> {
  const created = await as(user).post('/calendar-feed');
  expect(created.status).toBe(201);
  return CalendarFeedCreatedSchema.parse(created.body).path;
}

/** The feed as a calendar app fetches it: no session, the path alone. */
const fetchFeed = (path: string, method = 'GET') => fetch(`${h.baseUrl}${path}`, { method });

async function seedAnn() {
  await as(ann).post('/income', {
    source: 'Salary',
    amount: 3000,
    frequency: 'monthly',
    next_date: '2026-03-13',
  });
  await as(ann).post('/bills', {
    name: 'Rent, flat 2; "main"\nsecond line 🏠',
    amount: 1200,
    due_date: '2026-03-25',
    priority: 'high',
    category: 'rent',
  });
  await as(ann).post('/bills', {
    name: 'Gym',
    amount: 25.5,
    due_date: '2026-03-12',
    priority: 'low',
    category: 'subscriptions',
    recurring: 'weekly',
  });
}

describe('the signed-in routes', () => {
  it('read off, make a link (answered once), read on without the link, and turn it off', async () => {
    expect((await as(ann).get('/calendar-feed')).body).toEqual({ enabled: false, created_at: null });

    const created = await as(ann).post('/calendar-feed');
    expect(created.status).toBe(201);
    expect(created.headers.get('cache-control')).toBe('private, no-store');
    expect(created.body).toEqual({
      enabled: true,
      created_at: '2026-03-10T12:00:00.000Z',
      path: expect.stringMatching(/^\/api\/financial\/calendar-feed\/[A-Za-z0-9_-]{43}\.ics$/),
    });
    const token = /([A-Za-z0-9_-]{43})\.ics$/.exec(created.body.path)![1]!;

    const status = await as(ann).get('/calendar-feed');
    expect(status.body).toEqual({ enabled: true, created_at: '2026-03-10T12:00:00.000Z' });
    expect(JSON.stringify(status.body)).not.toContain(token);

    // Stored only as its SHA-256: the token itself is nowhere in the table.
    const rows = (await h.db.query(`SELECT user_id, token_hash FROM "${h.schema}".calendar_feeds`)).rows;
    expect(rows).toEqual([{ user_id: ann.id, token_hash: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) }]);
    expect(JSON.stringify(rows)).not.toContain(token);

    const off = await as(ann).del('/calendar-feed');
    expect(off.status).toBe(204);
    expect((await as(ann).get('/calendar-feed')).body).toEqual({ enabled: false, created_at: null });
    expect((await fetchFeed(created.body.path)).status).toBe(404);
    // Turning off what is off is no error.
    expect((await as(ann).del('/calendar-feed')).status).toBe(204);
  });

  it('need a session', async () => {
    for (const method of ['GET', 'POST', 'DELETE'])
      expect((await h.call(method, '/calendar-feed', { token: null })).status).toBe(401);
  });
});

describe('the feed', () => {
  it('serves a valid iCalendar of bill due dates, paydays and suggested pay dates', async () => {
    await seedAnn();
    const path = await createFeed(ann);
    const response = await fetchFeed(path);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const text = await response.text();
    expect(framingProblems(text)).toEqual([]);

    const feed = parseFeed(text);
    expect(feed).toMatchObject({
      version: '2.0',
      prodId: '-//PayCadence//Calendar feed//EN',
      name: 'PayCadence',
    });
    expect(feed.events.every((e) => e.allDay && e.stamp === '2026-03-10T12:00:00Z')).toBe(true);
    const rentName = 'Rent, flat 2; "main"\nsecond line 🏠';
    const byDate = (d: string) => feed.events.filter((e) => e.start === d).map((e) => e.summary);
    expect(byDate('2026-03-13')).toEqual(['Payday: Salary ($3,000.00)']);
    expect(byDate('2026-03-25')).toEqual([`${rentName} due: $1,200.00`]);
    // Rent is high priority: paid 5 days before its due date, from the 03-13 paycheck.
    expect(byDate('2026-03-20')).toContain(`Pay ${rentName} ($1,200.00) from Salary`);
    expect(byDate('2026-03-12')).toEqual(['Gym due: $25.50']);

    // Twelve months ahead: the last monthly rent is 2027-02-25, the last weekly gym on or before 2027-03-10.
    const rent = feed.events.filter((e) => e.summary.startsWith('Rent') && e.categories[0] === 'Bill');
    expect(rent.map((e) => e.start)).toEqual([
      '2026-03-25',
      '2026-04-25',
      '2026-05-25',
      '2026-06-25',
      '2026-07-25',
      '2026-08-25',
      '2026-09-25',
      '2026-10-25',
      '2026-11-25',
      '2026-12-25',
      '2027-01-25',
      '2027-02-25',
    ]);
    expect(feed.events.filter((e) => e.summary.startsWith('Gym due')).at(-1)!.start).toBe('2027-03-04');
    expect(new Set(feed.events.map((e) => e.uid)).size).toBe(feed.events.length);
  });

  it("follows the user's own day where finance knows their time zone (calendar apps send no date)", async () => {
    await seedAnn();
    const path = await createFeed(ann);
    const lastGym = async () => parseFeed(await (await fetchFeed(path)).text()).events.filter((e) => e.summary.startsWith('Gym due')).at(-1)!.start;
    // 12:00Z on 03-10 is already 02:00 on 03-11 in Kiritimati (UTC+14): the twelve months end a day later.
    expect(await lastGym()).toBe('2027-03-04');
    const saved = await as(ann).put('/reminders', { bills: true, income: true, suggestions: true, updates: true, days_before: 3, time_zone: 'Pacific/Kiritimati' });
    expect(saved.status).toBe(200);
    expect(await lastGym()).toBe('2027-03-11');
    await as(ann).put('/reminders', { bills: true, income: true, suggestions: true, updates: true, days_before: 3, time_zone: 'America/Los_Angeles' });
    expect(await lastGym()).toBe('2027-03-04');
  });

  it('keeps every UID when fetched again, and moves a changed bill rather than adding a copy', async () => {
    await seedAnn();
    const path = await createFeed(ann);
    const first = parseFeed(await (await fetchFeed(path)).text()).events;
    const again = parseFeed(await (await fetchFeed(path)).text()).events;
    expect(again.map((e) => e.uid)).toEqual(first.map((e) => e.uid));

    const [gym] = (await as(ann).get('/bills')).body.filter((b: { name: string }) => b.name === 'Gym');
    await h.call('PUT', `/bills/${gym.id}`, { token: ann.token, body: { amount: 30 } });
    const changed = parseFeed(await (await fetchFeed(path)).text()).events;
    const firstGym = first.find((e) => e.summary === 'Gym due: $25.50')!;
    expect(changed.find((e) => e.uid === firstGym.uid)).toMatchObject({
      summary: 'Gym due: $30.00',
      start: firstGym.start,
    });
    expect(changed).toHaveLength(first.length);
  });

  it("includes the household's shared bills and income the user sees, as the dashboard does", async () => {
    const members = [
      { id: ann.id, name: 'Ann', role: 'owner' as const },
      { id: bob.id, name: 'Bob', role: 'member' as const },
    ];
    const home = (role: Membership['role']): Membership[] => [
      { householdId: HOME, name: 'Home', role, members },
    ];
    household.behaviour = { memberships: { [ann.id]: home('owner'), [bob.id]: home('member') } };
    await household.replaceVersions([ann.id, bob.id]);
    expect(
      (
        await as(ann).post('/bills', {
          name: 'Water',
          amount: 60,
          due_date: '2026-03-28',
          household_id: HOME,
        })
      ).status,
    ).toBe(201);
    await as(ann).post('/bills', { name: 'Ann only', amount: 5, due_date: '2026-03-28' });

    const summaries = parseFeed(await (await fetchFeed(await createFeed(bob))).text()).events.map(
      (e) => e.summary,
    );
    expect(summaries).toContain('Water due: $60.00');
    expect(summaries.join('\n')).not.toContain('Ann only');
  });

  it('answers a bare 404 for a malformed, unknown or revoked token, and for another path shape', async () => {
    const path = await createFeed(ann);
    const unknown = `${CALENDAR_FEED_PATH}/${'A'.repeat(43)}.ics`;
    for (const miss of [
      unknown,
      `${CALENDAR_FEED_PATH}/short.ics`,
      `${CALENDAR_FEED_PATH}/${'%2F'.repeat(20)}.ics`,
      path.replace(/.\.ics$/, '.ics'),
    ]) {
      const response = await fetchFeed(miss);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ message: 'Not found' });
    }
    await as(ann).del('/calendar-feed');
    expect((await fetchFeed(path)).status).toBe(404);
  });

  it('answers HEAD as GET, without a body', async () => {
    const path = await createFeed(ann);
    const head = await fetchFeed(path, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
  });

  it('never writes the token into the request log', async () => {
    const path = await createFeed(ann);
    const token = /([A-Za-z0-9_-]{43})\.ics$/.exec(path)![1]!;
    logged.length = 0;
    await fetchFeed(path);
    await fetchFeed(`${CALENDAR_FEED_PATH}/${'B'.repeat(43)}.ics`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const lines = logged
      .join('')
      .split('\n')
      .filter((line) => line.includes('"msg":"request"'));
    expect(lines.filter((line) => line.includes('calendar-feed/:token.ics'))).toHaveLength(2);
    expect(logged.join('')).not.toContain(token);
    expect(logged.join('')).not.toContain('B'.repeat(43));
  });
});

describe('regenerating', () => {
  it('replaces the link: the old URL stops working at once, the new one serves the same calendar', async () => {
    await seedAnn();
    const oldPath = await createFeed(ann);
    const before = await (await fetchFeed(oldPath)).text();
    const newPath = await createFeed(ann);
    expect(newPath).not.toBe(oldPath);
    expect((await fetchFeed(oldPath)).status).toBe(404);
    const after = await fetchFeed(newPath);
    expect(after.status).toBe(200);
    expect(parseFeed(await after.text()).events).toEqual(parseFeed(before).events);
    expect((await h.db.query(`SELECT count(*)::int AS n FROM "${h.schema}".calendar_feeds`)).rows[0].n).toBe(
      1,
    );
  });
});

describe('another user', () => {
  it("never reads or changes someone else's feed: each route acts on the caller's own link only", async () => {
    await seedAnn();
    const annPath = await createFeed(ann);
    const annRow = (
      await h.db.query(`SELECT * FROM "${h.schema}".calendar_feeds WHERE user_id = $1`, [ann.id])
    ).rows;

    expect((await as(bob).get('/calendar-feed')).body).toEqual({ enabled: false, created_at: null });
    const bobPath = await createFeed(bob);
    expect((await as(bob).del('/calendar-feed')).status).toBe(204);
    expect((await fetchFeed(bobPath)).status).toBe(404);

    expect(
      (await h.db.query(`SELECT * FROM "${h.schema}".calendar_feeds WHERE user_id = $1`, [ann.id])).rows,
    ).toEqual(annRow);
    expect((await fetchFeed(annPath)).status).toBe(200);
  });

  it("sees only their own items through their own link, never Ann's", async () => {
    await seedAnn();
    await createFeed(ann);
    await as(bob).post('/bills', { name: 'Bob phone', amount: 40, due_date: '2026-03-20' });
    const summaries = parseFeed(await (await fetchFeed(await createFeed(bob))).text()).events.map(
      (e) => e.summary,
    );
    expect(summaries.some((s) => s.startsWith('Bob phone due'))).toBe(true);
    expect(summaries.join('\n')).not.toMatch(/Rent|Gym|Salary/);
  });
});
