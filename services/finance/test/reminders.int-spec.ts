import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { INestApplicationContext } from '@nestjs/common';
import { getQueueToken } from '@nestjs/bullmq';
import {
  legacyReminderUnsubscribePath,
  REMINDER_MESSAGES,
  REMINDER_UNSUBSCRIBE_CHECK_PATH,
  REMINDER_UNSUBSCRIBE_PATH,
  REMINDER_UNSUBSCRIBE_SCRIPT_PATH,
  reminderUnsubscribePath,
  UnsubscribeCheckResponseSchema,
  UnsubscribeResponseSchema,
} from '@paycadence/contracts';
import { fixedClock, type SettableClock } from '@paycadence/nest-kit';
import { startPrivateRedis, startServiceHarness, type PrivateRedis, type ServiceHarness, type TestUser } from '@paycadence/nest-kit/testing';
import type { Queue } from 'bullmq';
import type { FinanceConfig } from '../src/config.js';
import { ReminderScanner } from '../src/reminders/reminder-scanner.js';
import { serviceDefinition } from '../src/service-definition.js';
import { createFinanceWorker } from '../src/worker-app.js';
import { startAuthDirectoryStandIn, type AuthDirectoryStandIn } from './support/auth-directory-stand-in.js';
import { startHouseholdStandIn, type HouseholdStandIn } from './support/household-stand-in.js';

// Reminder e-mails, on real PostgreSQL and Redis, with finance's real worker (BullMQ), auth's
// directory and household played by stand-ins over the real Redis transport, and e-mails in a real outbox folder.
// Ann lives in Auckland (UTC+13 in March), Bob in Los Angeles (UTC-7 from March 8): at 2026-03-10T20:00Z it is
// 09:00 on the 11th for Ann and 13:00 on the 10th for Bob.
let h: ServiceHarness<FinanceConfig>;
let redis: PrivateRedis;
let household: HouseholdStandIn;
let directory: AuthDirectoryStandIn;
let clock: SettableClock;
let dataDir: string;
let ann: TestUser;
let bob: TestUser;
const workers: INestApplicationContext[] = [];
const logged: string[] = [];

const APP_URL = 'https://pay.example.test';
const AUCKLAND = 'Pacific/Auckland';
const LOS_ANGELES = 'America/Los_Angeles';

beforeAll(async () => {
  redis = await startPrivateRedis();
  household = await startHouseholdStandIn(redis.url);
  directory = await startAuthDirectoryStandIn(redis.url);
  dataDir = mkdtempSync(join(tmpdir(), 'finance-reminders-'));
  clock = fixedClock('2026-03-10T20:00:00Z');
  jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    logged.push(String(chunk));
    return true;
  });
  h = await startServiceHarness(serviceDefinition, {
    basePath: '/api/financial',
    redisUrl: redis.url,
    clock,
    // A scan every hour at most: the tests run scans themselves (and each worker runs one when it starts).
    env: { LOG_LEVEL: 'info', DATA_DIR: dataDir, APP_URL, REMINDERS_SCAN_EVERY_MS: '3600000', HOUSEHOLD_TIMEOUT_MS: '400' },
  });
  [ann, bob] = [h.userA, h.userB];
  directory.users.set(ann.id, { id: ann.id, email: 'ann@example.com', firstName: 'Ann', lastName: null, emailConfirmed: true });
  directory.users.set(bob.id, { id: bob.id, email: 'bob@example.com', firstName: null, lastName: null, emailConfirmed: true });
});
afterAll(async () => {
  jest.restoreAllMocks();
  await stopWorkers();
  await h?.close();
  await directory?.close();
  await household?.close();
  await redis?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});
beforeEach(async () => {
  await stopWorkers();
  await h.truncate();
  rmSync(join(dataDir, 'outbox'), { recursive: true, force: true });
  clock.set('2026-03-10T20:00:00Z');
});

async function stopWorkers() {
  await Promise.all(workers.splice(0).map((worker) => worker.close()));
}

async function startWorker(): Promise<INestApplicationContext> {
  const worker = await createFinanceWorker({ config: h.config, clock, databaseSchema: h.schema });
  workers.push(worker);
  return worker;
}

