import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { decodeJwt } from 'jose';
import {
  AUTH_MESSAGES,
  AuditEventSchema,
  PASSKEY_CEREMONY_COOKIE,
  QUEUES,
  SECURITY_KEY_MESSAGES,
  SECURITY_KEY_LIMITS,
  WEBAUTHN_CHALLENGE_SECONDS,
  type AuditEvent,
  type AuditKind,
} from '@paycadence/contracts';
import { systemClock } from '@paycadence/nest-kit';
import { SoftAuthenticator, refreshCookieFrom, startServiceHarness, type ApiResponse, type ServiceHarness } from '@paycadence/nest-kit/testing';
import { parseSetCookie } from 'cookie';
import type { AuthConfig } from '../src/config.js';
import { totpCode } from '../src/mfa/totp.js';
import { serviceDefinition } from '../src/service-definition.js';
import { PASSWORD, registerAccount } from './support/accounts.js';

// Security keys and passkeys against the real service, PostgreSQL and Redis, answered by a software
// authenticator with a fixed key pair (nest-kit/testing's SoftAuthenticator): the same JSON a browser sends.
const APP_URL = 'http://app.test';
const dataDir = mkdtempSync(join(tmpdir(), 'auth-passkeys-'));
let h: ServiceHarness<AuthConfig>;
let audit: Queue;
let redis: Redis;

beforeAll(async () => {
  h = await startServiceHarness(serviceDefinition, {
    clock: systemClock,
    env: { DATA_DIR: dataDir, APP_URL, SMTP_URL: '', JWT_PRIVATE_KEY: '', ENCRYPTION_KEY: '', ARGON2_MEMORY_KIB: '1024', ARGON2_TIME_COST: '1' },
  });
  audit = new Queue(QUEUES.audit, { connection: { url: h.config.REDIS_URL }, prefix: `${h.redisKeyPrefix}bull` });
  redis = new Redis(h.config.REDIS_URL);
});

afterAll(async () => {
  redis?.disconnect();
  await audit?.close();
  await h?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

let ipCounter = 0;
const freshIp = () => `198.51.100.${++ipCounter}`;
let emailCounter = 0;
const freshEmail = () => `keys${++emailCounter}-${process.pid}@example.com`;

const api = (method: string, path: string, options: { body?: unknown; token?: string; headers?: Record<string, string> } = {}): Promise<ApiResponse> =>
  h.call(method, path, { body: options.body, token: options.token, headers: { 'x-forwarded-for': freshIp(), ...options.headers } });

/** A new authenticator with a credential id of its own (the default id is shared by every instance). */
const newKey = () => new SoftAuthenticator({ credentialId: randomBytes(16) });

async function signIn(email: string) {
  return api('POST', '/api/auth/login', { body: { email, password: PASSWORD } });
}

/** A registered account and a second, separate session of it (another sign-in). */
async function account() {
  const email = freshEmail();
  const { id, session, refreshToken } = await registerAccount(h, email, { 'x-forwarded-for': freshIp() });
  return { email, id, token: session.access_token as string, refreshToken };
}

/** Adds `key` through the real routes: options for the session, the authenticator's answer, the password. */
async function addKey(who: { id: string; token: string }, key: SoftAuthenticator, name = 'Laptop', password = PASSWORD) {
  const options = await api('POST', '/api/mfa/keys/registration-options', { token: who.token, body: { userId: who.id } });
  expect(options.status).toBe(200);
  const credential = key.register(options.body.options, APP_URL);
  return { options: options.body.options, credential, answer: await api('POST', '/api/mfa/keys', { token: who.token, body: { userId: who.id, name, password, credential } }) };
}

/** The login challenge of an account with two-factor on. */
async function mfaToken(email: string) {
  const challenge = await signIn(email);
  expect(challenge.body.mfa_required).toBe(true);
  return challenge.body.mfa_token as string;
}

async function keySignIn(who: { id: string; email: string }, key: SoftAuthenticator, flags: { counter?: number } = {}) {
  const token = await mfaToken(who.email);
  const options = await api('POST', '/api/mfa/keys/sign-in-options', { token, body: { userId: who.id } });
  expect(options.status).toBe(200);
  const credential = key.authenticate(options.body.options, APP_URL, flags);
  return { token, credential, answer: await api('POST', '/api/mfa/verify-key', { token, body: { userId: who.id, credential } }) };
}

/** Passkey sign-in options: the challenge and the ceremony cookie to send back. */
async function passkeyOptions() {
  const answer = await api('POST', '/api/auth/passkey/options', { body: {} });
  expect(answer.status).toBe(200);
  const line = answer.headers.getSetCookie().find((cookie) => cookie.startsWith(`${PASSKEY_CEREMONY_COOKIE.name}=`))!;
  const cookie = parseSetCookie(line);
  expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: 'strict', path: PASSKEY_CEREMONY_COOKIE.path });
  return { options: answer.body.options, cookie: `${cookie.name}=${cookie.value}` };
}

