import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SignJWT, decodeJwt, decodeProtectedHeader, importJWK } from 'jose';
import pg from 'pg';
import { AUTH_MESSAGES, REGISTRATION_MESSAGES } from '@paycadence/contracts';
import { TOKEN_AUDIENCE, TOKEN_ISSUER, systemClock } from '@paycadence/nest-kit';
import { refreshCookieFrom, refreshHeaders, refreshSetCookie, startServiceHarness, type ApiResponse, type ServiceHarness } from '@paycadence/nest-kit/testing';
import type { AuthConfig } from '../src/config.js';
import { totpCode } from '../src/mfa/totp.js';
import { LOGOUT_GRACE_SECONDS } from '../src/auth/auth.service.js';
import { serviceDefinition } from '../src/service-definition.js';

// Real PostgreSQL and Redis (nest-kit's harness: a fresh schema and Redis key prefix per run) and a temp DATA_DIR.
const dataDir = mkdtempSync(join(tmpdir(), 'auth-int-'));
const ADMIN = { email: 'Boss@Example.com', password: 'Adm1n!pass' };
let h: ServiceHarness<AuthConfig>;

beforeAll(async () => {
  h = await startServiceHarness(serviceDefinition, {
    // The real time: TOTP codes and the tokens' expiry are checked against it (jose and the phone alike).
    clock: systemClock,
    env: {
      DATA_DIR: dataDir,
      APP_URL: 'http://app.test',
      SMTP_URL: '',
      JWT_PRIVATE_KEY: '',
      ENCRYPTION_KEY: '',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      // Lowered only for tests (config refuses this outside NODE_ENV=test).
      ARGON2_MEMORY_KIB: '1024',
      ARGON2_TIME_COST: '1',
    },
  });
});

afterAll(async () => {
  await h?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

// ---------------------------------------------------------------------------------------------------------

let ipCounter = 0;
/** Each test signs in from its own address, so the per-IP throttle only bites where a test means it to. */
const freshIp = () => `203.0.113.${++ipCounter}`;
let emailCounter = 0;
const freshEmail = (label = 'user') => `${label}${++emailCounter}-${process.pid}@example.com`;

type Answer = ApiResponse;

/** Each call comes from its own client address unless the test names one (the gateway's X-Forwarded-For). */
const api = (method: string, path: string, options: { body?: unknown; token?: string; ip?: string } = {}): Promise<Answer> =>
  h.call(method, path, { body: options.body, token: options.token, headers: { 'x-forwarded-for': options.ip ?? freshIp() } });

const PASSWORD = 'Str0ng!Pass';
function registration(overrides: Record<string, unknown> = {}) {
  return {
    firstName: 'Ann',
    lastName: 'Lee',
    email: freshEmail(),
    password: PASSWORD,
    phone: '(555) 123-4567',
    dateOfBirth: '1990-05-01',
    address: { street: '1 Main St', city: 'Austin', state: 'TX', zipCode: '78701' },
    ssn: '1234',
    ...overrides,
  };
}

async function registerUser(overrides: Record<string, unknown> = {}) {
  const body = registration(overrides);
  const answer = await api('POST', '/api/auth/register', { body });
  expect(answer.status).toBe(201);
  const refreshToken = refreshCookieFrom(answer)!;
  expect(refreshToken).toEqual(expect.any(String));
  return { email: body.email, password: body.password, user: answer.body.user, session: answer.body.session, refreshToken };
}

const login = (email: string, password: string, ip?: string) => api('POST', '/api/auth/login', { body: { email, password }, ip });

/**
 * POST /api/auth/refresh as a non-browser caller (docs/security.md): the refresh token in the cookie,
 * the CSRF header, an empty body. `headers` adds or overrides (e.g. an Origin).
 */
const refresh = (refreshToken: string | undefined, headers: Record<string, string> = {}) =>
  h.call('POST', '/api/auth/refresh', {
    body: {},
    headers: { 'x-forwarded-for': freshIp(), ...(refreshToken ? refreshHeaders(refreshToken) : { 'x-requested-with': 'XMLHttpRequest' }), ...headers },
  });

async function signToken(claims: Record<string, unknown>, options: { expiresIn?: number; use?: string } = {}) {
  const jwk = JSON.parse(readFileSync(join(dataDir, 'auth', 'jwt-private.jwk'), 'utf8'));
  const { body: jwks } = await api('GET', '/.well-known/jwks.json');
  const key = await importJWK(jwk, 'ES256');
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ token_use: options.use ?? 'access', role: 'user', aal: 'aal1', ...claims })
    .setProtectedHeader({ alg: 'ES256', kid: jwks.keys[0].kid })
    .setIssuer(TOKEN_ISSUER)
    .setAudience(TOKEN_AUDIENCE)
    .setIssuedAt(now - 3600)
    .setExpirationTime(now + (options.expiresIn ?? 900))
    .sign(key);
}

/** Registers a user and turns TOTP on; answers the secret and the backup codes. */
async function userWithMfa() {
  const account = await registerUser();
  const token = account.session.access_token;
  const setup = await api('POST', '/api/mfa/setup', { token, body: { userId: account.user.id, userEmail: account.email } });
  const secret: string = setup.body.manualEntryKey;
  const enable = await api('POST', '/api/mfa/enable', {
    token,
    body: { userId: account.user.id, token: await totpCode(secret, new Date()), password: account.password },
  });
  expect(enable.body.success).toBe(true);
  // Enabling raised the caller's family to aal2: its next refresh is a session that passed 2FA.
  const raised = await refresh(account.refreshToken);
  expect(raised.status).toBe(200);
  return { ...account, secret, codes: enable.body.codes as string[], mfaSession: raised.body.session, refreshToken: refreshCookieFrom(raised)! };
}

