import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  AUTH_MESSAGES,
  CLIENT_IPV6_WIDER_PREFIXES,
  DEVICE_COOKIE,
  LOGIN_ACCOUNT_DELAY,
  LOGIN_ACCOUNT_FREE_FAILURES,
  LOGIN_CLIENT_MAX_FAILURES,
  LOGIN_FAILURE_WINDOW_SECONDS,
  LOGIN_MAX_FAILURES,
  PASSWORD_RESET_MAX_PER_CLIENT,
  PASSWORD_RESET_WINDOW_SECONDS,
  REGISTRATION_MAX_PER_CLIENT,
  REGISTRATION_WINDOW_SECONDS,
  THROTTLE_MESSAGES,
} from '@paycadence/contracts';
import { SettableClock } from '@paycadence/nest-kit';
import { parseSetCookie } from 'cookie';
import { startServiceHarness, type ApiResponse, type ServiceHarness } from '@paycadence/nest-kit/testing';
import type { AuthConfig } from '../src/config.js';
import { RateLimits } from '../src/throttling/rate-limits.js';
import { PasswordHasher } from '../src/crypto/password-hasher.js';
import { totpCode } from '../src/mfa/totp.js';
import { serviceDefinition } from '../src/service-definition.js';
import { UsersService } from '../src/users/users.service.js';
import { registration } from './support/accounts.js';

// Sign-in, registration and reset throttling against the real PostgreSQL and Redis. The
// client address is what a trusted hop reports: the harness calls from 127.0.0.1, which the default
// TRUSTED_PROXIES (loopback) trusts, so X-Forwarded-For plays the client. The account's slowing is measured
// with this settable clock (started at the real time, since tokens are checked against it), so no test waits.
const dataDir = mkdtempSync(join(tmpdir(), 'auth-throttle-'));
const clock = new SettableClock(new Date());
const ENV = {
  DATA_DIR: dataDir,
  APP_URL: 'http://app.test',
  SMTP_URL: '',
  JWT_PRIVATE_KEY: '',
  ENCRYPTION_KEY: '',
  // Lowered only for tests (config refuses this outside NODE_ENV=test).
  ARGON2_MEMORY_KIB: '1024',
  ARGON2_TIME_COST: '1',
};
let h: ServiceHarness<AuthConfig>;

beforeAll(async () => {
  h = await startServiceHarness(serviceDefinition, { clock, env: ENV });
});

