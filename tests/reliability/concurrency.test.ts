// Concurrency. Parallel creates are all stored exactly once (finance's bills and income,
// the waitlist with distinct e-mails and with one e-mail), and parallel refreshes of one refresh token
// (the cookie of docs/security.md) give exactly one success; the losers present a spent token, which is
// reuse, so the whole family is revoked and no live token is left - the winner's new cookie is refused too, and
// its access token stops working on every service.
// 30 invitations at once from one sender: the daily allowance lets exactly 20 through (one atomic count in Redis).
// Checked through the API and in auth's refresh_tokens table. Requests go straight to the services.
import { randomBytes } from 'node:crypto';
import { INVITATIONS_PER_DAY } from '@paycadence/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeAnswer, refreshCookieFrom, refreshHeaders, send, type Answer } from './support/api';
import { databaseUrl } from './support/stack';
import { registerUser, signIn, uniqueEmail, type TestUser } from './support/users';

const MARKER = `Cc${randomBytes(4).toString('hex')}`;
const FUTURE = '2027-02-10';
const ROUNDS = 5;

let db: pg.Client;
let user: TestUser;

beforeAll(async () => {
  db = new pg.Client({ connectionString: databaseUrl() });
  await db.connect();
  user = await registerUser('concurrency', 'Corey');
});

afterAll(async () => {
  await db?.end();
});

const all = <T>(count: number, make: (index: number) => Promise<T>): Promise<T[]> => Promise.all(Array.from({ length: count }, (_unused, index) => make(index)));

function statuses(answers: Answer[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const answer of answers) counts[answer.status] = (counts[answer.status] ?? 0) + 1;
  return counts;
}

describe('parallel creates are stored exactly once', () => {
  it('50 bills at once: 50 answers of 201, 50 rows, each name once', async () => {
    const names = Array.from({ length: 50 }, (_unused, index) => `${MARKER} bill ${index}`);
    const answers = await all(50, (index) =>
      send('POST', '/api/financial/bills', { token: user.token, body: { name: names[index], amount: 10 + index, due_date: FUTURE } }),
    );
    expect(statuses(answers), answers.find((answer) => answer.status !== 201) && describeAnswer(answers.find((answer) => answer.status !== 201)!)).toEqual({ 201: 50 });
    expect(new Set(answers.map((answer) => answer.json.id)).size).toBe(50);

    const list = await send('GET', '/api/financial/bills', { token: user.token });
    const listed = (list.json as Array<{ name: string }>).map((bill) => bill.name).filter((name) => name.startsWith(MARKER));
    expect(listed.sort()).toEqual([...names].sort());
    const rows = await db.query('SELECT name, count(*)::int AS n FROM finance.bills WHERE user_id = $1 AND name LIKE $2 GROUP BY name', [user.id, `${MARKER}%`]);
    expect(rows.rows.length).toBe(50);
    expect(rows.rows.every((row) => row.n === 1)).toBe(true);
  });

  it('50 income sources at once: 50 answers of 201, 50 rows, each source once', async () => {
    const sources = Array.from({ length: 50 }, (_unused, index) => `${MARKER} pay ${index}`);
    const answers = await all(50, (index) =>
      send('POST', '/api/financial/income', { token: user.token, body: { source: sources[index], amount: 500 + index, next_date: FUTURE, frequency: 'monthly' } }),
    );
    expect(statuses(answers)).toEqual({ 201: 50 });

    const list = await send('GET', '/api/financial/income', { token: user.token });
    const listed = (list.json as Array<{ source: string }>).map((income) => income.source).filter((source) => source.startsWith(MARKER));
    expect(listed.sort()).toEqual([...sources].sort());
    const rows = await db.query('SELECT source, count(*)::int AS n FROM finance.income_sources WHERE user_id = $1 AND source LIKE $2 GROUP BY source', [user.id, `${MARKER}%`]);
    expect(rows.rows.length).toBe(50);
    expect(rows.rows.every((row) => row.n === 1)).toBe(true);
  });

  it('20 waitlist joins of distinct e-mails at once: 20 successes, 20 entries', async () => {
    const emails = Array.from({ length: 20 }, () => uniqueEmail(`${MARKER.toLowerCase()}-many`));
    const answers = await all(20, (index) => send('POST', '/api/waitlist/join', { body: { email: emails[index], source: 'landing' } }));
    expect(statuses(answers)).toEqual({ 200: 20 });
    expect(answers.every((answer) => answer.json.success === true)).toBe(true);
    const rows = await db.query('SELECT email FROM waitlist.waitlist_entries WHERE email = ANY($1)', [emails]);
    expect(rows.rows.map((row) => row.email).sort()).toEqual([...emails].sort());
  });

  it('20 waitlist joins of one e-mail at once: 20 successes, one entry', async () => {
    const email = uniqueEmail(`${MARKER.toLowerCase()}-one`);
    // The same address as people type it: the schema trims and lower-cases before the insert.
    const spellings = [email, email.toUpperCase(), `  ${email}  `];
    const answers = await all(20, (index) => send('POST', '/api/waitlist/join', { body: { email: spellings[index % spellings.length], source: 'landing' } }));
    expect(statuses(answers)).toEqual({ 200: 20 });
    const rows = await db.query('SELECT count(*)::int AS n FROM waitlist.waitlist_entries WHERE lower(email) = $1', [email]);
    expect(rows.rows[0].n).toBe(1);
  });
});