/** A code for a step newer than any used so far (the window allows one step ahead). */
const nextStepCode = (secret: string) => totpCode(secret, new Date(Date.now() + 30_000));

// Sign-ups also mail an address confirmation in the background, whenever it lands: the counts here leave those out.
const outboxFiles = () => {
  try {
    return readdirSync(join(dataDir, 'outbox'))
      .filter((name) => name.endsWith('.json'))
      .sort()
      .filter((name) => !isConfirmation(name));
  } catch {
    return [];
  }
};
const readOutbox = (name: string) => JSON.parse(readFileSync(join(dataDir, 'outbox', name), 'utf8'));
const isConfirmation = (name: string) => String(readOutbox(name).subject).startsWith('Confirm your');
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until `probe` answers something truthy (the reset e-mail is written in the background). */
async function waitFor<T>(probe: () => T, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`nothing after ${timeoutMs} ms`);
    await pause(50);
  }
}

/** Rejects when `promise` takes longer than `ms` (for "answers at once" checks). */
function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  return Promise.race([promise, pause(ms).then(() => Promise.reject(new Error(`no answer within ${ms} ms`)))]);
}

const verifyCode = (mfaToken: string, userId: string, code: string) =>
  api('POST', '/api/mfa/verify', { token: mfaToken, body: { userId, token: code } });
const countStatuses = (answers: Answer[]) =>
  answers.reduce<Record<number, number>>((counts, { status }) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }), {});

// ---------------------------------------------------------------------------------------------------------

describe('POST /api/auth/register', () => {
  it('creates a user with role user, stores the SSN last 4 encrypted and answers a session', async () => {
    const { user, session, email } = await registerUser({ role: undefined });
    expect(user).toMatchObject({ email, role: 'user', status: 'active', firstName: 'Ann', lastName: 'Lee', mfa_enabled: false });
    expect(user.address).toEqual({ street: '1 Main St', city: 'Austin', state: 'TX', zipCode: '78701', country: 'US' });
    expect(user.ssn).toBeUndefined();
    expect(session).toMatchObject({ expires_in: 900, token_type: 'bearer' });
    const claims = decodeJwt(session.access_token);
    expect(claims).toMatchObject({ sub: user.id, role: 'user', aal: 'aal1', email, token_use: 'access', iss: TOKEN_ISSUER, aud: TOKEN_AUDIENCE });
    expect((claims.exp as number) - (claims.iat as number)).toBe(900);
    const [row] = (await h.db.query(`SELECT password_hash, ssn_last4_enc, phone, date_of_birth::text AS dob FROM "${h.schema}".users WHERE id = $1`, [user.id])).rows;
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(row.ssn_last4_enc).toMatch(/^v1\./);
    expect(row.ssn_last4_enc).not.toContain('1234');
    expect(row).toMatchObject({ phone: '(555) 123-4567', dob: '1990-05-01' });
  });

  it('refuses an e-mail already registered in another case with 409 and a clear message', async () => {
    const first = await registerUser();
    const again = await api('POST', '/api/auth/register', { body: registration({ email: `  ${first.email.toUpperCase()} ` }) });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: AUTH_MESSAGES.emailTaken, errors: { email: AUTH_MESSAGES.emailTaken } });
  });

  it('never accepts a role from the body', async () => {
    const answer = await api('POST', '/api/auth/register', { body: registration({ role: 'admin' }) });
    expect(answer.status).toBe(400);
    expect(answer.body.errors.role).toBe('Unknown field "role"');
  });

  const adultCutoff = new Date();
  // Born on the last day of the year: under 18 on every day of the current year, New Year's Eve run included.
  const underEighteen = `${adultCutoff.getUTCFullYear() - 17}-12-31`;
  it.each([
    ['firstName', { firstName: '' }, REGISTRATION_MESSAGES.firstNameRequired],
    ['email', { email: 'not-an-email' }, REGISTRATION_MESSAGES.emailInvalid],
    ['password', { password: 'Short1!' }, REGISTRATION_MESSAGES.passwordTooShort],
    ['password', { password: 'alllowercase1!' }, REGISTRATION_MESSAGES.passwordWeak],
    ['phone', { phone: '555-1234' }, REGISTRATION_MESSAGES.phoneInvalid],
    ['dateOfBirth', { dateOfBirth: underEighteen }, REGISTRATION_MESSAGES.tooYoung],
    ['address.zipCode', { address: { street: '1 Main', city: 'Austin', state: 'TX', zipCode: '7870' } }, REGISTRATION_MESSAGES.zipInvalid],
    ['address.state', { address: { street: '1 Main', city: 'Austin', state: 'ZZ', zipCode: '78701' } }, REGISTRATION_MESSAGES.stateInvalid],
    ['ssn', { ssn: '12a4' }, REGISTRATION_MESSAGES.ssnInvalid],
    ['confirmPassword', { confirmPassword: 'Other!Pass1' }, REGISTRATION_MESSAGES.passwordsMismatch],
  ])('rejects a bad %s with the documented message', async (field, overrides, message) => {
    const answer = await api('POST', '/api/auth/register', { body: registration(overrides) });
    expect(answer.status).toBe(400);
    expect(answer.body.errors[field]).toBe(message);
  });

  it('names every missing field with its verbatim message', async () => {
    const answer = await api('POST', '/api/auth/register', { body: {} });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toMatchObject({
      firstName: REGISTRATION_MESSAGES.firstNameRequired,
      lastName: REGISTRATION_MESSAGES.lastNameRequired,
      email: REGISTRATION_MESSAGES.emailRequired,
      password: REGISTRATION_MESSAGES.passwordRequired,
      phone: REGISTRATION_MESSAGES.phoneRequired,
      dateOfBirth: REGISTRATION_MESSAGES.dateOfBirthRequired,
      ssn: REGISTRATION_MESSAGES.ssnRequired,
    });
  });
});