afterAll(async () => {
  await h?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

afterEach(() => jest.restoreAllMocks());

// ---------------------------------------------------------------------------------------------------------

let ipCounter = 0;
/** A client address no other call of this file uses (198.18.0.0/15, the benchmarking range). */
const freshIp = () => {
  ipCounter += 1;
  return `198.18.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
};
let emailCounter = 0;
const freshEmail = (label = 'user') => `${label}${++emailCounter}-${process.pid}@example.com`;
const PASSWORD = 'Str0ng!Pass';
const WRONG = 'Wrong!Pass1';

const api = (method: string, path: string, options: { body?: unknown; token?: string; ip: string }, harness = h): Promise<ApiResponse> =>
  harness.call(method, path, { body: options.body, token: options.token, headers: { 'x-forwarded-for': options.ip } });
const login = (email: string, password: string, ip: string, harness = h) => api('POST', '/api/auth/login', { body: { email, password }, ip }, harness);
const verifyCode = (mfaToken: string, userId: string, code: string, ip: string) =>
  api('POST', '/api/mfa/verify', { token: mfaToken, body: { userId, token: code }, ip });

/** Registers an account from an address of its own (so registrations never meet their per-client allowance). */
async function registerUser(harness = h) {
  const email = freshEmail();
  const answer = await api('POST', '/api/auth/register', { body: registration(email), ip: freshIp() }, harness);
  expect(answer.status).toBe(201);
  return { email, id: answer.body.user.id as string, token: answer.body.session.access_token as string };
}

/** An account with TOTP on (set up and enabled with a current code and the password); answers its secret. */
async function userWithMfa() {
  const account = await registerUser();
  const ip = freshIp();
  const setup = await api('POST', '/api/mfa/setup', { token: account.token, body: { userId: account.id, userEmail: account.email }, ip });
  const secret: string = setup.body.manualEntryKey;
  const enable = await api('POST', '/api/mfa/enable', {
    token: account.token,
    body: { userId: account.id, token: await totpCode(secret, clock.now()), password: PASSWORD },
    ip,
  });
  expect(enable.body).toMatchObject({ success: true });
  return { ...account, secret };
}

/** A code for a step newer than any used so far (the window allows one step ahead). */
const nextStepCode = (secret: string) => totpCode(secret, new Date(clock.now().getTime() + 30_000));

const countStatuses = (answers: ApiResponse[]) =>
  answers.reduce<Record<number, number>>((counts, { status }) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }), {});
const retryAfter = (answer: ApiResponse) => Number(answer.headers.get('retry-after'));
/** Wrong passwords for `email` from `ip`, one after another; each must be a plain 401. */
async function failFrom(ip: string, email: string, times: number) {
  for (let i = 0; i < times; i += 1) expect((await login(email, WRONG, ip)).status).toBe(401);
}

// ---------------------------------------------------------------------------------------------------------

describe('per (account, client) pair', () => {
  it('two accounts behind one address: after the first is throttled for that pair, the other still signs in, and the first from elsewhere', async () => {
    const office = freshIp();
    const [ann, bob] = [await registerUser(), await registerUser()];
    await failFrom(office, ann.email, LOGIN_MAX_FAILURES);

    const locked = await login(ann.email, PASSWORD, office);
    expect(locked.status).toBe(429);
    expect(locked.body).toMatchObject({ message: AUTH_MESSAGES.tooManyAttempts });
    expect(retryAfter(locked)).toBeGreaterThan(LOGIN_FAILURE_WINDOW_SECONDS - 60);
    expect(retryAfter(locked)).toBeLessThanOrEqual(LOGIN_FAILURE_WINDOW_SECONDS);

    // Bob shares the address and is not touched.
    expect((await login(bob.email, PASSWORD, office)).status).toBe(200);
    // Ann's account had 10 failures, so a stranger's address waits the first delay; then she gets in.
    clock.advance(LOGIN_ACCOUNT_DELAY.firstSeconds * 1000);
    expect((await login(ann.email, PASSWORD, freshIp())).status).toBe(200);
    // Her full sign-in elsewhere reset the account's slowing, not the office pair: that stays closed for its window.
    expect((await login(ann.email, PASSWORD, office)).status).toBe(429);
  });

  it('counts before evaluating: of 30 concurrent wrong passwords for one pair only 10 are evaluated', async () => {
    const ann = await registerUser();
    const ip = freshIp();
    const answers = await Promise.all(Array.from({ length: 30 }, () => login(ann.email, WRONG, ip)));
    expect(countStatuses(answers)).toEqual({ 401: LOGIN_MAX_FAILURES, 429: 30 - LOGIN_MAX_FAILURES });
    expect(answers.find((answer) => answer.status === 429)!.body.message).toBe(AUTH_MESSAGES.tooManyAttempts);
  });

  it('successful sign-ins use up nothing: a person signing in often keeps every allowance', async () => {
    const ann = await registerUser();
    const ip = freshIp();
    for (let i = 0; i < LOGIN_MAX_FAILURES + 2; i += 1) expect((await login(ann.email, PASSWORD, ip)).status).toBe(200);
    await failFrom(ip, ann.email, LOGIN_MAX_FAILURES - 1);
    expect((await login(ann.email, PASSWORD, ip)).status).toBe(200);
    // ... and that full sign-in started the pair afresh.
    await failFrom(ip, ann.email, LOGIN_MAX_FAILURES);
    expect((await login(ann.email, PASSWORD, ip)).status).toBe(429);
  });
});

describe('per client across accounts', () => {
  it(`a password sprayer is stopped at ${LOGIN_CLIENT_MAX_FAILURES} failures from one address; the accounts sign in from their own`, async () => {
    const sprayer = freshIp();
    const victim = await registerUser();
    // One password tried on many accounts: no pair ever reaches its limit.
    for (let i = 0; i < LOGIN_CLIENT_MAX_FAILURES; i += 1) expect((await login(freshEmail('spray'), WRONG, sprayer)).status).toBe(401);
    const stopped = await login(victim.email, PASSWORD, sprayer);
    expect(stopped.status).toBe(429);
    expect(stopped.body.message).toBe(AUTH_MESSAGES.tooManyAttempts);
    expect(retryAfter(stopped)).toBeGreaterThan(0);
    expect((await login(victim.email, PASSWORD, freshIp())).status).toBe(200);
  });

  it('a shared address (school, office, carrier NAT) is not closed by one person: 10 people each failing 9 times still sign in', async () => {
    const school = freshIp();
    const pupils = await Promise.all(Array.from({ length: 10 }, () => registerUser()));
    for (const pupil of pupils) await failFrom(school, pupil.email, LOGIN_MAX_FAILURES - 1);
    for (const pupil of pupils) expect((await login(pupil.email, PASSWORD, school)).status).toBe(200);
  });

  it(`counts before evaluating: of ${LOGIN_CLIENT_MAX_FAILURES + 30} concurrent wrong passwords from one address only ${LOGIN_CLIENT_MAX_FAILURES} are evaluated`, async () => {
    const ip = freshIp();
    const answers = await Promise.all(Array.from({ length: LOGIN_CLIENT_MAX_FAILURES + 30 }, () => login(freshEmail('burst'), WRONG, ip)));
    expect(countStatuses(answers)).toEqual({ 401: LOGIN_CLIENT_MAX_FAILURES, 429: 30 });
  });
});

describe('per account across clients: slowing, never a lock', () => {
  it('an attacker from many addresses only slows the account; the owner gets in from home at once and from anywhere after at most the capped delay', async () => {
    const owner = await registerUser();
    const home = freshIp();
    expect((await login(owner.email, PASSWORD, home)).status).toBe(200);

    // A botnet: every guess from a new address, so no pair and no client limit ever applies.
    await Promise.all(Array.from({ length: LOGIN_ACCOUNT_FREE_FAILURES }, () => login(owner.email, WRONG, freshIp()))).then((answers) =>
      expect(countStatuses(answers)).toEqual({ 401: LOGIN_ACCOUNT_FREE_FAILURES }),
    );
    // From here each guess waits for the delay after the previous failure: 1 s, doubling, capped at 60 s.
    const waits: number[] = [];
    for (let i = 0; i < 9; i += 1) {
      const slowed = await login(owner.email, WRONG, freshIp());
      expect(slowed.status).toBe(429);
      expect(slowed.body).toMatchObject({ message: THROTTLE_MESSAGES.accountSlowed(retryAfter(slowed)), retryAfterSeconds: retryAfter(slowed) });
      waits.push(retryAfter(slowed));
      // Hammering while slowed moves nothing on the account (each refusal costs the caller its pair and client allowance).
      const again = await Promise.all(Array.from({ length: 5 }, () => login(owner.email, WRONG, freshIp())));
      expect(again.map(retryAfter)).toEqual(Array(5).fill(retryAfter(slowed)));
      clock.advance(retryAfter(slowed) * 1000);
      expect((await login(owner.email, WRONG, freshIp())).status).toBe(401);
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 60, 60, 60]);

    // The owner's own address (a full sign-in from there lately) is not slowed for the password.
    expect((await login(owner.email, PASSWORD, home)).status).toBe(200);
  });

  /** Slows `email` at its cap: failures from fresh addresses, waiting out each delay. */
  async function slowAtCap(email: string) {
    for (let round = 0; round < LOGIN_ACCOUNT_FREE_FAILURES + 8; round += 1) {
      const guess = await login(email, WRONG, freshIp());
      if (guess.status === 429) clock.advance(retryAfter(guess) * 1000);
    }
  }

  it('the owner on a new address gets in within minutes although an attacker polls the slowed account in a loop', async () => {
    const owner = await registerUser();
    await slowAtCap(owner.email);
    // The attacker polls every (simulated) second from three addresses, always just before the owner; the owner,
    // on an address of their own, tries every 30 s or at Retry-After if sooner. Refused polls must cost the
    // attacker (its pair and client counters), or it is first through the door every time it opens.
    const attackers = [freshIp(), freshIp(), freshIp()];
    const travelling = freshIp();
    let ownerNextTry = clock.now().getTime();
    let ownerTries = 0;
    let ownerIn = false;
    for (let tick = 0; tick < 10 * 60 && !ownerIn; tick += 1) {
      const poll = await login(owner.email, WRONG, attackers[tick % attackers.length]);
      expect([401, 429]).toContain(poll.status);
      if (clock.now().getTime() >= ownerNextTry) {
        ownerTries += 1;
        const attempt = await login(owner.email, PASSWORD, travelling);
        if (attempt.status === 200) ownerIn = true;
        else {
          expect(attempt.status).toBe(429);
          ownerNextTry = clock.now().getTime() + Math.min(30, retryAfter(attempt)) * 1000;
        }
      }
      clock.advance(1000);
    }
    expect(ownerIn).toBe(true);
    expect(ownerTries).toBeLessThan(LOGIN_MAX_FAILURES);
    // Success resets the account: the next typo is a plain 401, not a wait.
    expect((await login(owner.email, WRONG, freshIp())).status).toBe(401);
  });

  it('a browser holding the account\'s device cookie is not slowed, from any address; never exempt from the pair limit', async () => {
    const [owner, other] = [await registerUser(), await registerUser()];
    const first = await login(owner.email, PASSWORD, freshIp());
    expect(first.status).toBe(200);
    const line = first.headers.getSetCookie().find((cookie) => cookie.startsWith(`${DEVICE_COOKIE.name}=`));
    expect(line).toBeDefined();
    const parsed = parseSetCookie(line!);
    expect(parsed).toMatchObject({ path: DEVICE_COOKIE.path, httpOnly: true, secure: true, sameSite: 'strict' });
    const device = parsed.value;
    const withCookie = (email: string, password: string, ip: string, value = device) =>
      h.call('POST', '/api/auth/login', { body: { email, password }, headers: { 'x-forwarded-for': ip, cookie: `theme=dark; ${DEVICE_COOKIE.name}=${value}` } });

    await slowAtCap(owner.email);
    await slowAtCap(other.email);
    expect((await login(owner.email, PASSWORD, freshIp())).status).toBe(429);
    // Tampered, or another account's: slowed like any stranger.
    expect((await withCookie(owner.email, PASSWORD, freshIp(), `${device.slice(0, -2)}AA`)).status).toBe(429);
    expect((await withCookie(other.email, PASSWORD, freshIp())).status).toBe(429);
    // The owner's browser, on an address never seen: in at once.
    const travelling = freshIp();
    expect((await withCookie(owner.email, PASSWORD, travelling)).status).toBe(200);

    // Not from the pair limit: a stolen cookie guesses at most LOGIN_MAX_FAILURES times per address and window.
    const thief = freshIp();
    for (let i = 0; i < LOGIN_MAX_FAILURES; i += 1) expect((await withCookie(owner.email, WRONG, thief)).status).toBe(401);
    const stopped = await withCookie(owner.email, PASSWORD, thief);
    expect(stopped.status).toBe(429);
    expect(stopped.body.message).toBe(AUTH_MESSAGES.tooManyAttempts);
  });
});

describe('the second factor', () => {
  it('a right password does not reset the wrong-code count of the pair; a full sign-in does', async () => {
    const account = await userWithMfa();
    const ip = freshIp();
    let challenge = await login(account.email, PASSWORD, ip);
    for (let i = 0; i < LOGIN_MAX_FAILURES - 1; i += 1) {
      expect((await verifyCode(challenge.body.mfa_token, account.id, '000000', ip)).status).toBe(401);
    }
    // Signing in again with the password must not buy 9 more guesses.
    challenge = await login(account.email, PASSWORD, ip);
    expect(challenge.status).toBe(200);
    expect((await verifyCode(challenge.body.mfa_token, account.id, '000000', ip)).status).toBe(401);
    const locked = await verifyCode(challenge.body.mfa_token, account.id, await nextStepCode(account.secret), ip);
    expect(locked.status).toBe(429);
    expect(locked.body.message).toBe(AUTH_MESSAGES.tooManyAttempts);
    expect((await login(account.email, PASSWORD, ip)).status).toBe(429);
  });

  it('clears the pair once the second step succeeds', async () => {
    const account = await userWithMfa();
    const ip = freshIp();
    const challenge = await login(account.email, PASSWORD, ip);
    for (let i = 0; i < LOGIN_MAX_FAILURES - 2; i += 1) expect((await verifyCode(challenge.body.mfa_token, account.id, '000000', ip)).status).toBe(401);
    expect((await verifyCode(challenge.body.mfa_token, account.id, await nextStepCode(account.secret), ip)).status).toBe(200);
    await failFrom(ip, account.email, LOGIN_MAX_FAILURES - 1);
    expect((await login(account.email, PASSWORD, ip)).status).toBe(200);
  });

  it('counts before evaluating: of 30 concurrent wrong codes only 10 are evaluated', async () => {
    const account = await userWithMfa();
    const ip = freshIp();
    const challenge = await login(account.email, PASSWORD, ip);
    const answers = await Promise.all(Array.from({ length: 30 }, () => verifyCode(challenge.body.mfa_token, account.id, '000000', ip)));
    expect(countStatuses(answers)).toEqual({ 401: LOGIN_MAX_FAILURES, 429: 30 - LOGIN_MAX_FAILURES });
  });

  it('someone holding the password cannot walk the code space from many addresses: the codes slow down', async () => {
    const account = await userWithMfa();
    for (let i = 0; i < LOGIN_ACCOUNT_FREE_FAILURES; i += 1) {
      const ip = freshIp();
      const challenge = await login(account.email, PASSWORD, ip);
      expect((await verifyCode(challenge.body.mfa_token, account.id, '000000', ip)).status).toBe(401);
    }
    const ip = freshIp();
    const challenge = await login(account.email, PASSWORD, ip);
    // The password step is not slowed by wrong codes (it was right every time)...
    expect(challenge.status).toBe(200);
    // ... the code step is, even for the right code, until the wait is over.
    const slowed = await verifyCode(challenge.body.mfa_token, account.id, await nextStepCode(account.secret), ip);
    expect(slowed.status).toBe(429);
    expect(slowed.body.message).toBe(THROTTLE_MESSAGES.accountSlowed(retryAfter(slowed)));
    clock.advance(retryAfter(slowed) * 1000);
    expect((await verifyCode(challenge.body.mfa_token, account.id, await nextStepCode(account.secret), ip)).status).toBe(200);
  });
});

describe('codes typed while signed in (enable / disable)', () => {
  it('wrong codes at enable count against the account: 429 after 10, even for the right code, and sign-in is untouched', async () => {
    const account = await registerUser();
    const ip = freshIp();
    const setup = await api('POST', '/api/mfa/setup', { token: account.token, body: { userId: account.id, userEmail: account.email }, ip });
    const enable = async (from = ip) =>
      api('POST', '/api/mfa/enable', { token: account.token, body: { userId: account.id, token: await totpCode(setup.body.manualEntryKey, clock.now()), password: PASSWORD }, ip: from });
    const wrong = () => api('POST', '/api/mfa/enable', { token: account.token, body: { userId: account.id, token: '000000', password: PASSWORD }, ip });
    for (let i = 0; i < LOGIN_MAX_FAILURES; i += 1) expect((await wrong()).status).toBe(400);
    const locked = await enable(freshIp());
    expect(locked.status).toBe(429);
    expect(locked.body.message).toBe(AUTH_MESSAGES.tooManyAttempts);
    expect(retryAfter(locked)).toBeGreaterThan(LOGIN_FAILURE_WINDOW_SECONDS - 60);
    // Not a slowing: the clock moving on does not open it within the window.
    clock.advance(LOGIN_ACCOUNT_DELAY.maxSeconds * 1000);
    expect((await enable()).status).toBe(429);
    // Only a signed-in session reaches this limit, and it closes the settings, never the sign-in.
    expect((await login(account.email, PASSWORD, freshIp())).status).toBe(200);
  });

  it('a right code gives its attempt back: 9 wrong, a right enable, then disable still has its allowance', async () => {
    const account = await registerUser();
    const ip = freshIp();
    const setup = await api('POST', '/api/mfa/setup', { token: account.token, body: { userId: account.id, userEmail: account.email }, ip });
    const secret: string = setup.body.manualEntryKey;
    for (let i = 0; i < LOGIN_MAX_FAILURES - 1; i += 1) {
      expect((await api('POST', '/api/mfa/enable', { token: account.token, body: { userId: account.id, token: '000000', password: PASSWORD }, ip })).status).toBe(400);
    }
    const enabled = await api('POST', '/api/mfa/enable', { token: account.token, body: { userId: account.id, token: await totpCode(secret, clock.now()), password: PASSWORD }, ip });
    expect(enabled.body).toMatchObject({ success: true });
    const challenge = await login(account.email, PASSWORD, ip);
    const signedIn = await verifyCode(challenge.body.mfa_token, account.id, await nextStepCode(secret), ip);
    const token = signedIn.body.session.access_token as string;
    clock.advance(60_000); // a TOTP step not used yet
    const off = await api('POST', '/api/mfa/disable', { token, body: { userId: account.id, token: await totpCode(secret, clock.now()), password: PASSWORD }, ip });
    expect(off.body).toMatchObject({ success: true });
  });
});

describe('attempts nothing judged (the database failing)', () => {
  /** A real refusal by PostgreSQL: the table the step reads is gone for the duration of `during`. */
  async function withoutTable(table: string, during: () => Promise<void>) {
    await h.db.query(`ALTER TABLE "${h.schema}".${table} RENAME TO ${table}_away`);
    try {
      await during();
    } finally {
      await h.db.query(`ALTER TABLE "${h.schema}".${table}_away RENAME TO ${table}`);
    }
  }

  it('a password attempt that died on a database error is given back: an outage never locks the user out', async () => {
    const ann = await registerUser();
    const ip = freshIp();
    await withoutTable('users', async () => {
      for (let i = 0; i < LOGIN_MAX_FAILURES + 2; i += 1) expect((await login(ann.email, PASSWORD, ip)).status).toBeGreaterThanOrEqual(500);
    });
    expect((await login(ann.email, PASSWORD, ip)).status).toBe(200);
    // Real failures still count as before.
    await failFrom(ip, ann.email, LOGIN_MAX_FAILURES);
    expect((await login(ann.email, PASSWORD, ip)).status).toBe(429);
  });

  it('so is a code attempt', async () => {
    const account = await userWithMfa();
    const ip = freshIp();
    const challenge = await login(account.email, PASSWORD, ip);
    await withoutTable('mfa_factors', async () => {
      for (let i = 0; i < LOGIN_MAX_FAILURES + 2; i += 1) {
        expect((await verifyCode(challenge.body.mfa_token, account.id, '000000', ip)).status).toBeGreaterThanOrEqual(500);
      }
    });
    expect((await verifyCode(challenge.body.mfa_token, account.id, await nextStepCode(account.secret), ip)).status).toBe(200);
  });

  it('so is a 2FA-settings attempt whose code check died on a database error', async () => {
    const account = await userWithMfa();
    const ip = freshIp();
    const disable = async () =>
      api('POST', '/api/mfa/disable', { token: account.token, body: { userId: account.id, token: await nextStepCode(account.secret), password: PASSWORD }, ip });
    // The right code's step cannot be recorded: PostgreSQL refuses every UPDATE of mfa_factors meanwhile.
    const fn = `"${h.schema}".refuse_update`;
    await h.db.query(`CREATE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'updates refused by the test'; END $$`);
    await h.db.query(`CREATE TRIGGER refuse_update BEFORE UPDATE ON "${h.schema}".mfa_factors FOR EACH ROW EXECUTE FUNCTION ${fn}()`);
    try {
      for (let i = 0; i < LOGIN_MAX_FAILURES + 2; i += 1) expect((await disable()).status).toBeGreaterThanOrEqual(500);
    } finally {
      await h.db.query(`DROP TRIGGER refuse_update ON "${h.schema}".mfa_factors`);
      await h.db.query(`DROP FUNCTION ${fn}()`);
    }
    expect((await disable()).body).toMatchObject({ success: true });
  });
});

describe('IPv6 clients', () => {
  it('a sprayer walking the /64s of one /56 is stopped by the /56 counter; another /56 of the same /48 goes on', async () => {
    const [fiftySix] = CLIENT_IPV6_WIDER_PREFIXES;
    // 2001:db8:77:ab00::/56 holds 256 /64s (the low byte of the fourth group); two failures from each of 200.
    const inFiftySix = (i: number) => `2001:db8:77:ab${(i % 200).toString(16).padStart(2, '0')}::${i + 1}`;
    const answers = await Promise.all(Array.from({ length: fiftySix.maxFailures }, (_, i) => login(freshEmail('v6spray'), WRONG, inFiftySix(i))));
    expect(countStatuses(answers)).toEqual({ 401: fiftySix.maxFailures });
    const victim = await registerUser();
    const stopped = await login(victim.email, PASSWORD, '2001:db8:77:abfe::1');
    expect(stopped.status).toBe(429);
    expect(stopped.body.message).toBe(AUTH_MESSAGES.tooManyAttempts);
    expect((await login(victim.email, PASSWORD, '2001:db8:77:ac00::1')).status).toBe(200);
  });

  it('addresses in one /64 share a key; another /64 is another client', async () => {
    const ann = await registerUser();
    // Ten addresses of one subscriber's /64, each failing once.
    for (let i = 1; i <= LOGIN_MAX_FAILURES; i += 1) expect((await login(ann.email, WRONG, `2001:db8:aa:1::${i.toString(16)}`)).status).toBe(401);
    const sameSubscriber = await login(ann.email, PASSWORD, '2001:db8:aa:1:ffff:ffff:ffff:fffe');
    expect(sameSubscriber.status).toBe(429);
    expect(sameSubscriber.body.message).toBe(AUTH_MESSAGES.tooManyAttempts);
    // Another /64 is another client (after the first delay: the account had 10 failures).
    clock.advance(LOGIN_ACCOUNT_DELAY.firstSeconds * 1000);
    expect((await login(ann.email, PASSWORD, '2001:db8:aa:2::1')).status).toBe(200);
  });

  it('an IPv4-mapped IPv6 address is the IPv4 client', async () => {
    const ann = await registerUser();
    await failFrom('198.51.100.77', ann.email, LOGIN_MAX_FAILURES);
    const mapped = await login(ann.email, PASSWORD, '::ffff:198.51.100.77');
    expect(mapped.status).toBe(429);
    expect(mapped.body.message).toBe(AUTH_MESSAGES.tooManyAttempts);
  });
});

describe('registration', () => {
  it(`${REGISTRATION_MAX_PER_CLIENT} an hour per client, counted before hashing: a concurrent burst creates exactly that many; the rest 429 with nothing hashed`, async () => {
    const hasher = h.app.get(PasswordHasher);
    const hash = jest.spyOn(hasher, 'hash');
    const ip = freshIp();
    const emails = Array.from({ length: REGISTRATION_MAX_PER_CLIENT + 5 }, () => freshEmail('signup'));
    const answers = await Promise.all(emails.map((email) => api('POST', '/api/auth/register', { body: registration(email), ip })));
    expect(countStatuses(answers)).toEqual({ 201: REGISTRATION_MAX_PER_CLIENT, 429: 5 });
    expect(hash).toHaveBeenCalledTimes(REGISTRATION_MAX_PER_CLIENT);
    const refused = answers.find((answer) => answer.status === 429)!;
    expect(refused.body.message).toBe(THROTTLE_MESSAGES.registration(retryAfter(refused)));
    expect(retryAfter(refused)).toBeGreaterThan(REGISTRATION_WINDOW_SECONDS - 120);
    const refusedEmails = emails.filter((_, i) => answers[i].status === 429);
    const stored = await h.db.query(`SELECT count(*)::int AS n FROM "${h.schema}".users WHERE email = ANY($1)`, [refusedEmails]);
    expect(stored.rows[0].n).toBe(0);
    // Another address signs up as usual.
    expect((await api('POST', '/api/auth/register', { body: registration(freshEmail('signup')), ip: freshIp() })).status).toBe(201);
  });

  it('a form refused by validation (nothing to hash) takes nothing from the allowance', async () => {
    const take = jest.spyOn(h.app.get(RateLimits), 'takeRegistration');
    const invalid = await api('POST', '/api/auth/register', { body: { ...registration(freshEmail()), password: 'short' }, ip: freshIp() });
    expect(invalid.status).toBe(400);
    expect(take).not.toHaveBeenCalled();
  });
});

describe('forgot-password', () => {
  it(`${PASSWORD_RESET_MAX_PER_CLIENT} an hour per client (same answer for any address meanwhile), then 429 with nothing looked up or sent`, async () => {
    const users = h.app.get(UsersService);
    const ip = freshIp();
    const account = await registerUser();
    for (let i = 0; i < PASSWORD_RESET_MAX_PER_CLIENT; i += 1) {
      const answer = await api('POST', '/api/auth/forgot-password', { body: { email: i % 2 ? account.email : freshEmail('nobody') }, ip });
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ message: AUTH_MESSAGES.forgotPasswordSent });
    }
    const lookups = jest.spyOn(users, 'findByEmail');
    const refused = await api('POST', '/api/auth/forgot-password', { body: { email: account.email }, ip });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(THROTTLE_MESSAGES.passwordReset(retryAfter(refused)));
    expect(retryAfter(refused)).toBeGreaterThan(PASSWORD_RESET_WINDOW_SECONDS - 120);
    expect(lookups).not.toHaveBeenCalled();
    // The refusal depends on the client only: an unknown address gets the very same answer.
    const unknown = await api('POST', '/api/auth/forgot-password', { body: { email: freshEmail('nobody') }, ip });
    expect({ status: unknown.status, message: unknown.body.message }).toEqual({ status: 429, message: refused.body.message });
    expect((await api('POST', '/api/auth/forgot-password', { body: { email: freshEmail('nobody') }, ip: freshIp() })).status).toBe(200);
  });
});

describe('the client address (TRUSTED_PROXIES)', () => {
  it('through a trusted hop (loopback, the default) X-Forwarded-For is the client: each address is its own pair', async () => {
    const ann = await registerUser();
    for (let i = 0; i < LOGIN_MAX_FAILURES; i += 1) expect((await login(ann.email, WRONG, freshIp())).status).toBe(401);
    clock.advance(LOGIN_ACCOUNT_DELAY.firstSeconds * 1000);
    expect((await login(ann.email, PASSWORD, freshIp())).status).toBe(200);
  });

  it('from a peer that is not trusted, a forged X-Forwarded-For does not move the key', async () => {
    // The same service trusting only a proxy range the test client is not in.
    const saved = process.env.TRUSTED_PROXIES;
    process.env.TRUSTED_PROXIES = '192.0.2.0/24';
    const direct = await startServiceHarness(serviceDefinition, { clock, env: { ...ENV, DATA_DIR: mkdtempSync(join(tmpdir(), 'auth-throttle-direct-')) } });
    if (saved === undefined) delete process.env.TRUSTED_PROXIES;
    else process.env.TRUSTED_PROXIES = saved;
    try {
      const ann = await registerUser(direct);
      for (let i = 0; i < LOGIN_MAX_FAILURES; i += 1) expect((await login(ann.email, WRONG, freshIp(), direct)).status).toBe(401);
      // Every failure was counted for 127.0.0.1, whatever the header claimed: the pair is closed.
      clock.advance(LOGIN_ACCOUNT_DELAY.firstSeconds * 1000);
      const locked = await login(ann.email, PASSWORD, freshIp(), direct);
      expect(locked.status).toBe(429);
      expect(locked.body.message).toBe(AUTH_MESSAGES.tooManyAttempts);
    } finally {
      await direct.close();
    }
  });
});