/** Until no reminder job waits or runs on the queue (the scheduler's next scan aside). */
async function settled(worker: INestApplicationContext) {
  const queue = worker.get<Queue>(getQueueToken('reminders'));
  const deadline = Date.now() + 15_000;
  for (;;) {
    const pending = (await queue.getJobs(['waiting', 'active', 'delayed', 'prioritized'])).filter((job) => job && !job.id?.startsWith('repeat:'));
    if (pending.length === 0) return;
    if (Date.now() > deadline) throw new Error(`reminder jobs still pending: ${pending.map((job) => job.id).join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function scan(worker: INestApplicationContext) {
  await worker.get(ReminderScanner).scan();
  await settled(worker);
}

interface SentMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

function sentMails(): SentMail[] {
  const outbox = join(dataDir, 'outbox');
  let files: string[];
  try {
    files = readdirSync(outbox).sort();
  } catch {
    return [];
  }
  return files.map((file) => JSON.parse(readFileSync(join(outbox, file), 'utf8')) as SentMail);
}

const as = (user: TestUser) => ({
  get: (path: string) => h.call('GET', path, { token: user.token }),
  put: (path: string, body?: unknown) => h.call('PUT', path, { token: user.token, body }),
  post: (path: string, body?: unknown) => h.call('POST', path, { token: user.token, body }),
});

const settings = (timeZone: string, overrides: Record<string, unknown> = {}) => ({
  bills: true,
  income: true,
  suggestions: false,
  updates: true,
  days_before: 3,
  time_zone: timeZone,
  ...overrides,
});

async function addBill(user: TestUser, name: string, dueDate: string, recurring = 'once', amount = 1200) {
  const created = await as(user).post('/bills', { name, amount, due_date: dueDate, priority: 'high', category: 'rent', recurring });
  expect(created.status).toBe(201);
  return created.body.id as string;
}

/** The token of a reminder's unsubscribe link, which has it in the fragment only (nothing a browser sends carries it). */
const unsubscribeToken = (mail: SentMail): string => {
  const match = /https:\/\/pay\.example\.test\/api\/financial\/reminders\/unsubscribe\S*/.exec(mail.text);
  expect(match).not.toBeNull();
  const link = new URL(match![0]);
  expect(mail.html).toContain(`href="${link.href}"`);
  expect(`${link.pathname}${link.search}`).toBe(REMINDER_UNSUBSCRIBE_PATH);
  const token = new URLSearchParams(link.hash.slice(1)).get('token')!;
  expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  return token;
};
const unsubscribeCall = (path: string, token: unknown) =>
  fetch(`${h.baseUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token }) });

describe('the settings routes', () => {
  it('answer the documented defaults before the first save, then what was saved, with the zone the browser sent', async () => {
    expect((await as(ann).get('/reminders')).body).toEqual({ bills: true, income: true, suggestions: false, updates: true, days_before: 3, channels: { bills: 'email', income: 'email' }, time_zone: null, saved: false });
    const saved = await as(ann).put('/reminders', settings('pacific/auckland', { suggestions: true, days_before: 5 }));
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ bills: true, income: true, suggestions: true, updates: true, days_before: 5, channels: { bills: 'email', income: 'email' }, time_zone: AUCKLAND, saved: true });
    expect((await as(ann).get('/reminders')).body).toEqual(saved.body);
  });

  it('refuse a zone that is not IANA, days out of range and unknown fields, with a clear 400', async () => {
    for (const body of [settings('Mars/Olympus'), settings(AUCKLAND, { days_before: 0 }), { ...settings(AUCKLAND), user_id: bob.id }, settings(AUCKLAND, { bills: 'yes' })]) {
      const refused = await as(ann).put('/reminders', body);
      expect(refused.status).toBe(400);
      expect(JSON.stringify(refused.body)).not.toMatch(/at .*\.js|SELECT|INSERT/);
    }
    expect((await as(ann).put('/reminders', settings('Mars/Olympus'))).body.message).toMatch(/IANA time zone/);
    expect((await as(ann).get('/reminders')).body.saved).toBe(false);
  });

  it("are each user's own: another user neither reads nor changes mine, and no session gets nothing", async () => {
    await as(ann).put('/reminders', settings(AUCKLAND, { days_before: 7 }));
    expect((await as(bob).get('/reminders')).body.saved).toBe(false);
    await as(bob).put('/reminders', settings(LOS_ANGELES, { bills: false }));
    expect((await as(ann).get('/reminders')).body).toMatchObject({ bills: true, days_before: 7, time_zone: AUCKLAND });
    expect((await h.call('GET', '/reminders', { token: null })).status).toBe(401);
    expect((await h.call('PUT', '/reminders', { token: null, body: settings(AUCKLAND) })).status).toBe(401);
  });
});