describe('POST /api/auth/login', () => {
  it('answers {user, session} for the right password (e-mail in any case)', async () => {
    const account = await registerUser();
    const answer = await login(account.email.toUpperCase(), account.password);
    expect(answer.status).toBe(200);
    expect(answer.body.user.id).toBe(account.user.id);
    expect(answer.body.session).toEqual({ access_token: expect.any(String), expires_in: 900, expires_at: expect.any(Number), token_type: 'bearer' });
    expect(refreshCookieFrom(answer)).toEqual(expect.any(String));
    expect(answer.headers.get('cache-control')).toBe('no-store');
  });

  it('gives the same 401 for a wrong password and an unknown e-mail', async () => {
    const account = await registerUser();
    const wrong = await login(account.email, 'Wrong!Pass1');
    const unknown = await login(freshEmail('nobody'), 'Wrong!Pass1');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ message: AUTH_MESSAGES.invalidCredentials });
    expect(unknown.body).toEqual(wrong.body);
  });

  it('refuses sign-in and refresh for a suspended user with 403', async () => {
    const account = await registerUser();
    await h.db.query(`UPDATE "${h.schema}".users SET status = 'suspended' WHERE id = $1`, [account.user.id]);
    const signIn = await login(account.email, account.password);
    expect(signIn.status).toBe(403);
    expect(signIn.body.message).toBe(AUTH_MESSAGES.suspended);
    const refused = await refresh(account.refreshToken);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(AUTH_MESSAGES.suspended);
    expect(refreshSetCookie(refused)).toMatchObject({ value: '', maxAge: 0 });
  });

  it('signs in the admin created from ADMIN_EMAIL / ADMIN_PASSWORD at start-up', async () => {
    const answer = await login(ADMIN.email, ADMIN.password);
    expect(answer.status).toBe(200);
    expect(answer.body.user).toMatchObject({ email: 'boss@example.com', role: 'admin' });
    expect(decodeJwt(answer.body.session.access_token).role).toBe('admin');
  });

  it('requires email and password', async () => {
    const answer = await api('POST', '/api/auth/login', { body: { email: '' } });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual({ email: 'Email is required', password: 'Password is required' });
  });
});

