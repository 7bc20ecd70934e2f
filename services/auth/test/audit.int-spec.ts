import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AuditEventSchema, JOBS, LOGIN_MAX_FAILURES, QUEUES, type AuditEvent, type AuditKind } from '@paycadence/contracts';
import { systemClock } from '@paycadence/nest-kit';
import { startServiceHarness, type ServiceHarness } from '@paycadence/nest-kit/testing';
import { Queue } from 'bullmq';
import type { AuthConfig } from '../src/config.js';
import { totpCode } from '../src/mfa/totp.js';
import { serviceDefinition } from '../src/service-definition.js';
import { PASSWORD, registerAccount } from './support/accounts.js';

// auth's audit events as the admin service will read them: `record-audit` jobs on the `audit` queue under
// admin's key prefix (here the stack-wide REDIS_KEY_PREFIX the harness sets), on the real Redis.
const dataDir = mkdtempSync(join(tmpdir(), 'auth-audit-'));
let h: ServiceHarness<AuthConfig>;
let queue: Queue;

beforeAll(async () => {
  h = await startServiceHarness(serviceDefinition, {
    clock: systemClock,
    env: { DATA_DIR: dataDir, APP_URL: 'http://app.test', SMTP_URL: '', JWT_PRIVATE_KEY: '', ENCRYPTION_KEY: '', ARGON2_MEMORY_KIB: '1024', ARGON2_TIME_COST: '1' },
  });
  queue = new Queue(QUEUES.audit, { connection: { url: h.config.REDIS_URL }, prefix: `${h.redisKeyPrefix}bull` });
});

