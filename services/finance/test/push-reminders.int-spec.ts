import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { INestApplicationContext } from '@nestjs/common';
import { getQueueToken } from '@nestjs/bullmq';
import { PUSH_DEVICES_MAX, PUSH_MESSAGES, PushDeviceListSchema, PushDeviceSchema, PushPublicKeySchema, PushReminderPayloadSchema } from '@paycadence/contracts';
import { fixedClock, type SettableClock } from '@paycadence/nest-kit';
import { startPrivateRedis, startServiceHarness, type PrivateRedis, type ServiceHarness, type TestUser } from '@paycadence/nest-kit/testing';
import type { Queue } from 'bullmq';
import type { Express, NextFunction, Request, Response } from 'express';
import type { FinanceConfig } from '../src/config.js';
import { ReminderScanner } from '../src/reminders/reminder-scanner.js';
import { ReminderSender } from '../src/reminders/reminder-sender.js';
import { serviceDefinition } from '../src/service-definition.js';
import { createFinanceWorker } from '../src/worker-app.js';
import { startAuthDirectoryStandIn, type AuthDirectoryStandIn } from './support/auth-directory-stand-in.js';
import { startHouseholdStandIn, type HouseholdStandIn } from './support/household-stand-in.js';

// Reminders on devices (Web Push), end to end: finance's HTTP service and real worker on real PostgreSQL and Redis,
// and a real push service in the test, web-push-testing's: it hands out real subscriptions (a P-256 key pair and
// an auth secret per device), checks each push's VAPID signature against the key the device subscribed with,
// decrypts the aes128gcm payload (RFC 8291) and keeps what it read. Its endpoints are http://127.0.0.1, which
// finance accepts here only because PUSH_ALLOW_LOCAL_ENDPOINTS=true. Ann lives in Auckland (UTC+13 in March): at
// 2026-03-10T20:00Z it is 09:00 on March 11 there.

/* eslint-disable @typescript-eslint/no-require-imports -- web-push-testing is a CommonJS server without types */
const { PushApiModel } = require('web-push-testing/src/PushApiModel.js') as { PushApiModel: new () => { notifyUrl: string } };
const WebPushTestingServer = require('web-push-testing/src/server.js') as new (
  model: unknown,
  port: number,
) => { _app: Express; _server?: Server; startServer(): void };
/* eslint-enable @typescript-eslint/no-require-imports */

interface ReceivedPush {
  clientHash: string;
  ttl: string | undefined;
  urgency: string | undefined;
  topic: string | undefined;
  encoding: string | undefined;
}

/** The push service stand-in: web-push-testing, plus a record of each push's headers and answers to force. */
interface PushService {
  url: string;
  received: ReceivedPush[];
  /** clientHash → the status its next pushes get instead of delivery (a push service that is down). */
  failWith: Map<string, number>;
  close(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function startPushService(): Promise<PushService> {
  const port = await freePort();
  const model = new PushApiModel();
  const server = new WebPushTestingServer(model, port);
  // Subscriptions point at 127.0.0.1, the one local host finance may be told to send to (not 'localhost').
  model.notifyUrl = `http://127.0.0.1:${port}/notify/`;
  const received: ReceivedPush[] = [];
  const failWith = new Map<string, number>();
  // Registered before startServer adds its routes, so it sees every push first.
  server._app.use((req: Request, res: Response, next: NextFunction) => {
    const match = /^\/notify\/([0-9a-f]+)$/.exec(req.path);
    if (!match) return next();
    const status = failWith.get(match[1]!);
    if (status) return void res.status(status).send({ reason: 'stand-in failure' });
    received.push({ clientHash: match[1]!, ttl: req.get('TTL'), urgency: req.get('Urgency'), topic: req.get('Topic'), encoding: req.get('X-Content-Encoding') });
    next();
  });
  server.startServer();
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt += 1) {
    const ready = await fetch(`${url}/status`, { method: 'POST' }).then((answer) => answer.ok, () => false);
    if (ready) break;
    if (attempt > 100) throw new Error('web-push-testing did not start');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { url, received, failWith, close: () => new Promise<void>((resolve) => (server._server ? server._server.close(() => resolve()) : resolve())) };
}

interface BrowserSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  clientHash: string;
}

let h: ServiceHarness<FinanceConfig>;
let redis: PrivateRedis;
let household: HouseholdStandIn;
let directory: AuthDirectoryStandIn;
let push: PushService;
let clock: SettableClock;
let dataDir: string;
let ann: TestUser;
let bob: TestUser;
const workers: INestApplicationContext[] = [];
const logged: string[] = [];

const AUCKLAND = 'Pacific/Auckland';

beforeAll(async () => {
  redis = await startPrivateRedis();
  household = await startHouseholdStandIn(redis.url);
  directory = await startAuthDirectoryStandIn(redis.url);
  push = await startPushService();
  dataDir = mkdtempSync(join(tmpdir(), 'finance-push-'));
  clock = fixedClock('2026-03-10T20:00:00Z');
  jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    logged.push(String(chunk));
    return true;
  });
  h = await startServiceHarness(serviceDefinition, {
    basePath: '/api/financial',
    redisUrl: redis.url,
    clock,
    env: { LOG_LEVEL: 'info', DATA_DIR: dataDir, REMINDERS_SCAN_EVERY_MS: '3600000', HOUSEHOLD_TIMEOUT_MS: '400', PUSH_ALLOW_LOCAL_ENDPOINTS: 'true' },
  });
  [ann, bob] = [h.userA, h.userB];
  directory.users.set(ann.id, { id: ann.id, email: 'ann@example.com', firstName: 'Ann', lastName: null, emailConfirmed: true });
  directory.users.set(bob.id, { id: bob.id, email: 'bob@example.com', firstName: null, lastName: null, emailConfirmed: true });
});
afterAll(async () => {
  jest.restoreAllMocks();
  await stopWorkers();
  await h?.close();
  await push?.close();
  await directory?.close();
  await household?.close();
  await redis?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});