const passkeySignIn = (credential: unknown, cookie?: string) =>
  api('POST', '/api/auth/passkey/sign-in', { body: { credential }, headers: cookie ? { cookie } : {} });

async function eventsOf(kind: AuditKind, email: string, count = 1): Promise<AuditEvent[]> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const jobs = await audit.getJobs(['waiting', 'delayed', 'active', 'completed', 'failed']);
    const found = jobs.map((job) => AuditEventSchema.parse(job.data)).filter((event) => event.kind === kind && event.subject.email === email);
    if (found.length >= count) return found;
    if (Date.now() > deadline) throw new Error(`${found.length} ${kind} events for ${email}, wanted ${count}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const keysOf = async (userId: string) =>
  (await h.db.query(`SELECT name, counter, last_used_at FROM "${h.schema}".security_keys WHERE user_id = $1 ORDER BY created_at`, [userId])).rows;

describe('adding a security key', () => {
  it('turns two-factor on with the key alone: backup codes once, the session raised, the key listed by name', async () => {
    const who = await account();
    const key = newKey();
    const { options, answer } = await addKey(who, key, 'YubiKey 5C');
    // The relying party is APP_URL's host; attestation none; a passkey where the authenticator can keep one.
    expect(options).toMatchObject({ rp: { id: 'app.test', name: 'PayCadence' }, attestation: 'none', authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' } });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ success: true, codes: expect.any(Array), aal: 'aal2' });
    expect(answer.body.codes).toHaveLength(10);

    const status = await api('GET', `/api/mfa/status/${who.id}`, { token: who.token });
    expect(status.body).toMatchObject({ enabled: true, backupCodesRemaining: 10 });
    expect(status.body.factors).toEqual([
      { id: expect.any(String), factor_type: 'webauthn', status: 'verified', friendly_name: 'YubiKey 5C', created_at: expect.any(String), last_used_at: null },
    ]);
    // What is stored is the public key, never a secret; the login now stops at the second step and offers the key.
    const [row] = (await h.db.query(`SELECT credential_id, public_key, counter FROM "${h.schema}".security_keys WHERE user_id = $1`, [who.id])).rows;
    expect(row).toMatchObject({ credential_id: key.credentialId, counter: '0' });
    expect(Buffer.isBuffer(row.public_key)).toBe(true);
    const login = await signIn(who.email);
    expect(login.body).toMatchObject({ mfa_required: true, factors: ['webauthn'] });
    expect((await eventsOf('auth.security-key-added', who.email))[0].details).toEqual({ key: 'YubiKey 5C' });
    await eventsOf('auth.mfa-enabled', who.email);
  });

  it('asks for the password again, and a challenge answers once, for the session that asked, within its origin', async () => {
    const who = await account();
    // Options asked by this session, answered by another session of the same person: not theirs to answer.
    const second = await secondSession(who);
    const asked = await api('POST', '/api/mfa/keys/registration-options', { token: who.token, body: { userId: who.id } });
    const elsewhere = newKey().register(asked.body.options, APP_URL);
    const foreign = await api('POST', '/api/mfa/keys', { token: second, body: { userId: who.id, name: 'Phone', password: PASSWORD, credential: elsewhere } });
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toBe(SECURITY_KEY_MESSAGES.challengeExpired);

    const wrong = await addKey(who, newKey(), 'Laptop', 'Wrong!pass1');
    expect(wrong.answer.status).toBe(400);
    expect(wrong.answer.body.message).toBe(AUTH_MESSAGES.incorrectPassword);
    expect(await keysOf(who.id)).toEqual([]);

    // Signed for another site: refused, nothing stored.
    const options = await api('POST', '/api/mfa/keys/registration-options', { token: who.token, body: { userId: who.id } });
    const phished = newKey().register(options.body.options, 'http://app.test.evil.example');
    const refused = await api('POST', '/api/mfa/keys', { token: who.token, body: { userId: who.id, name: 'Phished', password: PASSWORD, credential: phished } });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(SECURITY_KEY_MESSAGES.notVerified);
    expect(await keysOf(who.id)).toEqual([]);

    const first = await addKey(who, newKey());
    expect(first.answer.status).toBe(200);
    // The same answer again: its challenge is spent.
    const replay = await api('POST', '/api/mfa/keys', { token: who.token, body: { userId: who.id, name: 'Again', password: PASSWORD, credential: first.credential } });
    expect(replay.status).toBe(400);
    expect(replay.body.message).toBe(SECURITY_KEY_MESSAGES.challengeExpired);
    expect((await keysOf(who.id)).map((key) => key.name)).toEqual(['Laptop']);
  });

  it('keeps a challenge 5 minutes at most: an answer after it expired is refused', async () => {
    const who = await account();
    const options = await api('POST', '/api/mfa/keys/registration-options', { token: who.token, body: { userId: who.id } });
    const [pending] = await redis.keys(`${h.redisKeyPrefix}webauthn:register:*`).then((keys) => keys.filter((key) => key.endsWith(sessionOf(who.token))));
    expect(await redis.ttl(pending!)).toBeGreaterThan(WEBAUTHN_CHALLENGE_SECONDS - 5);
    expect(await redis.ttl(pending!)).toBeLessThanOrEqual(WEBAUTHN_CHALLENGE_SECONDS);
    await redis.pexpire(pending!, 1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const credential = newKey().register(options.body.options, APP_URL);
    const late = await api('POST', '/api/mfa/keys', { token: who.token, body: { userId: who.id, name: 'Late', password: PASSWORD, credential } });
    expect(late.status).toBe(400);
    expect(late.body.message).toBe(SECURITY_KEY_MESSAGES.challengeExpired);
  });

  it('refuses a key already on the account, and more than the limit', async () => {
    const who = await account();
    const key = newKey();
    expect((await addKey(who, key)).answer.status).toBe(200);
    const again = await addKey(who, key, 'Same key');
    expect(again.answer.status).toBe(409);
    expect(again.answer.body.message).toBe(SECURITY_KEY_MESSAGES.alreadyAdded);
    for (let n = 1; n < SECURITY_KEY_LIMITS.perAccount; n++) expect((await addKey(who, newKey(), `Key ${n}`)).answer.status).toBe(200);
    const over = await api('POST', '/api/mfa/keys/registration-options', { token: who.token, body: { userId: who.id } });
    expect(over.status).toBe(409);
    expect(over.body.message).toBe(SECURITY_KEY_MESSAGES.tooMany);
  });
});

/** The refresh family an access token names (its `sid`), which a signed-in ceremony is bound to. */
const sessionOf = (token: string) => String(decodeJwt(token).sid);

/** The same person signed in a second time (two-factor off): another session, another refresh family. */
async function secondSession(who: { email: string }) {
  const again = await signIn(who.email);
  if (again.body.session) return again.body.session.access_token as string;
  throw new Error('expected a plain sign-in');
}

describe('signing in with a key as the second factor', () => {
  it('a verified assertion gives an aal2 session and records the use; the answer cannot be replayed', async () => {
    const who = await account();
    const key = newKey();
    await addKey(who, key);
    const { token, credential, answer } = await keySignIn(who, key);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ valid: true, user: { id: who.id, mfa_enabled: true } });
    expect(decodeJwt(answer.body.session.access_token)).toMatchObject({ sub: who.id, aal: 'aal2' });
    expect(refreshCookieFrom(answer)).toEqual(expect.any(String));
    const [row] = await keysOf(who.id);
    expect(row.counter).toBe('1');
    expect(row.last_used_at).toBeInstanceOf(Date);
    await eventsOf('auth.security-key-used', who.email);

    const replay = await api('POST', '/api/mfa/verify-key', { token, body: { userId: who.id, credential } });
    expect(replay.status).toBe(400);
    expect(replay.body.message).toBe(SECURITY_KEY_MESSAGES.challengeExpired);
  });

  it('refuses another account’s key and a wrong origin, and records the refusals', async () => {
    const who = await account();
    const mine = newKey();
    await addKey(who, mine);
    const stranger = await account();
    const theirs = newKey();
    await addKey(stranger, theirs);

    const token = await mfaToken(who.email);
    const options = await api('POST', '/api/mfa/keys/sign-in-options', { token, body: { userId: who.id } });
    expect(options.body.options.allowCredentials).toEqual([{ id: mine.credentialId, type: 'public-key', transports: ['internal'] }]);
    const foreign = await api('POST', '/api/mfa/verify-key', { token, body: { userId: who.id, credential: theirs.authenticate(options.body.options, APP_URL) } });
    expect(foreign.status).toBe(401);
    expect(foreign.body).toMatchObject({ valid: false, message: SECURITY_KEY_MESSAGES.notVerified });

    const again = await api('POST', '/api/mfa/keys/sign-in-options', { token, body: { userId: who.id } });
    const phished = mine.authenticate(again.body.options, 'http://evil.example', { rpId: 'app.test' });
    const wrongOrigin = await api('POST', '/api/mfa/verify-key', { token, body: { userId: who.id, credential: phished } });
    expect(wrongOrigin.status).toBe(401);
    await eventsOf('auth.security-key-failed', who.email, 2);
    // Options for another account's id with this mfa_token: refused.
    const otherUser = await api('POST', '/api/mfa/keys/sign-in-options', { token, body: { userId: stranger.id } });
    expect(otherUser.status).toBe(403);
  });

  it('refuses and records a key whose counter went backwards (a copy of it signed)', async () => {
    const who = await account();
    const key = newKey();
    await addKey(who, key);
    expect((await keySignIn(who, key)).answer.status).toBe(200);
    expect((await keySignIn(who, key)).answer.status).toBe(200);
    const cloned = await keySignIn(who, key, { counter: 1 });
    expect(cloned.answer.status).toBe(403);
    expect(cloned.answer.body).toMatchObject({ valid: false, message: SECURITY_KEY_MESSAGES.cloned });
    expect((await keysOf(who.id))[0].counter).toBe('2');
    expect((await eventsOf('auth.security-key-cloned', who.email))[0].details).toMatchObject({ step: 'sign-in', key: 'Laptop' });
  });

  it('still takes a backup code when the key is lost', async () => {
    const who = await account();
    const { answer } = await addKey(who, newKey());
    const token = await mfaToken(who.email);
    const code = await api('POST', '/api/mfa/verify', { token, body: { userId: who.id, token: answer.body.codes[0] } });
    expect(code.status).toBe(200);
    expect(decodeJwt(code.body.session.access_token).aal).toBe('aal2');
  });
});

describe('signing in with a passkey alone', () => {
  it('a user-verified passkey signs in at aal2 without the password; the ceremony cookie is single-use', async () => {
    const who = await account();
    const key = newKey();
    await addKey(who, key);
    const { options, cookie } = await passkeyOptions();
    // Any passkey of this site: the browser shows its own account picker.
    expect(options).toMatchObject({ rpId: 'app.test', userVerification: 'required', allowCredentials: [] });
    const credential = key.authenticate(options, APP_URL);
    const answer = await passkeySignIn(credential, cookie);
    expect(answer.status).toBe(200);
    expect(answer.body.user).toMatchObject({ id: who.id, email: who.email });
    expect(decodeJwt(answer.body.session.access_token)).toMatchObject({ sub: who.id, aal: 'aal2' });
    expect(refreshCookieFrom(answer)).toEqual(expect.any(String));
    expect((await eventsOf('auth.security-key-used', who.email))[0].details).toMatchObject({ step: 'passkey' });

    expect((await passkeySignIn(credential, cookie)).body.message).toBe(SECURITY_KEY_MESSAGES.challengeExpired);
    expect((await passkeySignIn(key.authenticate(options, APP_URL))).status).toBe(400);
  });

  it('refuses a passkey that did not verify its user, an unknown passkey, and another browser’s challenge', async () => {
    const who = await account();
    const key = newKey();
    await addKey(who, key);
    const first = await passkeyOptions();
    const unverified = await passkeySignIn(key.authenticate(first.options, APP_URL, { userVerified: false }), first.cookie);
    expect(unverified.status).toBe(401);
    expect(unverified.body.message).toBe(SECURITY_KEY_MESSAGES.userVerificationNeeded);

    const second = await passkeyOptions();
    const unknown = await passkeySignIn(newKey().authenticate(second.options, APP_URL), second.cookie);
    expect(unknown.status).toBe(401);
    expect(unknown.body.message).toBe(SECURITY_KEY_MESSAGES.unknownPasskey);

    // Signed over one browser's challenge, sent with another browser's cookie.
    const mine = await passkeyOptions();
    const theirs = await passkeyOptions();
    const crossed = await passkeySignIn(key.authenticate(theirs.options, APP_URL), mine.cookie);
    expect(crossed.status).toBe(401);
    expect(crossed.body.message).toBe(SECURITY_KEY_MESSAGES.notVerified);
  });
});

describe('managing keys', () => {
  it('removing a key needs the password, and the last second factor stays while two-factor is on', async () => {
    const who = await account();
    await addKey(who, newKey(), 'Laptop');
    const [laptop] = (await api('GET', `/api/mfa/status/${who.id}`, { token: who.token })).body.factors;
    const last = await api('POST', `/api/mfa/keys/${laptop.id}/remove`, { token: who.token, body: { userId: who.id, password: PASSWORD } });
    expect(last.status).toBe(400);
    expect(last.body.message).toBe(SECURITY_KEY_MESSAGES.lastFactor);

    await addKey(who, newKey(), 'Phone');
    const wrong = await api('POST', `/api/mfa/keys/${laptop.id}/remove`, { token: who.token, body: { userId: who.id, password: 'Wrong!pass1' } });
    expect(wrong.status).toBe(400);
    const removed = await api('POST', `/api/mfa/keys/${laptop.id}/remove`, { token: who.token, body: { userId: who.id, password: PASSWORD } });
    expect(removed.body).toEqual({ success: true });
    expect((await keysOf(who.id)).map((key) => key.name)).toEqual(['Phone']);
    expect((await eventsOf('auth.security-key-removed', who.email))[0].details).toEqual({ key: 'Laptop' });
  });

  it('another user can neither list, add, prove nor remove keys of an account not theirs', async () => {
    const owner = await account();
    await addKey(owner, newKey(), 'Owner key');
    const [ownerKey] = (await api('GET', `/api/mfa/status/${owner.id}`, { token: owner.token })).body.factors;
    const intruder = await account();
    const refusals = await Promise.all([
      api('GET', `/api/mfa/status/${owner.id}`, { token: intruder.token }),
      api('POST', '/api/mfa/keys/registration-options', { token: intruder.token, body: { userId: owner.id } }),
      api('POST', '/api/mfa/keys/assertion-options', { token: intruder.token, body: { userId: owner.id } }),
      api('POST', `/api/mfa/keys/${ownerKey.id}/remove`, { token: intruder.token, body: { userId: owner.id, password: PASSWORD } }),
    ]);
    expect(refusals.map((answer) => answer.status)).toEqual([403, 403, 403, 403]);
    // Their own userId, the owner's key id: not found, and the key stays.
    await addKey(intruder, newKey());
    const byId = await api('POST', `/api/mfa/keys/${ownerKey.id}/remove`, { token: intruder.token, body: { userId: intruder.id, password: PASSWORD } });
    expect(byId.status).toBe(404);
    expect((await keysOf(owner.id)).map((key) => key.name)).toEqual(['Owner key']);
    for (const path of ['/api/mfa/keys/registration-options', '/api/mfa/keys/assertion-options']) {
      expect((await api('POST', path, { body: { userId: owner.id } })).status).toBe(401);
    }
  });

  it('a copied key cannot turn two-factor off: refused, recorded, and everything stays', async () => {
    const who = await account();
    const key = newKey();
    await addKey(who, key);
    expect((await keySignIn(who, key)).answer.status).toBe(200);
    const options = await api('POST', '/api/mfa/keys/assertion-options', { token: who.token, body: { userId: who.id } });
    const copy = key.authenticate(options.body.options, APP_URL, { counter: 1 });
    const off = await api('POST', '/api/mfa/disable', { token: who.token, body: { userId: who.id, password: PASSWORD, credential: copy } });
    expect(off.status).toBe(403);
    expect(off.body.message).toBe(SECURITY_KEY_MESSAGES.cloned);
    expect((await eventsOf('auth.security-key-cloned', who.email))[0].details).toEqual({ step: 'disable' });
    expect((await api('GET', `/api/mfa/status/${who.id}`, { token: who.token })).body.enabled).toBe(true);
  });

  it('turning two-factor off with a key removes the keys, the app and the codes', async () => {
    const who = await account();
    const key = newKey();
    await addKey(who, key);
    // An authenticator app beside the key: no new backup codes (two-factor was already on).
    const setup = await api('POST', '/api/mfa/setup', { token: who.token, body: { userId: who.id } });
    const enable = await api('POST', '/api/mfa/enable', { token: who.token, body: { userId: who.id, token: await totpCode(setup.body.manualEntryKey, new Date()), password: PASSWORD } });
    expect(enable.body).toEqual({ success: true });
    expect((await signIn(who.email)).body.factors).toEqual(['totp', 'webauthn']);

    const options = await api('POST', '/api/mfa/keys/assertion-options', { token: who.token, body: { userId: who.id } });
    const credential = key.authenticate(options.body.options, APP_URL);
    const off = await api('POST', '/api/mfa/disable', { token: who.token, body: { userId: who.id, password: PASSWORD, credential } });
    expect(off.body).toEqual({ success: true });
    expect((await api('GET', `/api/mfa/status/${who.id}`, { token: who.token })).body).toEqual({ enabled: false, factors: [], backupCodesRemaining: 0 });
    expect(await keysOf(who.id)).toEqual([]);
    expect((await signIn(who.email)).body.session).toBeDefined();
  });
});