describe('the cookie session (README: Security)', () => {
  it('sets the refresh token only as an HttpOnly, Secure, SameSite=Strict cookie scoped to the refresh route', async () => {
    const body = registration();
    const registered = await api('POST', '/api/auth/register', { body });
    const signedIn = await login(body.email, body.password);
    for (const answer of [registered, signedIn]) {
      expect(refreshSetCookie(answer)).toEqual({
        name: 'paycadence_refresh',
        value: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        path: '/api/auth/refresh',
        httpOnly: true,
        secure: true,
        sameSite: 'strict',
        maxAge: 30 * 24 * 3600,
      });
      const token = refreshCookieFrom(answer)!;
      expect(JSON.stringify(answer.body)).not.toContain(token);
      expect(JSON.stringify(answer.body)).not.toMatch(/refresh/i);
    }
    // The challenge of a 2FA sign-in is no session: no cookie.
    const account = await userWithMfa();
    const challenge = await login(account.email, account.password);
    expect(challenge.body.mfa_required).toBe(true);
    expect(refreshSetCookie(challenge)).toBeUndefined();
  });

  it('rotates through the cookie: a new cookie each time, same family, and reusing a spent one revokes the whole family', async () => {
    const { session, refreshToken } = await registerUser();
    const first = await refresh(refreshToken);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ session: { access_token: expect.any(String), expires_in: 900, expires_at: expect.any(Number), token_type: 'bearer' } });
    expect(first.headers.get('cache-control')).toBe('no-store');
    const next = refreshCookieFrom(first)!;
    expect(next).not.toBe(refreshToken);
    expect(decodeJwt(first.body.session.access_token).sid).toBe(decodeJwt(session.access_token).sid);

    const reuse = await refresh(refreshToken);
    expect(reuse.status).toBe(401);
    expect(refreshSetCookie(reuse)).toMatchObject({ value: '', maxAge: 0, path: '/api/auth/refresh' });
    expect((await refresh(next)).status).toBe(401);
    // Reuse ended the family everywhere at once: its access tokens too.
    expect((await api('GET', '/api/auth/me', { token: first.body.session.access_token })).status).toBe(401);
  });

  it('answers 401 with a clearing cookie for no cookie, an unknown one and an expired one', async () => {
    const none = await refresh(undefined);
    expect(none.status).toBe(401);
    expect(none.body).toEqual({ message: AUTH_MESSAGES.invalidRefreshToken });
    expect(refreshSetCookie(none)).toMatchObject({ value: '', maxAge: 0 });
    const unknown = await refresh('made-up');
    expect(unknown.status).toBe(401);
    expect(refreshSetCookie(unknown)).toMatchObject({ value: '', maxAge: 0 });

    const { refreshToken, session } = await registerUser();
    const expiring = await h.db.query(`UPDATE "${h.schema}".refresh_tokens SET expires_at = now() - interval '1 second' WHERE family_id = $1`, [
      decodeJwt(session.access_token).sid,
    ]);
    expect(expiring.rowCount).toBe(1);
    const expired = await refresh(refreshToken);
    expect(expired.status).toBe(401);
    expect(refreshSetCookie(expired)).toMatchObject({ value: '', maxAge: 0 });
  });

  it('finds its cookie in a Cookie header over 8 KB (other cookies of the app host) and keeps the session', async () => {
    const { refreshToken } = await registerUser();
    const big = await refresh(refreshToken, { cookie: `prefs=${'x'.repeat(10_000)}; paycadence_refresh=${refreshToken}; theme=dark` });
    expect(big.status).toBe(200);
    expect(refreshCookieFrom(big)).toBeDefined();
  });

  it('takes no token from the body any more', async () => {
    const { refreshToken } = await registerUser();
    const inBody = await api('POST', '/api/auth/refresh', { body: { refresh_token: refreshToken } });
    expect(inBody.status).toBe(400);
    // A request with no body at all is fine too (the cookie is all it needs).
    const bare = await h.call('POST', '/api/auth/refresh', { headers: refreshHeaders(refreshToken) });
    expect(bare.status).toBe(200);
  });

  it('refuses a refresh without the CSRF header or from another site with 403, and leaves the session alone', async () => {
    const { refreshToken } = await registerUser();
    const cookieOnly = await h.call('POST', '/api/auth/refresh', { body: {}, headers: { cookie: `paycadence_refresh=${refreshToken}` } });
    expect(cookieOnly.status).toBe(403);
    expect(cookieOnly.body).toEqual({ message: AUTH_MESSAGES.crossSiteRefused });
    expect(refreshSetCookie(cookieOnly)).toBeUndefined();
    expect((await refresh(refreshToken, { origin: 'https://evil.example' })).status).toBe(403);
    expect((await refresh(refreshToken, { 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    expect((await refresh(refreshToken, { 'sec-fetch-site': 'same-site' })).status).toBe(403);
    // None of those spent the token: the app's own origin still refreshes.
    const own = await refresh(refreshToken, { origin: 'http://app.test', 'sec-fetch-site': 'same-origin' });
    expect(own.status).toBe(200);
  });

  it('two racing refreshes of one token: exactly one succeeds, and reuse leaves no live token (20 rounds of 10)', async () => {
    for (let round = 0; round < 20; round += 1) {
      const { refreshToken, session } = await registerUser();
      const answers = await Promise.all(Array.from({ length: 10 }, () => refresh(refreshToken)));
      expect(countStatuses(answers)).toEqual({ 200: 1, 401: 9 });
      const winner = answers.find((answer) => answer.status === 200)!;
      // The losers were reuse: the family is revoked, the winner's new token included.
      expect((await refresh(refreshCookieFrom(winner)!)).status).toBe(401);
      const { rows } = await h.db.query(
        `SELECT count(*)::int AS live FROM "${h.schema}".refresh_tokens WHERE family_id = $1 AND revoked_at IS NULL`,
        [decodeJwt(session.access_token).sid],
      );
      expect(rows[0].live).toBe(0);
      expect((await api('GET', '/api/auth/me', { token: winner.body.session.access_token })).status).toBe(401);
    }
  });
});

describe('POST /api/auth/logout', () => {
  it('answers 204, clears the cookie, ends the refresh family, and the access token stops working at once', async () => {
    const { session, refreshToken } = await registerUser();
    expect((await api('GET', '/api/auth/me', { token: session.access_token })).status).toBe(200);
    const out = await api('POST', '/api/auth/logout', { token: session.access_token, body: {} });
    expect(out.status).toBe(204);
    expect(refreshSetCookie(out)).toMatchObject({ name: 'paycadence_refresh', value: '', maxAge: 0, path: '/api/auth/refresh' });
    expect((await refresh(refreshToken)).status).toBe(401);
    const me = await api('GET', '/api/auth/me', { token: session.access_token });
    expect(me.status).toBe(401);
    expect(me.body.message).toBe(AUTH_MESSAGES.sessionExpired);
  });

  it("ends only the caller's session: the same user's other sign-in keeps working", async () => {
    const account = await registerUser();
    const elsewhere = await login(account.email, account.password);
    expect((await api('POST', '/api/auth/logout', { token: account.session.access_token })).status).toBe(204);
    expect((await api('GET', '/api/auth/me', { token: elsewhere.body.session.access_token })).status).toBe(200);
    expect((await refresh(refreshCookieFrom(elsewhere))).status).toBe(200);
  });

  it('works with an access token that expired since (a laptop that slept), never with a forged one', async () => {
    const caller = await registerUser();
    const sid = decodeJwt(caller.session.access_token).sid;
    const expired = await signToken({ sub: caller.user.id, sid }, { expiresIn: -60 });
    expect((await api('POST', '/api/auth/logout', { token: expired })).status).toBe(204);
    expect((await refresh(caller.refreshToken)).status).toBe(401);

    // Within a day only: an old token seen in a log or a HAR file cannot end the session.
    const stale = await registerUser();
    const staleSid = decodeJwt(stale.session.access_token).sid;
    const dayOld = await signToken({ sub: stale.user.id, sid: staleSid }, { expiresIn: -(LOGOUT_GRACE_SECONDS + 3600) });
    expect((await api('POST', '/api/auth/logout', { token: dayOld })).status).toBe(401);
    expect((await refresh(stale.refreshToken)).status).toBe(200);
    const nearlyDayOld = await signToken({ sub: stale.user.id, sid: staleSid }, { expiresIn: -(LOGOUT_GRACE_SECONDS - 3600) });
    expect((await api('POST', '/api/auth/logout', { token: nearlyDayOld })).status).toBe(204);

    const other = await registerUser();
    const forged = await api('POST', '/api/auth/logout', { token: `${other.session.access_token.slice(0, -4)}AAAA` });
    expect(forged.status).toBe(401);
    expect((await refresh(other.refreshToken)).status).toBe(200);
  });

  it('needs the bearer token (the cookie is cleared all the same)', async () => {
    const out = await api('POST', '/api/auth/logout', { body: {} });
    expect(out.status).toBe(401);
    expect(refreshSetCookie(out)).toMatchObject({ value: '', maxAge: 0 });
  });
});

describe('GET /api/auth/me and token checks', () => {
  it('answers the user with the SSN last 4 for the profile screen', async () => {
    const { session, user } = await registerUser();
    const me = await api('GET', '/api/auth/me', { token: session.access_token });
    expect(me.status).toBe(200);
    expect(me.body.user).toMatchObject({ id: user.id, ssn: '1234', mfa_enabled: false });
  });

  it('refuses a missing, expired, tampered or wrong-kind token with 401', async () => {
    const { session, user } = await registerUser();
    expect((await api('GET', '/api/auth/me')).status).toBe(401);
    const expired = await signToken({ sub: user.id }, { expiresIn: -60 });
    expect((await api('GET', '/api/auth/me', { token: expired })).status).toBe(401);
    const [header, payload, signature] = session.access_token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...decodeJwt(session.access_token), role: 'admin' })).toString('base64url');
    expect((await api('GET', '/api/auth/me', { token: `${header}.${forged}.${signature}` })).status).toBe(401);
    const flipped = `${header}.${payload}.${signature.slice(0, -2)}${signature.endsWith('A') ? 'BB' : 'AA'}`;
    expect((await api('GET', '/api/auth/me', { token: flipped })).status).toBe(401);
    const recovery = await signToken({ sub: user.id }, { use: 'recovery' });
    const answer = await api('GET', '/api/auth/me', { token: recovery });
    expect(answer.status).toBe(401);
    expect(answer.body.message).toBe(AUTH_MESSAGES.sessionExpired);
    // A still-valid token signed the same way is accepted: the refusals above are about the token, not the test key.
    expect((await api('GET', '/api/auth/me', { token: await signToken({ sub: user.id }) })).status).toBe(200);
  });
});