describe('reminder e-mails', () => {
  it('skip an occurrence marked paid (the bill status service answers which are paid)', async () => {
    await as(ann).put('/reminders', settings(AUCKLAND));
    await addBill(ann, 'Rent', '2026-03-14');
    const phone = await addBill(ann, 'Phone', '2026-03-14', 'once', 80);
    expect((await as(ann).post(`/bill-status/${phone}/2026-03-14`)).status).toBe(201);

    const worker = await startWorker();
    await settled(worker);
    expect(sentMails().map((mail) => mail.subject)).toEqual(['Rent ($1,200.00) is due in 3 days, on the 14th']);
  });

  it('never go to an address its owner has not confirmed, and go once it is', async () => {
    const ann = h.userA;
    directory.users.set(ann.id, { ...directory.users.get(ann.id)!, emailConfirmed: false });
    try {
      await as(ann).put('/reminders', settings(AUCKLAND));
      await addBill(ann, 'Rent', '2026-03-14');
      const worker = await startWorker();
      await settled(worker);
      expect(sentMails()).toEqual([]);

      // Confirmed the next day: the reminders still due go out.
      directory.users.set(ann.id, { ...directory.users.get(ann.id)!, emailConfirmed: true });
      clock.set('2026-03-11T20:00:00Z');
      await scan(worker);
      expect(sentMails().map((mail) => [mail.to, mail.subject])).toEqual([['ann@example.com', 'Rent ($1,200.00) is due in 2 days, on the 14th']]);
    } finally {
      directory.users.set(ann.id, { ...directory.users.get(ann.id)!, emailConfirmed: true });
    }
  });

  it("reach each user on their own local day, from 8 o'clock, once", async () => {
    await as(ann).put('/reminders', settings(AUCKLAND));
    await as(bob).put('/reminders', settings(LOS_ANGELES));
    await addBill(ann, 'Rent', '2026-03-14');
    await addBill(bob, 'Rent', '2026-03-14');

    // 2026-03-10T20:00Z: the 11th in Auckland (3 days before), still the 10th in Los Angeles (4 days before).
    const worker = await startWorker();
    await settled(worker); // the scan every worker runs when it starts
    expect(sentMails().map((mail) => [mail.to, mail.subject])).toEqual([['ann@example.com', 'Rent ($1,200.00) is due in 3 days, on the 14th']]);
    expect(sentMails()[0]!.text).toContain('Hi Ann,');

    // 07:00 on the 11th in Los Angeles: too early.
    clock.set('2026-03-11T14:00:00Z');
    await scan(worker);
    expect(sentMails()).toHaveLength(1);

    // 09:00 on the 11th in Los Angeles; in Auckland it is already the 12th, and Ann had hers.
    clock.set('2026-03-11T16:00:00Z');
    await scan(worker);
    expect(sentMails().map((mail) => mail.to)).toEqual(['ann@example.com', 'bob@example.com']);
    expect(sentMails()[1]!.text).toContain('Hi bob,');

    // Scanning again, later the same day and the next, sends nothing more.
    clock.set('2026-03-12T20:00:00Z');
    await scan(worker);
    await scan(worker);
    expect(sentMails()).toHaveLength(2);
  });

  it('are sent once across a restart and two workers scanning at the same time', async () => {
    await as(ann).put('/reminders', settings(AUCKLAND));
    await as(bob).put('/reminders', settings(LOS_ANGELES));
    await addBill(ann, 'Rent', '2026-03-14');
    await addBill(ann, 'Phone', '2026-03-13', 'monthly', 45);
    await addBill(bob, 'Rent', '2026-03-14');
    clock.set('2026-03-11T20:00:00Z'); // Auckland: 09:00 on the 12th; Los Angeles: 13:00 on the 11th

    const first = await startWorker();
    await settled(first);
    expect(sentMails()).toHaveLength(3);
    await first.close();
    workers.splice(workers.indexOf(first), 1);

    // A restart (its start-up scan), then a second worker, both scanning at once.
    const [second, third] = await Promise.all([startWorker(), startWorker()]);
    await Promise.all([second.get(ReminderScanner).scan(), third.get(ReminderScanner).scan(), second.get(ReminderScanner).scan()]);
    await Promise.all([settled(second), settled(third)]);
    const mails = sentMails();
    expect(mails.map((mail) => `${mail.to} ${mail.subject}`).sort()).toEqual([
      'ann@example.com Phone ($45.00) is due tomorrow, on the 13th',
      'ann@example.com Rent ($1,200.00) is due in 2 days, on the 14th',
      'bob@example.com Rent ($1,200.00) is due in 3 days, on the 14th',
    ]);
    const ledger = await h.db.query(`SELECT user_id, kind, occurrence_date::text AS date FROM "${h.schema}".reminder_deliveries ORDER BY user_id, occurrence_date`);
    expect(ledger.rows).toHaveLength(3);
  });

  it("on payday: 'Your paycheck arrived: pay Rent now, due on the 28th'", async () => {
    await as(ann).put('/reminders', settings(AUCKLAND));
    await as(ann).post('/income', { source: 'Salary', amount: 3000, frequency: 'monthly', next_date: '2026-03-13' });
    await addBill(ann, 'Rent', '2026-03-28', 'monthly');
    clock.set('2026-03-12T20:00:00Z'); // 09:00 on the 13th in Auckland
    const worker = await startWorker();
    await settled(worker);
    const [mail, ...others] = sentMails();
    expect(others).toEqual([]);
    expect(mail!.subject).toBe('Your paycheck arrived: pay Rent now, due on the 28th');
    expect(mail!.text).toContain('Your Salary paycheck ($3,000.00) is due today. These bills are due before your next payday (April 13):');
    expect(mail!.text).toContain('- Rent: $1,200.00, due March 28');
  });

  it('follow the toggles: bill reminders off sends no bill reminder, and a bill removed after the scan is not reminded of', async () => {
    await as(ann).put('/reminders', settings(AUCKLAND, { bills: false }));
    await addBill(ann, 'Rent', '2026-03-14');
    const worker = await startWorker();
    await settled(worker);
    await scan(worker);
    expect(sentMails()).toEqual([]);

    // On again: the scan queues it; the bill is deleted before the send job runs, which then sends nothing.
    await as(ann).put('/reminders', settings(AUCKLAND));
    const phone = await addBill(ann, 'Phone', '2026-03-13');
    const sender = worker.get<Queue>(getQueueToken('reminders'));
    await sender.pause();
    await worker.get(ReminderScanner).scan();
    await h.call('DELETE', `/bills/${phone}`, { token: ann.token });
    await sender.resume();
    await settled(worker);
    expect(sentMails().map((mail) => mail.subject)).toEqual(['Rent ($1,200.00) is due in 3 days, on the 14th']);
  });
});

