import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import {
  ACCOUNT_DATA_MESSAGES,
  ACCOUNT_DATA_SERVICES,
  AUTH_MESSAGES,
  AuditEventSchema,
  QUEUES,
  SUSPENDED_ACCOUNT_KEY_PREFIX,
  type AuditEvent,
} from '@paycadence/contracts';
import { systemClock, uncoveredOwnerColumns } from '@paycadence/nest-kit';
import { rowsNaming, SoftAuthenticator, startPrivateRedis, startServiceHarness, type PrivateRedis, type ServiceHarness } from '@paycadence/nest-kit/testing';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { AccountDeletionService } from '../src/account-data/account-deletion.service.js';
import { AUTH_USER_TABLES } from '../src/account-data/auth-user-tables.js';
import type { AuthConfig } from '../src/config.js';
import { totpCode } from '../src/mfa/totp.js';
import { serviceDefinition } from '../src/service-definition.js';
import { startAccountDataStandIn, type AccountDataStandIn } from './support/account-data-stand-in.js';

// It holds the password, so it orchestrates the export and the deletion. The
// other five services are played by a stand-in on a Redis of this test's own (their handlers have their own tests).
const dataDir = mkdtempSync(join(tmpdir(), 'auth-account-data-'));
let h: ServiceHarness<AuthConfig>;
let redis: PrivateRedis;
let others: AccountDataStandIn;
let auditQueue: Queue;

beforeAll(async () => {
  redis = await startPrivateRedis();
  others = await startAccountDataStandIn(redis.url);
  h = await startServiceHarness(serviceDefinition, {
    clock: systemClock,
    redisUrl: redis.url,
    env: { DATA_DIR: dataDir, APP_URL: 'http://app.test', SMTP_URL: '', JWT_PRIVATE_KEY: '', ENCRYPTION_KEY: '', ARGON2_MEMORY_KIB: '1024', ARGON2_TIME_COST: '1' },
  });
  auditQueue = new Queue(QUEUES.audit, { connection: { url: h.config.REDIS_URL }, prefix: `${h.redisKeyPrefix}bull` });
}, 60_000);
afterAll(async () => {
  await auditQueue?.close();
  await h?.close();
  await others?.close();
  await redis?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});
beforeEach(() => {
  others.down.clear();
  others.asked.length = 0;
});

let counter = 0;
let ip = 0;
const PASSWORD = 'Str0ng!Pass';
const headers = () => ({ 'x-forwarded-for': `198.51.100.${++ip % 250}` });

async function register(label = 'ann') {
  const email = `${label}${++counter}-${process.pid}@example.com`;
  const answer = await h.call('POST', '/api/auth/register', {
    body: {
      firstName: 'Ann',
      lastName: 'Lee',
      email,
      password: PASSWORD,
      phone: '(555) 123-4567',
      dateOfBirth: '1990-05-01',
      address: { street: '1 Main St', city: 'Austin', state: 'TX', zipCode: '78701' },
      ssn: '1234',
    },
    headers: headers(),
  });
  expect(answer.status).toBe(201);
  return { id: answer.body.user.id as string, email, token: answer.body.session.access_token as string };
}
const signIn = (email: string, password = PASSWORD) => h.call('POST', '/api/auth/login', { body: { email, password }, headers: headers() });
const deleteAccount = (token: string, body: unknown) => h.call('POST', '/api/auth/account/delete', { token, body, headers: headers() });
const subjectOf = (user: { id: string; email: string }) => ({ userId: user.id, email: user.email });

/** The 'auth.account-deleted' events on admin's audit queue (no worker runs here, so they wait), as recorded. */
async function deletionEvents(): Promise<Array<{ event: AuditEvent; raw: string }>> {
  const jobs = await auditQueue.getJobs(['waiting', 'delayed', 'active', 'completed', 'failed']);
  return jobs
    .map((job) => ({ event: AuditEventSchema.parse(job.data) as AuditEvent, raw: JSON.stringify(job.data) }))
    .filter(({ event }) => event.kind === 'auth.account-deleted');
}