beforeEach(async () => {
  await stopWorkers();
  await h.truncate();
  rmSync(join(dataDir, 'outbox'), { recursive: true, force: true });
  push.received.length = 0;
  push.failWith.clear();
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

const as = (user: TestUser) => ({
  get: (path: string) => h.call('GET', path, { token: user.token }),
  put: (path: string, body?: unknown) => h.call('PUT', path, { token: user.token, body }),
  post: (path: string, body?: unknown) => h.call('POST', path, { token: user.token, body }),
  delete: (path: string) => h.call('DELETE', path, { token: user.token }),
});

const settings = (channels: { bills: string; income: string }, overrides: Record<string, unknown> = {}) => ({
  bills: true,
  income: true,
  suggestions: false,
  updates: true,
  days_before: 3,
  time_zone: AUCKLAND,
  channels,
  ...overrides,
});

async function addBill(user: TestUser, name: string, dueDate: string, amount = 1200) {
  const created = await as(user).post('/bills', { name, amount, due_date: dueDate, priority: 'high', category: 'rent', recurring: 'once' });
  expect(created.status).toBe(201);
  return created.body.id as string;
}

/** What a browser's pushManager.subscribe does: asks the push service for a subscription bound to our public key. */
async function browserSubscribes(user: TestUser): Promise<BrowserSubscription> {
  const key = PushPublicKeySchema.parse((await as(user).get('/reminders/push-key')).body).publicKey;
  const answer = await fetch(`${push.url}/subscribe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userVisibleOnly: 'true', applicationServerKey: key }),
  });
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { data: BrowserSubscription }).data;
}

/** A browser subscribing, then telling finance (the Settings page's POST). */
async function addDevice(user: TestUser, label = 'Chrome on Android'): Promise<{ id: string; subscription: BrowserSubscription }> {
  const subscription = await browserSubscribes(user);
  const added = await as(user).post('/reminders/devices', { endpoint: subscription.endpoint, keys: subscription.keys, label, expirationTime: null });
  expect(added.status).toBe(201);
  return { id: PushDeviceSchema.parse(added.body).id, subscription };
}

/** The decrypted payloads the push service delivered to one device. */
async function delivered(subscription: BrowserSubscription): Promise<unknown[]> {
  const answer = await fetch(`${push.url}/get-notifications`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ clientHash: subscription.clientHash }),
  });
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { data: { messages: string[] } }).data.messages.map((text) => JSON.parse(text));
}

const headersOf = (subscription: BrowserSubscription) => push.received.filter((entry) => entry.clientHash === subscription.clientHash);
const outboxSize = () => {
  try {
    return readdirSync(join(dataDir, 'outbox')).length;
  } catch {
    return 0;
  }
};
const ledger = async () =>
  (await h.db.query(`SELECT channel, kind, occurrence_date::text AS date, unsubscribe_token_hash IS NOT NULL AS has_token FROM "${h.schema}".reminder_deliveries ORDER BY channel, occurrence_date`)).rows;

describe('the device routes', () => {
  it("hand out the public key, keep a device per endpoint, list it without its endpoint or keys", async () => {
    const key = (await as(ann).get('/reminders/push-key')).body;
    expect(key.publicKey).toMatch(/^B[A-Za-z0-9_-]{86}$/);
    expect((await as(bob).get('/reminders/push-key')).body).toEqual(key);

    const { id, subscription } = await addDevice(ann, 'Firefox on Linux');
    // The same browser again (new label, refreshed keys): still one device.
    const again = await as(ann).post('/reminders/devices', { endpoint: subscription.endpoint, keys: subscription.keys, label: 'Firefox on Ubuntu' });
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(id);
    const list = PushDeviceListSchema.parse((await as(ann).get('/reminders/devices')).body);
    expect(list.devices).toEqual([{ id, label: 'Firefox on Ubuntu', created_at: '2026-03-10T20:00:00.000Z', last_used_at: null }]);
    const text = JSON.stringify(list);
    for (const secret of [subscription.endpoint, subscription.keys.p256dh, subscription.keys.auth, subscription.clientHash]) expect(text).not.toContain(secret);
    expect((await h.call('GET', '/reminders/devices', { token: null })).status).toBe(401);
    expect((await h.call('GET', '/reminders/push-key', { token: null })).status).toBe(401);
  });

  it('refuse an endpoint the worker must not reach, bad keys, and more than the cap of devices', async () => {
    const { subscription } = await addDevice(ann);
    const body = (overrides: Record<string, unknown>) => ({ endpoint: subscription.endpoint, keys: subscription.keys, label: 'Phone', ...overrides });
    for (const endpoint of ['https://10.0.0.7/push/x', 'https://169.254.169.254/latest', 'https://localhost/push', 'https://[::1]/push']) {
      const refused = await as(ann).post('/reminders/devices', body({ endpoint }));
      expect([refused.status, refused.body.message]).toEqual([400, PUSH_MESSAGES.endpointRefused]);
    }
    for (const bad of [body({ endpoint: 'http://push.example.com/x' }), body({ keys: { p256dh: subscription.keys.p256dh.slice(1), auth: subscription.keys.auth } }), body({ keys: { ...subscription.keys, auth: 'AAAA' } }), body({ userId: bob.id })]) {
      expect((await as(ann).post('/reminders/devices', bad)).status).toBe(400);
    }
    for (let n = 1; n < PUSH_DEVICES_MAX; n += 1) expect((await as(ann).post('/reminders/devices', body({ endpoint: `https://push.example.com/device-${n}` }))).status).toBe(201);
    const over = await as(ann).post('/reminders/devices', body({ endpoint: 'https://push.example.com/one-too-many' }));
    expect([over.status, over.body.message]).toEqual([409, PUSH_MESSAGES.tooManyDevices]);
    // Sending a device it already has is still fine at the cap.
    expect((await as(ann).post('/reminders/devices', body({}))).status).toBe(201);
    expect((await as(ann).get('/reminders/devices')).body.devices).toHaveLength(PUSH_DEVICES_MAX);
  });

  it("are each user's own: another user neither lists nor removes my device (404), and I can", async () => {
    const { id } = await addDevice(ann);
    expect((await as(bob).get('/reminders/devices')).body).toEqual({ devices: [] });
    for (const path of [`/reminders/devices/${id}`, '/reminders/devices/00000000-0000-4000-8000-000000000000', '/reminders/devices/not-an-id']) {
      const refused = await as(bob).delete(path);
      expect([refused.status, refused.body.message]).toEqual([404, PUSH_MESSAGES.deviceNotFound]);
    }
    expect((await h.call('DELETE', `/reminders/devices/${id}`, { token: null })).status).toBe(401);
    expect((await as(ann).get('/reminders/devices')).body.devices.map((device: { id: string }) => device.id)).toEqual([id]);
    expect((await as(ann).delete(`/reminders/devices/${id}`)).status).toBe(204);
    expect((await as(ann).get('/reminders/devices')).body).toEqual({ devices: [] });
    expect((await as(ann).delete(`/reminders/devices/${id}`)).status).toBe(404);
  });

  it('hand a browser over to whoever turned reminders on in it last', async () => {
    const { subscription } = await addDevice(ann);
    const taken = await as(bob).post('/reminders/devices', { endpoint: subscription.endpoint, keys: subscription.keys, label: 'Shared laptop' });
    expect(taken.status).toBe(201);
    expect((await as(ann).get('/reminders/devices')).body).toEqual({ devices: [] });
    expect((await as(bob).get('/reminders/devices')).body.devices).toHaveLength(1);
  });

  it('keep the channels per kind, e-mail by default and when a PUT leaves them out', async () => {
    expect((await as(ann).get('/reminders')).body.channels).toEqual({ bills: 'email', income: 'email' });
    await as(ann).put('/reminders', settings({ bills: 'device', income: 'both' }));
    expect((await as(ann).get('/reminders')).body.channels).toEqual({ bills: 'device', income: 'both' });
    const { channels: _left, ...withoutChannels } = settings({ bills: 'email', income: 'email' }, { days_before: 5 });
    expect((await as(ann).put('/reminders', withoutChannels)).body).toMatchObject({ days_before: 5, channels: { bills: 'device', income: 'both' } });
    expect((await as(ann).put('/reminders', settings({ bills: 'push', income: 'email' }))).status).toBe(400);
  });
});