describe('the unsubscribe link', () => {
  it('works without signing in: the page asks and changes nothing, its POST turns reminders off and says so', async () => {
    await as(ann).put('/reminders', settings(AUCKLAND, { suggestions: true }));
    await addBill(ann, 'Rent', '2026-03-14');
    const worker = await startWorker();
    await settled(worker);
    const token = unsubscribeToken(sentMails()[0]!);

    // The page and its script: the same for everyone (the token never reaches the server with them).
    const page = await fetch(`${h.baseUrl}${REMINDER_UNSUBSCRIBE_PATH}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await page.text();
    expect(html).toContain(REMINDER_MESSAGES.unsubscribeButton);
    expect(html).toContain(`<script src="${REMINDER_UNSUBSCRIBE_SCRIPT_PATH}" defer></script>`);
    const script = await fetch(`${h.baseUrl}${REMINDER_UNSUBSCRIBE_SCRIPT_PATH}`);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(await script.text()).toContain(REMINDER_UNSUBSCRIBE_CHECK_PATH);

    const checked = await unsubscribeCall(REMINDER_UNSUBSCRIBE_CHECK_PATH, token);
    expect(checked.status).toBe(200);
    expect(UnsubscribeCheckResponseSchema.parse(await checked.json())).toEqual({ valid: true });
    expect((await as(ann).get('/reminders')).body).toMatchObject({ bills: true, income: true });

    const done = await unsubscribeCall(REMINDER_UNSUBSCRIBE_PATH, token);
    expect(done.status).toBe(200);
    expect(UnsubscribeResponseSchema.parse(await done.json())).toEqual({ unsubscribed: true });
    expect((await as(ann).get('/reminders')).body).toMatchObject({ bills: false, income: false, suggestions: true, saved: true });
    // Twice is fine.
    expect((await unsubscribeCall(REMINDER_UNSUBSCRIBE_PATH, token)).status).toBe(200);

    // Off means off: the next occurrence is not mailed.
    await addBill(ann, 'Phone', '2026-03-13');
    await scan(worker);
    expect(sentMails()).toHaveLength(1);

    // The token is stored only as its hash and never reaches a log line.
    const rows = await h.db.query(`SELECT unsubscribe_token_hash FROM "${h.schema}".reminder_deliveries`);
    expect(JSON.stringify(rows.rows)).not.toContain(token);
    expect(logged.join('')).toContain(REMINDER_UNSUBSCRIBE_PATH);
    expect(logged.join('')).not.toContain(token);
  });

  it('refuses a forged, malformed or other-shaped token with the same 404, changing nothing', async () => {
    await as(ann).put('/reminders', settings(AUCKLAND));
    await addBill(ann, 'Rent', '2026-03-14');
    const worker = await startWorker();
    await settled(worker);
    const real = unsubscribeToken(sentMails()[0]!);
    const forged = (real[0] === 'A' ? 'B' : 'A') + real.slice(1);
    for (const token of [forged, 'short', 'x'.repeat(43), `${real}=`, '']) {
      for (const path of [REMINDER_UNSUBSCRIBE_CHECK_PATH, REMINDER_UNSUBSCRIBE_PATH]) {
        const response = await unsubscribeCall(path, token);
        expect(response.status).toBe(404);
        expect(await response.json()).toEqual({ message: REMINDER_MESSAGES.unsubscribeInvalidBody });
      }
    }
    // Not a token at all: a bad request, not a lookup.
    for (const body of [{}, { token: 42 }, { token: real, user_id: ann.id }, { token: 'x'.repeat(201) }]) {
      const response = await fetch(`${h.baseUrl}${REMINDER_UNSUBSCRIBE_PATH}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      expect(response.status).toBe(400);
    }
    expect((await as(ann).get('/reminders')).body).toMatchObject({ bills: true, income: true });
  });

  it('still follows a link mailed with the token in the path: a redirect that moves it to the fragment, changing nothing', async () => {
    await as(ann).put('/reminders', settings(AUCKLAND));
    await addBill(ann, 'Rent', '2026-03-14');
    const worker = await startWorker();
    await settled(worker);
    const token = unsubscribeToken(sentMails()[0]!);
    logged.length = 0;

    const followed = await fetch(`${h.baseUrl}${legacyReminderUnsubscribePath(token)}`, { redirect: 'manual' });
    expect(followed.status).toBe(303);
    expect(followed.headers.get('location')).toBe(reminderUnsubscribePath(token));
    expect(followed.headers.get('referrer-policy')).toBe('no-referrer');
    expect((await as(ann).get('/reminders')).body).toMatchObject({ bills: true, income: true });
    // A malformed one goes to the page without it (which then says the link does not work).
    for (const path of [legacyReminderUnsubscribePath('short'), legacyReminderUnsubscribePath('x'.repeat(44))]) {
      const response = await fetch(`${h.baseUrl}${path}`, { redirect: 'manual' });
      expect(response.status).toBe(303);
      expect(response.headers.get('location')).toBe(REMINDER_UNSUBSCRIBE_PATH);
    }
    // The request log names the route's pattern, never the token in the path.
    expect(logged.join('')).toContain(`${REMINDER_UNSUBSCRIBE_PATH}/:token`);
    expect(logged.join('')).not.toContain(token);
    // A POST to the old path turns nothing off: only the body-token route does.
    expect((await fetch(`${h.baseUrl}${legacyReminderUnsubscribePath(token)}`, { method: 'POST' })).status).toBe(404);
    expect((await as(ann).get('/reminders')).body).toMatchObject({ bills: true, income: true });
  });
});