describe('GET /.well-known/jwks.json', () => {
  it('publishes the ES256 public key with its kid and cache headers, never the private part', async () => {
    const answer = await api('GET', '/.well-known/jwks.json');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('public, max-age=600');
    expect(answer.body.keys).toHaveLength(1);
    expect(answer.body.keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig', kid: expect.any(String) });
    expect(answer.body.keys[0].d).toBeUndefined();
    const { session } = await registerUser();
    expect(decodeProtectedHeader(session.access_token)).toMatchObject({ alg: 'ES256', kid: answer.body.keys[0].kid });
  });
});

describe('PUT /api/auth/update-profile', () => {
  it('changes the fields sent, keeps the e-mail and answers {success, user}', async () => {
    const { session, user, email } = await registerUser();
    const answer = await api('PUT', '/api/auth/update-profile', {
      token: session.access_token,
      body: { firstName: 'Anna', email: 'other@example.com', address: { city: 'Dallas' }, ssn: '9876' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.success).toBe(true);
    expect(answer.body.user).toMatchObject({ id: user.id, email, firstName: 'Anna', ssn: '9876' });
    expect(answer.body.user.address).toMatchObject({ city: 'Dallas', street: '1 Main St', state: 'TX' });
  });

  it('refuses an SSN that is not exactly 4 digits with {success: false, error}', async () => {
    const { session } = await registerUser();
    const answer = await api('PUT', '/api/auth/update-profile', { token: session.access_token, body: { ssn: '12345' } });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ success: false, error: REGISTRATION_MESSAGES.ssnInvalid, errors: { ssn: REGISTRATION_MESSAGES.ssnInvalid } });
  });

  it('needs the bearer token', async () => {
    expect((await api('PUT', '/api/auth/update-profile', { body: { firstName: 'X' } })).status).toBe(401);
  });
});

describe('two-factor routes', () => {
  it('sets up (QR, key, secret encrypted), refuses a wrong code, enables with a right one and returns 10 codes', async () => {
    const { session, user, email, password } = await registerUser();
    const token = session.access_token;
    expect((await api('GET', `/api/mfa/status/${user.id}`, { token })).body).toMatchObject({ enabled: false });
    const setup = await api('POST', '/api/mfa/setup', { token, body: { userId: user.id, userEmail: email } });
    expect(setup.status).toBe(200);
    expect(setup.body.success).toBe(true);
    expect(setup.body.qrCode).toMatch(/^data:image\/png;base64,/);
    expect(setup.body.manualEntryKey).toMatch(/^[A-Z2-7]{32,}$/);
    const [row] = (await h.db.query(`SELECT secret_enc FROM "${h.schema}".mfa_factors WHERE user_id = $1`, [user.id])).rows;
    expect(row.secret_enc).not.toContain(setup.body.manualEntryKey);

    const wrong = await api('POST', '/api/mfa/enable', { token, body: { userId: user.id, token: '000000', password } });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ success: false, error: AUTH_MESSAGES.invalidCodeShort });
    const enabled = await api('POST', '/api/mfa/enable', { token, body: { userId: user.id, token: await totpCode(setup.body.manualEntryKey, new Date()), password } });
    expect(enabled.body.success).toBe(true);
    expect(enabled.body.codes).toHaveLength(10);
    expect(new Set(enabled.body.codes).size).toBe(10);
    const status = await api('GET', `/api/mfa/status/${user.id}`, { token });
    expect(status.body).toMatchObject({ enabled: true, backupCodesRemaining: 10, factors: [{ factor_type: 'totp', status: 'verified' }] });
    const stored = (await h.db.query(`SELECT code_hash FROM "${h.schema}".backup_codes WHERE user_id = $1`, [user.id])).rows;
    expect(stored.map((r) => r.code_hash)).not.toContain(enabled.body.codes[0]);
  });

  it('refuses a code format other than 6 digits', async () => {
    const { session, user } = await registerUser();
    const answer = await api('POST', '/api/mfa/enable', { token: session.access_token, body: { userId: user.id, token: '12ab', password: PASSWORD } });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(AUTH_MESSAGES.mfaCodeFormat);
  });

  it("answers 403 for another user's id on every owner route", async () => {
    const me = await registerUser();
    const other = await registerUser();
    const token = me.session.access_token;
    const id = other.user.id;
    const answers = await Promise.all([
      api('GET', `/api/mfa/status/${id}`, { token }),
      api('POST', '/api/mfa/setup', { token, body: { userId: id, userEmail: other.email } }),
      api('POST', '/api/mfa/enable', { token, body: { userId: id, token: '123456', password: PASSWORD } }),
      api('POST', '/api/mfa/disable', { token, body: { userId: id, token: '123456', password: PASSWORD } }),
      api('GET', `/api/mfa/backup-codes/${id}`, { token }),
    ]);
    for (const answer of answers) {
      expect(answer.status).toBe(403);
      expect(answer.body.message).toBe(AUTH_MESSAGES.mfaOtherUser);
    }
    expect((await api('GET', `/api/mfa/status/${id}`)).status).toBe(401);
  });

  it('with TOTP on, sign-in answers only a challenge; verify gives an aal2 session; a code is never accepted twice', async () => {
    const account = await userWithMfa();
    const challenge = await login(account.email, account.password);
    expect(challenge.status).toBe(200);
    expect(challenge.body).toEqual({
      mfa_required: true,
      mfa_token: expect.any(String),
      userId: account.user.id,
      message: AUTH_MESSAGES.mfaLoginPrompt,
      factors: ['totp'],
    });
    expect((await api('GET', '/api/auth/me', { token: challenge.body.mfa_token })).status).toBe(401);

    const wrong = await api('POST', '/api/mfa/verify', { token: challenge.body.mfa_token, body: { userId: account.user.id, token: '000000' } });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ valid: false, message: AUTH_MESSAGES.invalidCode });

    const code = await nextStepCode(account.secret);
    const verified = await api('POST', '/api/mfa/verify', { token: challenge.body.mfa_token, body: { userId: account.user.id, token: code } });
    expect(verified.status).toBe(200);
    expect(verified.body.valid).toBe(true);
    expect(verified.body.user).toMatchObject({ id: account.user.id, mfa_enabled: true });
    expect(decodeJwt(verified.body.session.access_token).aal).toBe('aal2');
    expect(JSON.stringify(verified.body)).not.toMatch(/refresh/i);

    const second = await login(account.email, account.password);
    const replay = await api('POST', '/api/mfa/verify', { token: second.body.mfa_token, body: { userId: account.user.id, token: code } });
    expect(replay.status).toBe(401);
    expect(replay.body.valid).toBe(false);
    // The refreshed session keeps aal2.
    const refreshed = await refresh(refreshCookieFrom(verified));
    expect(decodeJwt(refreshed.body.session.access_token).aal).toBe('aal2');
  });

  it('accepts a backup code once; the mfa_token works once and only for its own user', async () => {
    const account = await userWithMfa();
    const other = await registerUser();
    const challenge = await login(account.email, account.password);
    const mfaToken = challenge.body.mfa_token;
    const foreign = await api('POST', '/api/mfa/verify', { token: mfaToken, body: { userId: other.user.id, token: account.codes[0] } });
    expect(foreign.status).toBe(403);
    expect((await api('POST', '/api/mfa/verify', { body: { userId: account.user.id, token: account.codes[0] } })).status).toBe(401);

    const backup = account.codes[0].toLowerCase().replace('-', '');
    const first = await api('POST', '/api/mfa/verify', { token: mfaToken, body: { userId: account.user.id, token: backup } });
    expect(first.body.valid).toBe(true);
    const tokenAgain = await api('POST', '/api/mfa/verify', { token: mfaToken, body: { userId: account.user.id, token: account.codes[1] } });
    expect(tokenAgain.status).toBe(401);

    const next = await login(account.email, account.password);
    const reuse = await api('POST', '/api/mfa/verify', { token: next.body.mfa_token, body: { userId: account.user.id, token: account.codes[0] } });
    expect(reuse.status).toBe(401);
    expect(reuse.body).toEqual({ valid: false, message: AUTH_MESSAGES.invalidCode });
  });

  it('GET backup-codes issues a new set and invalidates the old one', async () => {
    const account = await userWithMfa();
    const fresh = await api('GET', `/api/mfa/backup-codes/${account.user.id}`, { token: account.mfaSession.access_token });
    expect(fresh.status).toBe(200);
    expect(fresh.body.codes).toHaveLength(10);
    expect(fresh.body.codes).not.toContain(account.codes[2]);
    const challenge = await login(account.email, account.password);
    const old = await api('POST', '/api/mfa/verify', { token: challenge.body.mfa_token, body: { userId: account.user.id, token: account.codes[2] } });
    expect(old.body.valid).toBe(false);
    const current = await api('POST', '/api/mfa/verify', { token: challenge.body.mfa_token, body: { userId: account.user.id, token: fresh.body.codes[0] } });
    expect(current.body.valid).toBe(true);
  });

  it('disables with a current code; sign-in then answers a session directly', async () => {
    const account = await userWithMfa();
    const token = account.mfaSession.access_token;
    const wrong = await api('POST', '/api/mfa/disable', { token, body: { userId: account.user.id, token: '000000', password: account.password } });
    expect(wrong.body).toMatchObject({ success: false, error: AUTH_MESSAGES.invalidCodeShort });
    const off = await api('POST', '/api/mfa/disable', { token, body: { userId: account.user.id, token: await nextStepCode(account.secret), password: account.password } });
    expect(off.body).toEqual({ success: true });
    expect((await api('GET', `/api/mfa/status/${account.user.id}`, { token })).body.enabled).toBe(false);
    expect((await login(account.email, account.password)).body.session).toBeDefined();
    const noCodes = await api('GET', `/api/mfa/backup-codes/${account.user.id}`, { token });
    expect(noCodes.status).toBe(400);
    expect(noCodes.body).toMatchObject({ success: false, error: AUTH_MESSAGES.mfaNotEnabled });
  });
});