/** The deletion events recorded since `before` (their ids), waiting up to `waitMs` for one (added in the background). */
async function deletionEventsSince(before: Set<string>, waitMs = 5_000) {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const events = (await deletionEvents()).filter(({ event }) => !before.has(event.id));
    if (events.length > 0 || Date.now() > deadline) return events;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
const deletionEventIds = async () => new Set((await deletionEvents()).map(({ event }) => event.id));

async function download(token: string) {
  const response = await fetch(`${h.baseUrl}/api/auth/account/export`, { headers: { authorization: `Bearer ${token}` } });
  return { response, files: response.ok ? unzipSync(new Uint8Array(await response.arrayBuffer())) : {} };
}

describe('auth account data', () => {
  it('lists every table that names a user (a new table must join AUTH_USER_TABLES)', async () => {
    expect(await uncoveredOwnerColumns((sql, params) => h.db.query(sql, params), h.schema, AUTH_USER_TABLES)).toEqual([]);
  });

  it('names the address to the other services only once the account confirmed it', async () => {
    const ann = await register();
    others.subjects.length = 0;
    expect((await download(ann.token)).response.status).toBe(200);
    // Registering an address proves nothing: whatever was recorded under it (a waitlist entry, invitations to it)
    // is not handed to whoever registered it.
    expect(others.subjects).toEqual(ACCOUNT_DATA_SERVICES.map(() => ({ userId: ann.id, email: null })));

    await h.db.query(`UPDATE "${h.schema}".users SET email_confirmed_at = now() WHERE id = $1`, [ann.id]);
    others.subjects.length = 0;
    expect((await download(ann.token)).response.status).toBe(200);
    expect(others.subjects).toEqual(ACCOUNT_DATA_SERVICES.map(() => ({ userId: ann.id, email: ann.email })));
  });

  it("downloads one zip: data.json with every service's answer and auth's own rows without secrets, one CSV per table", async () => {
    const ann = await register();
    const bob = await register('bob');
    const { response, files } = await download(ann.token);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="paycadence-data-\d{4}-\d{2}-\d{2}\.zip"$/);
    expect(response.headers.get('cache-control')).toBe('no-store');

    const data = JSON.parse(strFromU8(files['data.json']!));
    expect(Object.keys(data.services).sort()).toEqual(['auth', ...ACCOUNT_DATA_SERVICES].sort());
    expect(data.services.auth.users).toEqual([expect.objectContaining({ id: ann.id, email: ann.email, first_name: 'Ann' })]);
    expect(data.services.auth.refresh_tokens).toHaveLength(1);
    const text = strFromU8(files['data.json']!);
    for (const secret of ['password_hash', 'token_hash', 'ssn_last4_enc', 'secret_enc', '$argon2']) expect(text).not.toContain(secret);
    expect(text).not.toContain(bob.id);
    expect(text).not.toContain(bob.email);
    // The auth tables in the export are those of the database that name Ann.
    const inDatabase = await rowsNaming(h.db, h.schema, subjectOf(ann));
    for (const [table, count] of Object.entries(inDatabase)) expect({ table, rows: data.services.auth[table]?.length }).toEqual({ table, rows: count });

    expect(strFromU8(files['auth_users.csv']!)).toContain(ann.email);
    // A cell a spreadsheet would run as a formula starts with a quote, inside RFC 4180 quoting.
    expect(strFromU8(files['finance_finance_rows.csv']!)).toContain(`"'=HYPERLINK(""finance"")"`);
    expect(Object.keys(files)).toEqual(expect.arrayContaining(['README.txt', 'bank_sync_bank_sync_rows.csv', 'admin_admin_rows.csv']));
  });

  it('refuses the export without a session, and answers 503 (nothing partial) when a service does not answer', async () => {
    expect((await fetch(`${h.baseUrl}/api/auth/account/export`)).status).toBe(401);
    const ann = await register();
    others.down.add('bank-sync');
    const { response } = await download(ann.token);
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ message: ACCOUNT_DATA_MESSAGES.exportFailed });
  });

  it('refuses a wrong password and a malformed body: nothing is asked of anyone and the account still signs in', async () => {
    const ann = await register();
    const wrong = await deleteAccount(ann.token, { password: 'Wr0ng!Pass' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(ACCOUNT_DATA_MESSAGES.passwordIncorrect);
    expect((await deleteAccount(ann.token, { password: PASSWORD, userId: 'someone-else' })).status).toBe(400);
    expect((await deleteAccount(ann.token, {})).status).toBe(400);
    expect(others.asked.filter((step) => step.endsWith('.delete'))).toEqual([]);
    expect((await signIn(ann.email)).status).toBe(200);
    expect((await h.call('GET', '/api/auth/me', { token: ann.token })).status).toBe(200);
  });

  it('deletes with the right password: every service is asked, sessions end, auth keeps no row, and a second sign-in fails', async () => {
    const ann = await register();
    const bob = await register('bob');
    const bobBefore = await rowsNaming(h.db, h.schema, subjectOf(bob));
    const eventsBefore = await deletionEventIds();
    const answer = await deleteAccount(ann.token, { password: PASSWORD });
    expect(answer.status).toBe(200);
    // The audit log learns that an account was deleted, naming nobody (admin has just erased Ann from it).
    const events = await deletionEventsSince(eventsBefore);
    expect(events.map(({ event }) => [event.subject, event.actor, event.ip, event.userAgent, event.details])).toEqual([
      [{ id: null, email: null }, { id: null, email: null }, null, null, { completedBy: 'request' }],
    ]);
    expect(events[0]!.raw).not.toContain(ann.id);
    expect(events[0]!.raw).not.toContain(ann.email);
    expect(answer.body).toEqual({ success: true, status: 'deleted', message: ACCOUNT_DATA_MESSAGES.deleted });
    expect(others.asked).toEqual(ACCOUNT_DATA_SERVICES.map((service) => `${service}.delete`));
    expect(await rowsNaming(h.db, h.schema, subjectOf(ann))).toEqual({});
    expect(await rowsNaming(h.db, h.schema, subjectOf(bob))).toEqual(bobBefore);
    // The access token is refused at once (the account-status channel), and the password signs in no more.
    expect((await h.call('GET', '/api/auth/me', { token: ann.token })).status).toBeGreaterThanOrEqual(401);
    const again = await signIn(ann.email);
    expect(again.status).toBe(401);
    expect(again.body.message).toBe(AUTH_MESSAGES.invalidCredentials);
    expect((await signIn(bob.email)).status).toBe(200);
  });

  it('closes the account at once when a service is down, and the sweep finishes once it is back', async () => {
    const ann = await register();
    others.down.add('household');
    const answer = await deleteAccount(ann.token, { password: PASSWORD });
    expect(answer.body).toMatchObject({ success: true, status: 'pending', message: ACCOUNT_DATA_MESSAGES.pending });
    expect(others.asked).toEqual(['bank-sync.delete', 'finance.delete', 'household.delete']);
    // Closed: no sign-in, every guard refuses the user, and the row waits marked.
    expect((await signIn(ann.email)).status).toBe(401);
    const keys = new Redis(redis.url);
    expect(await keys.exists(`${SUSPENDED_ACCOUNT_KEY_PREFIX}${ann.id}`)).toBe(1);
    keys.disconnect();
    expect((await h.db.query(`SELECT deletion_requested_at FROM "${h.schema}".users WHERE id = $1`, [ann.id])).rows[0].deletion_requested_at).not.toBeNull();
    // A second request cannot restart it (the session is gone).
    expect((await deleteAccount(ann.token, { password: PASSWORD })).status).toBe(401);

    const eventsBefore = await deletionEventIds();
    expect(await deletionEventsSince(eventsBefore, 300)).toEqual([]); // not deleted yet: no event
    others.down.clear();
    await h.app.get(AccountDeletionService).sweep(0);
    expect(await rowsNaming(h.db, h.schema, subjectOf(ann))).toEqual({});
    const events = await deletionEventsSince(eventsBefore);
    expect(events.map(({ event }) => event.details)).toEqual([{ completedBy: 'sweep' }]);
  });

  it('asks for the second factor when 2FA is on, and a wrong code changes nothing', async () => {
    const ann = await register();
    const setup = await h.call('POST', '/api/mfa/setup', { token: ann.token, body: { userId: ann.id, userEmail: ann.email } });
    const enable = await h.call('POST', '/api/mfa/enable', {
      token: ann.token,
      body: { userId: ann.id, token: await totpCode(setup.body.manualEntryKey, new Date()), password: PASSWORD },
    });
    expect(enable.body.success).toBe(true);
    const backupCodes = enable.body.codes as string[];

    const noCode = await deleteAccount(ann.token, { password: PASSWORD });
    expect(noCode.status).toBe(400);
    expect(noCode.body.message).toBe(ACCOUNT_DATA_MESSAGES.codeRequired);
    const wrongCode = await deleteAccount(ann.token, { password: PASSWORD, code: '000000' });
    expect(wrongCode.body.message).toBe(ACCOUNT_DATA_MESSAGES.codeInvalid);
    expect(others.asked).toEqual([]);

    const done = await deleteAccount(ann.token, { password: PASSWORD, code: backupCodes[0] });
    expect(done.body.status).toBe('deleted');
    expect(await rowsNaming(h.db, h.schema, subjectOf(ann))).toEqual({});
  });

  it('exports a security key by its name and dates only, and deletes it with the account (a backup code as the second factor)', async () => {
    const ann = await register();
    const key = new SoftAuthenticator();
    const { body: asked } = await h.call('POST', '/api/mfa/keys/registration-options', { token: ann.token, body: { userId: ann.id }, headers: headers() });
    const added = await h.call('POST', '/api/mfa/keys', {
      token: ann.token,
      body: { userId: ann.id, name: 'Kitchen laptop', password: PASSWORD, credential: key.register(asked.options, 'http://app.test') },
      headers: headers(),
    });
    expect(added.status).toBe(200);

    const { files } = await download(ann.token);
    const data = JSON.parse(strFromU8(files['data.json']!));
    expect(data.services.auth.security_keys).toEqual([
      { id: expect.any(String), user_id: ann.id, name: 'Kitchen laptop', created_at: expect.any(String), last_used_at: null },
    ]);
    expect(strFromU8(files['data.json']!)).not.toContain(key.credentialId);

    const done = await deleteAccount(ann.token, { password: PASSWORD, code: added.body.codes[0] });
    expect(done.body.status).toBe('deleted');
    expect(await rowsNaming(h.db, h.schema, subjectOf(ann))).toEqual({});
  });
});
