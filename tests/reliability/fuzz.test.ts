// Issue 12, reliability suite: a seeded fuzz of malformed requests, at least FUZZ_PER_SERVICE per service,
// across every route of the contracts' route tables, sent straight to each service (the gateway's per-IP limits
// would only answer 429). Every request must get an answer below 500 on a connection that stays usable, and
// afterwards every service must still answer a normal request correctly. Replay a run with FUZZ_SEED=<seed>.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fuzzCase, fuzzRoutes, unsafeTextSweep, type FuzzRequest, type FuzzSessions } from './support/fuzz-cases';
import { closeAgents, pool, send, type FuzzOutcome } from './support/fuzz-http';
import { fuzzSeed, seededRandom } from './support/fuzz-random';
import { createAdminParty, registerParty, type Party } from './support/fuzz-sessions';
import { serviceUrls } from './support/stack';

const FUZZ_PER_SERVICE = Number(process.env.FUZZ_PER_SERVICE ?? 1000);
const CONCURRENCY = 12;

const seed = fuzzSeed();
const urls = serviceUrls();
let sessions: FuzzSessions;
/** Signed in but never used by the fuzz, so the after-check cannot be spoiled by what the fuzz did to its user. */
let control: Party;
let admin: Party;
let outcomes: FuzzOutcome[] = [];

beforeAll(async () => {
  console.log(`fuzz seed ${seed} (replay: FUZZ_SEED=${seed})`);
  const [user, controlUser, adminParty, disposable] = [
    await registerParty(urls.auth, 'fuzz-user'),
    await registerParty(urls.auth, 'fuzz-control'),
    await createAdminParty(urls.auth),
    await registerParty(urls.auth, 'fuzz-signout'),
  ];
  control = controlUser;
  admin = adminParty;
  sessions = { user, admin, disposable };

  const random = seededRandom(seed);
  const routes = fuzzRoutes();
  const requests: FuzzRequest[] = [];
  for (const service of Object.keys(urls)) {
    const own = routes.filter((route) => route.service === service);
    for (let index = 0; index < FUZZ_PER_SERVICE && own.length > 0; index += 1) requests.push(fuzzCase(random, own[index % own.length], sessions));
    for (const route of own) requests.push(...unsafeTextSweep(random, route, sessions));
  }
  random.shuffle(requests);
  outcomes = await pool(requests, CONCURRENCY, (request) => send(urls[request.service], request));
}, 300_000);

afterAll(() => closeAgents());

const report = (list: FuzzOutcome[]) =>
  list
    .slice(0, 15)
    .map((outcome) => `${outcome.status ?? 'no answer'} ${outcome.request.method} ${outcome.request.path.slice(0, 120)} [${outcome.request.label}] -> ${outcome.detail.slice(0, 200)}`)
    .join('\n');

describe(`fuzz (seed ${seed})`, () => {
  it('covers every route of every service with at least the planned number of requests', () => {
    const routes = fuzzRoutes();
    // Every service the route tables name must be running, or its routes would silently go unfuzzed.
    expect(Object.keys(urls).sort()).toEqual(expect.arrayContaining([...new Set(routes.map((route) => route.service))].sort()));
    for (const service of Object.keys(urls)) {
      expect(outcomes.filter((outcome) => outcome.request.service === service).length, service).toBeGreaterThanOrEqual(FUZZ_PER_SERVICE);
    }
    const fuzzed = new Set(outcomes.map((outcome) => `${outcome.request.service} ${outcome.request.route}`));
    const missed = routes.filter((route) => urls[route.service] && !fuzzed.has(`${route.service} ${route.method} ${route.path}`));
    expect(missed.map((route) => `${route.method} ${route.path}`)).toEqual([]);
  });

  it('answers every malformed request below 500', () => {
    const tally: Record<string, Record<string, number>> = {};
    for (const { request, status } of outcomes) {
      const byStatus = (tally[request.service] ??= {});
      byStatus[String(status ?? 'none')] = (byStatus[String(status ?? 'none')] ?? 0) + 1;
    }
    console.log(`fuzz answers by service and status: ${JSON.stringify(tally)}`);
    const failures = outcomes.filter((outcome) => outcome.status !== null && outcome.status >= 500);
    expect(failures.length, `answers of 500 or more (seed ${seed}):\n${report(failures)}`).toBe(0);
  });

  it('drops no connection: every request got an answer', () => {
    const dropped = outcomes.filter((outcome) => outcome.status === null);
    expect(dropped.length, `requests without an answer (seed ${seed}):\n${report(dropped)}`).toBe(0);
  });

  it('leaves every service answering normal requests correctly', async () => {
    const bearer = (party: Party) => ({ authorization: `Bearer ${party.token}` });
    for (const [service, url] of Object.entries(urls)) {
      const health = await fetch(`${url}/health`);
      expect(health.status, `${service} /health`).toBe(200);
    }
    // The fuzz's own signed-in user kept a live session, so its requests were checked past the guard, not just 401.
    const fuzzUser = await fetch(`${urls.auth}/api/auth/me`, { headers: bearer({ ...sessions.user, email: '' }) });
    expect(fuzzUser.status).toBe(200);
    const me = await fetch(`${urls.auth}/api/auth/me`, { headers: bearer(control) });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { user: { email: string } }).user.email).toBe(control.email);

    const bill = await fetch(`${urls.finance}/api/financial/bills`, {
      method: 'POST',
      headers: { ...bearer(control), 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'After the fuzz', amount: 42.5, due_date: '2026-12-01' }),
    });
    expect(bill.status, await bill.clone().text()).toBe(201);
    const bills = (await (await fetch(`${urls.finance}/api/financial/bills`, { headers: bearer(control) })).json()) as Array<{ name: string }>;
    expect(bills.map((item) => item.name)).toEqual(['After the fuzz']);

    const waitlist = await fetch(`${urls.waitlist}/api/waitlist/join`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `after-fuzz-${seed}@example.com`, source: 'homepage' }),
    });
    expect(waitlist.status, await waitlist.clone().text()).toBeLessThan(300);

    const households = await fetch(`${urls.household}/api/household/my-households`, { headers: bearer(control) });
    expect(households.status).toBe(200);
    const accounts = await fetch(`${urls['bank-sync']}/api/plaid-production/accounts/${control.id}`, { headers: bearer(control) });
    expect(accounts.status).toBe(200);
    const posts = await fetch(`${urls.blog}/api/blog/posts`);
    expect(posts.status).toBe(200);
    const users = await fetch(`${urls.admin}/api/admin/users`, { headers: bearer(admin) });
    expect(users.status).toBe(200);
  });
});