describe('password reset', () => {
  it('answers the same for an unknown e-mail and sends nothing', async () => {
    const before = outboxFiles().length;
    const answer = await api('POST', '/api/auth/forgot-password', { body: { email: freshEmail('ghost') } });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ message: AUTH_MESSAGES.forgotPasswordSent });
    await pause(300);
    expect(outboxFiles()).toHaveLength(before);
  });

  it('mails a single-use link; the new password ends every session; a reused link is refused', async () => {
    const account = await registerUser();
    const other = await login(account.email, account.password);
    const answer = await api('POST', '/api/auth/forgot-password', { body: { email: account.email.toUpperCase() } });
    expect(answer.body).toEqual({ message: AUTH_MESSAGES.forgotPasswordSent });
    // The e-mail is written in the background (the answer never waits for it): poll the outbox.
    const files = await waitFor(() => {
      const names = outboxFiles();
      return names.length && readOutbox(names[names.length - 1]).to === account.email ? names : null;
    });
    const mail = readOutbox(files[files.length - 1]);
    expect(mail).toMatchObject({ to: account.email, subject: expect.stringContaining('Reset'), sentAt: expect.any(String) });
    const link = /http:\/\/app\.test\/reset-password#\S+/.exec(mail.text)![0];
    const fragment = new URLSearchParams(link.split('#')[1]);
    expect(fragment.get('type')).toBe('recovery');
    expect(fragment.get('refresh_token')).toEqual(expect.any(String));
    const recovery = fragment.get('access_token')!;
    expect(mail.html).toContain('reset-password#access_token=');

    // Within a minute a second request sends nothing new and answers the same.
    const again = await api('POST', '/api/auth/forgot-password', { body: { email: account.email } });
    expect(again.body).toEqual({ message: AUTH_MESSAGES.forgotPasswordSent });
    await pause(500);
    expect(outboxFiles()).toHaveLength(files.length);

    // The recovery token opens nothing else.
    expect((await api('GET', '/api/auth/me', { token: recovery })).status).toBe(401);
    const weak = await api('POST', '/api/auth/update-password', { token: recovery, body: { password: 'weakpassword' } });
    expect(weak.status).toBe(400);
    expect(weak.body.errors.password).toBe(REGISTRATION_MESSAGES.passwordWeak);

    const NEW = 'N3w!Password';
    const done = await api('POST', '/api/auth/update-password', { token: recovery, body: { password: NEW } });
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ success: true });
    expect((await refresh(account.refreshToken)).status).toBe(401);
    expect((await refresh(refreshCookieFrom(other))).status).toBe(401);
    // ... and their access tokens at once (the product's promise), not within 15 minutes.
    expect((await api('GET', '/api/auth/me', { token: account.session.access_token })).status).toBe(401);
    expect((await api('GET', '/api/auth/me', { token: other.body.session.access_token })).status).toBe(401);
    expect((await login(account.email, account.password)).status).toBe(401);
    expect((await login(account.email, NEW)).status).toBe(200);

    const reuse = await api('POST', '/api/auth/update-password', { token: recovery, body: { password: 'An0ther!Pass' } });
    expect(reuse.status).toBe(401);
    expect(reuse.body.message).toBe(AUTH_MESSAGES.invalidResetLink);
  });

  it('refuses update-password with an access token or none', async () => {
    const { session } = await registerUser();
    expect((await api('POST', '/api/auth/update-password', { token: session.access_token, body: { password: 'N3w!Password' } })).status).toBe(401);
    expect((await api('POST', '/api/auth/update-password', { body: { password: 'N3w!Password' } })).status).toBe(401);
  });
});

