// A seeded fuzz of malformed requests, at least FUZZ_PER_SERVICE per service,
// across every route of the contracts' route tables, sent straight to each service (the gateway's per-IP limits
// would only answer 429). Every request must get an answer below 500 on a connection that stays usable, and
// afterwards every service must still answer a normal request correctly. Replay a run with FUZZ_SEED=<seed>.
// Besides the random draw, every route gets a few fixed malformed shapes (support/fuzz-malformed.ts) straight
// and through the gateway, each followed by a plain request on the same connection.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fuzzCase, fuzzRoutes, unsafeTextSweep, type FuzzRequest, type FuzzSessions } from './support/fuzz-cases';
import { closeAgents, pool, send, type FuzzOutcome } from './support/fuzz-http';
import { malformedRequests, sendMalformed, type MalformedOutcome, type MalformedRequest, type Via } from './support/fuzz-malformed';
import { fuzzSeed, seededRandom } from './support/fuzz-random';
import { createAdminParty, registerParty, type Party } from './support/fuzz-sessions';
import { gatewayUrl, serviceUrls } from './support/stack';

const FUZZ_PER_SERVICE = Number(process.env.FUZZ_PER_SERVICE ?? 1000);
const CONCURRENCY = 12;
/** Through the gateway fewer at once: its per-client limits (50 a second a service) would answer 429 instead. */
const GATEWAY_CONCURRENCY = 4;

const seed = fuzzSeed();
const urls = serviceUrls();
let sessions: FuzzSessions;
/** Signed in but never used by the fuzz, so the after-check cannot be spoiled by what the fuzz did to its user. */
let control: Party;
let admin: Party;
let outcomes: FuzzOutcome[] = [];
let malformed: MalformedOutcome[] = [];

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

beforeAll(async () => {
  const random = seededRandom(seed + 1);
  const requests = fuzzRoutes()
    .filter((route) => urls[route.service])
    .flatMap((route) => malformedRequests(route, sessions, random));
  // Mixed across services, so the gateway's per-service limits are shared out rather than spent one service at a time.
  random.shuffle(requests);
  const straight = pool(requests, CONCURRENCY, (request) => sendMalformed(urls[request.service], 'service', request));
  const throughGateway = pool(requests, GATEWAY_CONCURRENCY, (request) => sendMalformed(gatewayUrl(), 'gateway', request));
  malformed = (await Promise.all([straight, throughGateway])).flat();
}, 240_000);

afterAll(() => closeAgents());

const report = (list: FuzzOutcome[]) =>
  list
    .slice(0, 15)
    .map((outcome) => `${outcome.status ?? 'no answer'} ${outcome.request.method} ${outcome.request.path.slice(0, 120)} [${outcome.request.label}] -> ${outcome.detail.slice(0, 200)}`)
    .join('\n');

const reportMalformed = (list: MalformedOutcome[]) =>
  list
    .slice(0, 15)
    .map((o) => `${o.status ?? 'no answer'} then ${o.followUpStatus ?? 'no answer'}${o.sameConnection ? '' : ' (new connection)'} via ${o.via}: ${o.request.method} ${o.request.path.slice(0, 100)} [${o.request.shape}] -> ${o.detail.slice(0, 160)}`)
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

  it('sends every route each broken-escape query and, where it takes a body, each empty and UTF-16 JSON body, straight and through the gateway', () => {
    const sent = new Set(malformed.map((o) => `${o.via} ${o.request.route} ${o.request.shape}`));
    const expected = fuzzRoutes()
      .filter((route) => urls[route.service])
      .flatMap((route) => malformedRequests(route, sessions, seededRandom(1)))
      .flatMap((request: MalformedRequest) => (['service', 'gateway'] as Via[]).map((via) => `${via} ${request.route} ${request.shape}`));
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.filter((key) => !sent.has(key))).toEqual([]);
  });

  it('answers every broken-escape query and empty or UTF-16 JSON body below 500, and UTF-16 JSON with 415', () => {
    const tally: Record<string, Record<string, number>> = {};
    for (const { via, request, status } of malformed) {
      const byStatus = (tally[`${via} ${request.shape}`] ??= {});
      byStatus[String(status ?? 'none')] = (byStatus[String(status ?? 'none')] ?? 0) + 1;
    }
    console.log(`malformed shapes: ${malformed.length} requests (each with a plain one after it); answers by shape: ${JSON.stringify(tally)}`);
    const failures = malformed.filter((o) => o.status === null || o.status === 0 || o.status >= 500);
    expect(failures.length, `malformed requests answered 500 or more, or not at all (seed ${seed}):\n${reportMalformed(failures)}`).toBe(0);
    const utf16 = malformed.filter((o) => o.request.shape === 'UTF-16 JSON body' && o.status !== 415);
    expect(utf16.length, `UTF-16 JSON bodies not refused with 415:\n${reportMalformed(utf16)}`).toBe(0);
  });

  it('keeps the connection after each of them: the next request on it is answered', () => {
    const broken = malformed.filter((o) => !o.sameConnection || o.followUpStatus === null || o.followUpStatus >= 500);
    expect(broken.length, `connections closed or left unusable by a malformed request (seed ${seed}):\n${reportMalformed(broken)}`).toBe(0);
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