describe('reminders on devices', () => {
  it('deliver the encrypted payload with a TTL until the due day ends, urgency by how soon, a topic, and no e-mail', async () => {
    await as(ann).put('/reminders', settings({ bills: 'device', income: 'email' }));
    const rent = await addBill(ann, 'Rent', '2026-03-14');
    const phone = await addBill(ann, 'Phone', '2026-03-12', 45);
    const { id, subscription } = await addDevice(ann);

    const worker = await startWorker();
    await settled(worker);

    const payloads = (await delivered(subscription)).map((payload) => PushReminderPayloadSchema.strict().parse(payload));
    expect(payloads.sort((a, b) => a.body.localeCompare(b.body))).toEqual([
      { title: 'Bill due tomorrow', body: 'Phone: $45.00, due March 12', url: `/dashboard?bill=${phone}` },
      { title: 'Bill due in 3 days', body: 'Rent: $1,200.00, due March 14', url: `/dashboard?bill=${rent}` },
    ]);
    // 09:00 on March 11 in Auckland: the Phone's due day ends 39 hours later, the Rent's 87 hours later.
    const headers = headersOf(subscription).map(({ ttl, urgency, encoding, topic }) => ({ ttl, urgency, encoding, topic: topic?.length }));
    expect(headers.sort((a, b) => Number(a.ttl) - Number(b.ttl))).toEqual([
      { ttl: String(39 * 3600), urgency: 'high', encoding: 'aes128gcm', topic: 32 },
      { ttl: String(87 * 3600), urgency: 'normal', encoding: 'aes128gcm', topic: 32 },
    ]);
    expect(outboxSize()).toBe(0);
    expect(await ledger()).toEqual([
      { channel: `device:${id}`, kind: 'bill-due', date: '2026-03-12', has_token: false },
      { channel: `device:${id}`, kind: 'bill-due', date: '2026-03-14', has_token: false },
    ]);
    expect((await as(ann).get('/reminders/devices')).body.devices[0].last_used_at).toBe('2026-03-10T20:00:00.000Z');
    // Nothing secret in the logs: neither the endpoint nor the keys.
    for (const secret of [subscription.clientHash, subscription.keys.auth]) expect(logged.join('')).not.toContain(secret);
  });

  it("on payday: the first bill to pay, the dashboard's link, and the e-mail too with 'both'", async () => {
    await as(ann).put('/reminders', settings({ bills: 'email', income: 'both' }, { bills: false }));
    await as(ann).post('/income', { source: 'Salary', amount: 3000, frequency: 'monthly', next_date: '2026-03-13' });
    await addBill(ann, 'Rent', '2026-03-28');
    const { subscription } = await addDevice(ann);
    clock.set('2026-03-12T20:00:00Z'); // 09:00 on the 13th in Auckland
    const worker = await startWorker();
    await settled(worker);
    expect(await delivered(subscription)).toEqual([{ title: 'Payday: 1 bill to pay', body: 'Rent: $1,200.00, due March 28', url: '/dashboard' }]);
    expect(headersOf(subscription).map(({ ttl, urgency }) => ({ ttl, urgency }))).toEqual([{ ttl: String(15 * 3600), urgency: 'normal' }]);
    expect(outboxSize()).toBe(1);
    expect((await ledger()).map((row) => row.channel).sort()).toEqual([expect.stringMatching(/^device:/), 'email']);
  });

  it('go to each device and the e-mail once, across a restart and two workers scanning at the same time', async () => {
    await as(ann).put('/reminders', settings({ bills: 'both', income: 'both' }));
    await addBill(ann, 'Rent', '2026-03-14');
    await addBill(ann, 'Phone', '2026-03-13', 45);
    const phone = await addDevice(ann, 'Chrome on Android');
    const laptop = await addDevice(ann, 'Firefox on Linux');
    clock.set('2026-03-11T20:00:00Z'); // 09:00 on the 12th in Auckland

    const first = await startWorker();
    await settled(first);
    await first.close();
    workers.splice(workers.indexOf(first), 1);

    const [second, third] = await Promise.all([startWorker(), startWorker()]);
    await Promise.all([second.get(ReminderScanner).scan(), third.get(ReminderScanner).scan(), second.get(ReminderScanner).scan()]);
    await Promise.all([settled(second), settled(third)]);

    for (const device of [phone, laptop]) {
      expect((await delivered(device.subscription)).map((payload) => (payload as { body: string }).body).sort()).toEqual([
        'Phone: $45.00, due March 13',
        'Rent: $1,200.00, due March 14',
      ]);
    }
    expect(push.received).toHaveLength(4);
    expect(outboxSize()).toBe(2);
    expect(await ledger()).toHaveLength(6);
  });

  it("drop a device whose push service answers 410 (unsubscribed in the browser), and keep the user's others", async () => {
    await as(ann).put('/reminders', settings({ bills: 'device', income: 'device' }));
    await addBill(ann, 'Rent', '2026-03-14');
    const gone = await addDevice(ann, 'Old phone');
    const kept = await addDevice(ann, 'New phone');
    expect((await fetch(`${push.url}/expire-subscription/${gone.subscription.clientHash}`, { method: 'POST' })).status).toBe(200);

    const worker = await startWorker();
    await settled(worker);
    expect(await delivered(kept.subscription)).toHaveLength(1);
    expect(await delivered(gone.subscription)).toEqual([]);
    expect((await as(ann).get('/reminders/devices')).body.devices.map((device: { label: string }) => device.label)).toEqual(['New phone']);
    expect((await ledger()).map((row) => row.channel)).toEqual([`device:${kept.id}`]);
  });

  it('retry a device whose push service is down (503, 429) without sending twice to the one that took it', async () => {
    // The worker starts (and scans) before Ann has anything, so the sends below are the test's own: each call is
    // what BullMQ's retry of the job does.
    const worker = await startWorker();
    await settled(worker);
    await as(ann).put('/reminders', settings({ bills: 'device', income: 'device' }));
    const rent = await addBill(ann, 'Rent', '2026-03-14');
    const up = await addDevice(ann, 'Phone');
    const down = await addDevice(ann, 'Laptop');

    const job = { userId: ann.id, kind: 'bill-due' as const, itemId: rent, date: '2026-03-14' };
    const sender = worker.get(ReminderSender);
    for (const status of [503, 429]) {
      push.failWith.set(down.subscription.clientHash, status);
      await expect(sender.send(job)).rejects.toThrow(`The push service answered ${status}`);
    }
    push.failWith.clear();
    await sender.send(job);
    await sender.send(job);
    expect(await delivered(up.subscription)).toHaveLength(1);
    expect(await delivered(down.subscription)).toHaveLength(1);
    expect((await as(ann).get('/reminders/devices')).body.devices).toHaveLength(2);
  });

  it('a device added later the same day still gets the reminder the e-mail already brought', async () => {
    await as(ann).put('/reminders', settings({ bills: 'both', income: 'both' }));
    await addBill(ann, 'Rent', '2026-03-14');
    const worker = await startWorker();
    await settled(worker);
    expect(outboxSize()).toBe(1);

    clock.set('2026-03-10T23:00:00Z'); // noon in Auckland
    const { subscription } = await addDevice(ann);
    await worker.get(ReminderScanner).scan();
    await settled(worker);
    expect(await delivered(subscription)).toHaveLength(1);
    expect(outboxSize()).toBe(1);
  });
});