/** The account's refresh tokens that could still be exchanged (not spent, not revoked, not expired). */
async function liveTokenIds(userId: string): Promise<string[]> {
  const rows = await db.query(
    'SELECT id FROM auth.refresh_tokens WHERE user_id = $1 AND used_at IS NULL AND revoked_at IS NULL AND expires_at > now()',
    [userId],
  );
  return rows.rows.map((row) => row.id as string);
}

const refresh = (refreshToken: string) => send('POST', '/api/auth/refresh', { body: {}, headers: refreshHeaders(refreshToken) });

describe('parallel invitations from one sender', () => {
  it(`${INVITATIONS_PER_DAY + 10} at once: exactly ${INVITATIONS_PER_DAY} sent and stored, the rest 429 with Retry-After`, async () => {
    const sender = await registerUser('inviter', 'Ivy');
    const created = await send('POST', '/api/household/create', { token: sender.token, body: { name: `${MARKER} home` } });
    expect(created.status, describeAnswer(created)).toBe(201);
    const household = created.json.id as string;
    const answers = await all(INVITATIONS_PER_DAY + 10, (index) =>
      send('POST', `/api/household/${household}/invite`, { token: sender.token, body: { email: uniqueEmail(`guest${index}`) } }),
    );
    expect(statuses(answers), answers.map(describeAnswer).join(' | ')).toEqual({ 201: INVITATIONS_PER_DAY, 429: 10 });
    for (const refused of answers.filter((answer) => answer.status === 429)) {
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(refused.json.retryAfterSeconds).toBe(Number(refused.headers.get('retry-after')));
    }
    const stored = await db.query('SELECT count(*)::int AS n FROM household.household_invitations WHERE household_id::text = $1', [household]);
    expect(stored.rows[0].n).toBe(INVITATIONS_PER_DAY);
  });
});

describe('parallel refreshes of one refresh token', () => {
  it('a single refresh rotates the cookie (the shape the races rely on)', async () => {
    const session = await signIn(user);
    expect(session.refreshToken, 'sign-in sets the refresh cookie').toBeTruthy();
    const answer = await refresh(session.refreshToken!);
    expect(answer.status, describeAnswer(answer)).toBe(200);
    expect(answer.json.session.access_token).toEqual(expect.any(String));
    expect(answer.json.session).not.toHaveProperty('refresh_token');
    const next = refreshCookieFrom(answer);
    expect(next).toBeTruthy();
    expect(next).not.toBe(session.refreshToken);
    // The spent one again is reuse: refused, and the family (so the new one too) revoked.
    expect((await refresh(session.refreshToken!)).status).toBe(401);
    expect((await refresh(next!)).status).toBe(401);
  });

  it.each([2, 10])(`%i at once, ${ROUNDS} rounds: exactly one success, and no live token afterwards`, async (racers) => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const before = new Set(await liveTokenIds(user.id));
      const session = await signIn(user);
      expect(session.refreshToken, 'sign-in sets the refresh cookie').toBeTruthy();
      const answers = await all(racers, () => refresh(session.refreshToken!));
      const counts = statuses(answers);
      expect(counts, `round ${round + 1}: ${answers.map(describeAnswer).join(' | ')}`).toEqual({ 200: 1, 401: racers - 1 });
      const winner = answers.find((answer) => answer.status === 200)!;
      const rotated = refreshCookieFrom(winner);
      expect(rotated, `round ${round + 1}: the winner gets a new cookie`).toBeTruthy();
      for (const loser of answers.filter((answer) => answer.status === 401)) expect(refreshCookieFrom(loser)).toBeUndefined();

      // The losers were reuse of a spent token: the family is revoked, the winner's new token with it.
      const again = await refresh(rotated!);
      expect(again.status, `round ${round + 1}: the winner's new cookie after reuse: ${describeAnswer(again)}`).toBe(401);
      const live = (await liveTokenIds(user.id)).filter((id) => !before.has(id));
      expect(live, `round ${round + 1}: live refresh tokens of the raced session`).toEqual([]);
      // Ending a family ends its access tokens at once on every service (docs/security.md): the winner's too.
      const access = winner.json.session.access_token as string;
      for (const path of ['/api/auth/me', '/api/financial/bills']) {
        const answer = await send('GET', path, { token: access });
        expect(answer.status, `round ${round + 1}: the winner's access token at ${path}: ${describeAnswer(answer)}`).toBe(401);
      }
    }
  });
});