describe('security review fixes', () => {
  it('answers forgot-password without waiting for the account lookup or the e-mail', async () => {
    const account = await registerUser();
    const before = outboxFiles().length;
    // Hold the users table: a handler that looks the account up before answering cannot answer meanwhile.
    const blocker = new pg.Client({ connectionString: h.config.DATABASE_URL });
    await blocker.connect();
    try {
      await blocker.query('BEGIN');
      await blocker.query(`LOCK TABLE "${h.schema}".users IN ACCESS EXCLUSIVE MODE`);
      const answer = await within(api('POST', '/api/auth/forgot-password', { body: { email: account.email } }), 2000);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ message: AUTH_MESSAGES.forgotPasswordSent });
      expect(outboxFiles()).toHaveLength(before);
    } finally {
      await blocker.query('ROLLBACK');
      await blocker.end();
    }
    // Once the table is free the background work finishes and the e-mail goes out.
    const files = await waitFor(() => (outboxFiles().length > before ? outboxFiles() : null));
    expect(readOutbox(files[files.length - 1]).to).toBe(account.email);
  });

  it("creates new backup codes only in a session that passed 2FA; enabling raises the caller's family", async () => {
    const { session, user, email, refreshToken } = await registerUser();
    const token = session.access_token;
    const setup = await api('POST', '/api/mfa/setup', { token, body: { userId: user.id, userEmail: email } });
    const enable = await api('POST', '/api/mfa/enable', { token, body: { userId: user.id, token: await totpCode(setup.body.manualEntryKey, new Date()), password: PASSWORD } });
    expect(enable.body).toEqual({ success: true, codes: expect.any(Array), aal: 'aal2' });

    // The access token of the password-only sign-in is still aal1: refused.
    const refused = await api('GET', `/api/mfa/backup-codes/${user.id}`, { token });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ success: false, message: AUTH_MESSAGES.backupCodesNeedTwoFactor });

    // The same family, refreshed, is aal2 (no new refresh token was handed out by enable).
    const refreshed = await refresh(refreshToken);
    const claims = decodeJwt(refreshed.body.session.access_token);
    expect(claims).toMatchObject({ sub: user.id, aal: 'aal2', sid: decodeJwt(token).sid });
    const fresh = await api('GET', `/api/mfa/backup-codes/${user.id}`, { token: refreshed.body.session.access_token });
    expect(fresh.status).toBe(200);
    expect(fresh.body.codes).toHaveLength(10);
  });

  it('a password-only session of a 2FA account cannot create backup codes', async () => {
    const account = await userWithMfa();
    const aal1 = await signToken({ sub: account.user.id, email: account.email, aal: 'aal1' });
    const refused = await api('GET', `/api/mfa/backup-codes/${account.user.id}`, { token: aal1 });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(AUTH_MESSAGES.backupCodesNeedTwoFactor);
  });

  it('answers 403 from GET /api/auth/me for a suspended user', async () => {
    const account = await registerUser();
    await h.db.query(`UPDATE "${h.schema}".users SET status = 'suspended' WHERE id = $1`, [account.user.id]);
    const me = await api('GET', '/api/auth/me', { token: account.session.access_token });
    expect(me.status).toBe(403);
    expect(me.body.message).toBe(AUTH_MESSAGES.suspended);
  });

  it("enabling and disabling 2FA end the user's other sessions and keep the caller's", async () => {
    const account = await registerUser();
    const elsewhere = await login(account.email, account.password);
    const token = account.session.access_token;
    const setup = await api('POST', '/api/mfa/setup', { token, body: { userId: account.user.id, userEmail: account.email } });
    const secret: string = setup.body.manualEntryKey;
    const enable = await api('POST', '/api/mfa/enable', { token, body: { userId: account.user.id, token: await totpCode(secret, new Date()), password: account.password } });
    expect(enable.body.success).toBe(true);
    expect((await refresh(refreshCookieFrom(elsewhere))).status).toBe(401);
    // The other session's access token ends at once too.
    expect((await api('GET', '/api/auth/me', { token: elsewhere.body.session.access_token })).status).toBe(401);
    const kept = await refresh(account.refreshToken);
    expect(kept.status).toBe(200);

    const challenge = await login(account.email, account.password);
    const second = await verifyCode(challenge.body.mfa_token, account.user.id, enable.body.codes[0]);
    expect(second.status).toBe(200);
    const off = await api('POST', '/api/mfa/disable', {
      token: kept.body.session.access_token,
      body: { userId: account.user.id, token: await nextStepCode(secret), password: account.password },
    });
    expect(off.body).toEqual({ success: true });
    expect((await refresh(refreshCookieFrom(second))).status).toBe(401);
    expect((await refresh(refreshCookieFrom(kept))).status).toBe(200);
  });

  it('enabling and disabling 2FA need the current password again; a wrong one is answered like a wrong code and counted', async () => {
    const account = await registerUser();
    const token = account.session.access_token;
    const setup = await api('POST', '/api/mfa/setup', { token, body: { userId: account.user.id, userEmail: account.email } });
    const secret: string = setup.body.manualEntryKey;
    const code = await totpCode(secret, new Date());
    const missing = await api('POST', '/api/mfa/enable', { token, body: { userId: account.user.id, token: code } });
    expect(missing.status).toBe(400);
    expect(missing.body.errors.password).toBe(AUTH_MESSAGES.currentPasswordRequired);
    const wrong = await api('POST', '/api/mfa/enable', { token, body: { userId: account.user.id, token: code, password: 'Wrong!Pass1' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ success: false, error: AUTH_MESSAGES.incorrectPassword, message: AUTH_MESSAGES.incorrectPassword });
    // The wrong password did not spend the code: the same code with the right password enables.
    const enabled = await api('POST', '/api/mfa/enable', { token, body: { userId: account.user.id, token: code, password: account.password } });
    expect(enabled.body.success).toBe(true);

    const refreshed = await refresh(account.refreshToken);
    const aal2 = refreshed.body.session.access_token;
    const wrongOff = await api('POST', '/api/mfa/disable', { token: aal2, body: { userId: account.user.id, token: await nextStepCode(secret), password: 'Wrong!Pass1' } });
    expect(wrongOff.body).toEqual({ success: false, error: AUTH_MESSAGES.incorrectPassword, message: AUTH_MESSAGES.incorrectPassword });
    expect((await api('GET', `/api/mfa/status/${account.user.id}`, { token: aal2 })).body.enabled).toBe(true);

    // Counted like wrong codes: with the 2 wrong passwords above, 8 more wrong ones and the account is throttled.
    for (let i = 0; i < 8; i += 1) {
      expect((await api('POST', '/api/mfa/disable', { token: aal2, body: { userId: account.user.id, token: '000000', password: 'Wrong!Pass1' } })).status).toBe(400);
    }
    const locked = await api('POST', '/api/mfa/disable', { token: aal2, body: { userId: account.user.id, token: await nextStepCode(secret), password: account.password } });
    expect(locked.status).toBe(429);
    expect((await api('GET', `/api/mfa/status/${account.user.id}`, { token: aal2 })).body.enabled).toBe(true);
  });
});

describe('health', () => {
  it('answers readiness with the database and Redis reachable', async () => {
    const ready = await api('GET', '/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ok', checks: { database: 'ok', redis: 'ok' }, pid: expect.any(Number) });
  });
});