afterAll(async () => {
  await queue?.close();
  await h?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

let counter = 0;
const freshEmail = (label = 'user') => `${label}${++counter}-${process.pid}@example.com`;
const freshIp = () => `203.0.113.${++counter % 250}`;
const AGENT = 'Mozilla/5.0 (audit test)';

const api = (method: string, path: string, options: { body?: unknown; token?: string; ip: string }) =>
  h.call(method, path, { body: options.body, token: options.token, headers: { 'x-forwarded-for': options.ip, 'user-agent': AGENT } });

/** A registered user, signed up from `ip` with this test's user agent. */
const register = (ip = freshIp()) => registerAccount(h, freshEmail(), { 'x-forwarded-for': ip, 'user-agent': AGENT });

/** The audit jobs on admin's queue (no worker runs here, so they wait), each checked against the contract. */
async function auditJobs() {
  const jobs = await queue.getJobs(['waiting', 'delayed', 'active', 'completed', 'failed']);
  return jobs.map((job) => {
    expect(job.name).toBe('record-audit');
    expect(job.id).toBe(JOBS['record-audit'].jobId(job.data));
    return { event: AuditEventSchema.parse(job.data) as AuditEvent, raw: JSON.stringify(job.data) };
  });
}

/** Waits for the events of `kind` about `subjectEmail` (they are added in the background) until `count` are there. */
async function eventsOf(kind: AuditKind, subjectEmail: string, count = 1) {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const found = (await auditJobs()).filter(({ event }) => event.kind === kind && event.subject.email === subjectEmail);
    if (found.length >= count) return found;
    if (Date.now() > deadline) throw new Error(`${found.length} ${kind} events for ${subjectEmail}, wanted ${count}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

// Sign-ups also mail an address confirmation in the background, whenever it lands: the counts here leave those out.
const mailFiles = () => {
  try {
    return readdirSync(join(dataDir, 'outbox'))
      .sort()
      .filter((name) => !String(JSON.parse(readFileSync(join(dataDir, 'outbox', name), 'utf8')).subject).startsWith('Confirm your'));
  } catch {
    return [];
  }
};
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('audit events from auth', () => {
  it('records a failed sign-in with the address, the id only when the account exists; the answer is the same either way', async () => {
    const ann = await register();
    const ip = freshIp();
    const wrong = await api('POST', '/api/auth/login', { body: { email: ann.email.toUpperCase(), password: 'Wr0ng!Pass' }, ip });
    const unknownEmail = freshEmail('nobody');
    const unknown = await api('POST', '/api/auth/login', { body: { email: unknownEmail, password: 'Wr0ng!Pass' }, ip });
    expect([wrong.status, wrong.body]).toEqual([unknown.status, unknown.body]);

    const [{ event: known, raw }] = await eventsOf('auth.sign-in-failed', ann.email);
    expect(known).toMatchObject({ actor: { id: null, email: null }, subject: { id: ann.id, email: ann.email }, ip, userAgent: AGENT });
    expect(raw).not.toContain('Wr0ng!Pass');
    const [{ event: stranger }] = await eventsOf('auth.sign-in-failed', unknownEmail);
    expect(stranger).toMatchObject({ subject: { id: null, email: unknownEmail }, ip });
  });

  it('records one lockout for the throttle\'s 429, however often it answers it', async () => {
    const ann = await register();
    const ip = freshIp();
    for (let i = 0; i < LOGIN_MAX_FAILURES; i += 1) {
      expect((await api('POST', '/api/auth/login', { body: { email: ann.email, password: 'Wr0ng!Pass' }, ip })).status).toBe(401);
    }
    for (let i = 0; i < 3; i += 1) {
      expect((await api('POST', '/api/auth/login', { body: { email: ann.email, password: PASSWORD }, ip })).status).toBe(429);
    }
    const [{ event, raw }] = await eventsOf('auth.locked-out', ann.email);
    expect(event).toMatchObject({ subject: { email: ann.email }, ip, userAgent: AGENT, details: { step: 'password' } });
    expect(raw).not.toContain(PASSWORD);
    await pause(200);
    expect(await eventsOf('auth.locked-out', ann.email)).toHaveLength(1);
    expect(await eventsOf('auth.sign-in-failed', ann.email, LOGIN_MAX_FAILURES)).toHaveLength(LOGIN_MAX_FAILURES);
  });

  it('records a reset request (account or not) and its completion, never the link', async () => {
    const ann = await register();
    const ip = freshIp();
    const mailsBefore = mailFiles().length;
    expect((await api('POST', '/api/auth/forgot-password', { body: { email: ann.email }, ip })).status).toBe(200);
    const [{ event: requested }] = await eventsOf('auth.password-reset-requested', ann.email);
    expect(requested).toMatchObject({ subject: { id: ann.id, email: ann.email }, ip, userAgent: AGENT, details: { outcome: 'sent' } });
    const stranger = freshEmail('nobody');
    await api('POST', '/api/auth/forgot-password', { body: { email: stranger }, ip });
    expect((await eventsOf('auth.password-reset-requested', stranger))[0].event).toMatchObject({ subject: { id: null }, details: { outcome: 'no-account' } });

    const mails = mailFiles();
    expect(mails.length).toBe(mailsBefore + 1);
    const mail = JSON.parse(readFileSync(join(dataDir, 'outbox', mails.at(-1)!), 'utf8'));
    const token = new URLSearchParams(/reset-password#(\S+)/.exec(mail.text)![1]).get('access_token')!;
    expect((await api('POST', '/api/auth/update-password', { token, body: { password: 'N3w!Password' }, ip })).status).toBe(200);
    const [{ event: completed, raw }] = await eventsOf('auth.password-reset-completed', ann.email);
    expect(completed).toMatchObject({ actor: { id: ann.id }, subject: { id: ann.id, email: ann.email }, ip });
    expect(raw).not.toContain(token);
    expect(raw).not.toContain('N3w!Password');
    expect((await auditJobs()).map(({ raw: text }) => text).join()).not.toContain(token);
  });

  it('collapses reset requests nobody is mailed for (no account, throttled) to one per address and IP per window', async () => {
    const ip = freshIp();
    const otherIp = freshIp();
    const stranger = freshEmail('nobody');
    for (let i = 0; i < 5; i += 1) expect((await api('POST', '/api/auth/forgot-password', { body: { email: stranger }, ip })).status).toBe(200);
    await api('POST', '/api/auth/forgot-password', { body: { email: stranger.toUpperCase() }, ip: otherIp });
    await pause(300);
    const strangerEvents = await eventsOf('auth.password-reset-requested', stranger, 2);
    expect(strangerEvents.map(({ event }) => [event.ip, event.details.outcome])).toEqual(
      expect.arrayContaining([
        [ip, 'no-account'],
        [otherIp, 'no-account'],
      ]),
    );
    expect(strangerEvents).toHaveLength(2);

    const ann = await register();
    for (let i = 0; i < 4; i += 1) await api('POST', '/api/auth/forgot-password', { body: { email: ann.email }, ip });
    await pause(300);
    const annEvents = await eventsOf('auth.password-reset-requested', ann.email, 2);
    expect(annEvents.map(({ event }) => event.details.outcome).sort()).toEqual(['sent', 'throttled']);
  });

  it('records two-factor enabled, a failed code and disabled, with the user as actor and no code', async () => {
    const ann = await register();
    const ip = freshIp();
    const token = ann.session.access_token;
    const setup = await api('POST', '/api/mfa/setup', { token, body: { userId: ann.id, userEmail: ann.email }, ip });
    const secret: string = setup.body.manualEntryKey;
    const code = await totpCode(secret, new Date());
    expect((await api('POST', '/api/mfa/enable', { token, body: { userId: ann.id, token: code, password: PASSWORD }, ip })).body.success).toBe(true);
    const [{ event: enabled }] = await eventsOf('auth.mfa-enabled', ann.email);
    expect(enabled).toMatchObject({ actor: { id: ann.id, email: ann.email }, subject: { id: ann.id }, ip, userAgent: AGENT });

    const wrongCode = code === '000000' ? '111111' : '000000';
    expect((await api('POST', '/api/mfa/disable', { token, body: { userId: ann.id, token: wrongCode, password: PASSWORD }, ip })).status).toBe(400);
    const [{ event: failed, raw }] = await eventsOf('auth.mfa-code-failed', ann.email);
    expect(failed).toMatchObject({ actor: { id: ann.id }, details: { step: 'disable', reason: 'code' }, ip });
    expect(raw).not.toContain(wrongCode);

    // A wrong password at the re-authentication is recorded the same way, never the password itself.
    const wrongPassword = 'Wrong!Guess9';
    expect((await api('POST', '/api/mfa/disable', { token, body: { userId: ann.id, token: wrongCode, password: wrongPassword }, ip })).status).toBe(400);
    const failures = await eventsOf('auth.mfa-code-failed', ann.email, 2);
    expect(failures.map(({ event }) => event.details.reason).sort()).toEqual(['code', 'password']);
    expect(failures.map(({ raw: text }) => text).join()).not.toContain(wrongPassword);

    const next = await totpCode(secret, new Date(Date.now() + 30_000));
    expect((await api('POST', '/api/mfa/disable', { token, body: { userId: ann.id, token: next, password: PASSWORD }, ip })).body.success).toBe(true);
    await eventsOf('auth.mfa-disabled', ann.email);
    expect((await auditJobs()).map(({ raw: text }) => text).join()).not.toContain(secret);
  });

  it('records a wrong code at the sign-in second step', async () => {
    const ann = await register();
    const ip = freshIp();
    const token = ann.session.access_token;
    const setup = await api('POST', '/api/mfa/setup', { token, body: { userId: ann.id, userEmail: ann.email }, ip });
    const code = await totpCode(setup.body.manualEntryKey, new Date());
    await api('POST', '/api/mfa/enable', { token, body: { userId: ann.id, token: code, password: PASSWORD }, ip });
    const challenge = await api('POST', '/api/auth/login', { body: { email: ann.email, password: PASSWORD }, ip });
    expect(challenge.body.mfa_required).toBe(true);
    const refused = await api('POST', '/api/mfa/verify', { token: challenge.body.mfa_token, body: { userId: ann.id, token: code === '123456' ? '654321' : '123456' }, ip });
    expect(refused.status).toBe(401);
    const [{ event }] = await eventsOf('auth.mfa-code-failed', ann.email);
    expect(event).toMatchObject({ actor: { id: ann.id }, subject: { id: ann.id }, details: { step: 'sign-in' }, ip, userAgent: AGENT });
  });
});
