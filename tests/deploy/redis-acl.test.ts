// k8s/base/redis (users.acl + start-redis.sh, used by Kubernetes and compose) run for real: a private
// redis-server started through start-redis.sh, then each service's user doing what the product does with Redis
// (its own keys, BullMQ queues it produces to or works, the transport channels, the account-status state) and
// being refused what it must not do. Needs the redis-server binary (the test bootstrap installs it when root).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Queue, Worker } from 'bullmq';
import { membershipVersionKey } from '../../libs/contracts/src/household.js';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../contract/kong-config.loader.js';
import { serviceSchemas } from './service-schemas.js';

const startScript = path.join(repoRoot, 'k8s/base/redis/start-redis.sh');
const services = Object.keys(serviceSchemas());
const hasRedis = spawnSync('redis-server', ['--version']).status === 0;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe.skipIf(!hasRedis)('Redis ACL users (k8s/base/redis), on a real redis-server', () => {
  const passwords = Object.fromEntries(services.map((s) => [s, randomBytes(12).toString('hex')]));
  const aclFile = path.join(mkdtempSync(path.join(tmpdir(), 'redis-acl-')), 'acl', 'users.acl');
  let server: ChildProcess;
  let port: number;
  const clients: Redis[] = [];
  const closers: Array<() => Promise<unknown>> = [];

  const connect = (user: string, password = passwords[user]) => {
    const client = new Redis({
      host: '127.0.0.1',
      port,
      username: user,
      password,
      maxRetriesPerRequest: 0,
      lazyConnect: true,
    });
    clients.push(client);
    return client;
  };
  const as = async (user: string) => {
    const client = connect(user);
    await client.connect();
    return client;
  };
  const bullConnection = (user: string) => ({
    host: '127.0.0.1',
    port,
    username: user,
    password: passwords[user],
  });

  beforeAll(async () => {
    port = await freePort();
    const env = {
      ...process.env,
      REDIS_ACL_FILE: aclFile,
      ...Object.fromEntries(
        services.map((s) => [`REDIS_PASSWORD_${s.toUpperCase().replace(/-/g, '_')}`, passwords[s]]),
      ),
    };
    server = spawn(
      'sh',
      [startScript, '--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { env },
    );
    await new Promise<void>((resolve, reject) => {
      let output = '';
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Ready to accept connections')) resolve();
      };
      server.stdout!.on('data', onData);
      server.stderr!.on('data', onData);
      server.once('exit', (code) => reject(new Error(`redis-server exited with ${code}:\n${output}`)));
    });
  });

  afterAll(async () => {
    for (const close of closers) await close().catch(() => {});
    for (const client of clients) client.disconnect();
    if (server && server.exitCode === null) {
      await new Promise<void>((resolve) => {
        server.once('exit', () => resolve());
        server.kill('SIGTERM');
      });
    }
  });

  it('the generated ACL file holds every password and is readable by its owner only', () => {
    const written = readFileSync(aclFile, 'utf8');
    for (const service of services)
      expect(written).toMatch(new RegExp(`^user ${service} .* >${passwords[service]}$`, 'm'));
    expect(written).not.toMatch(/^#/m);
    expect(statSync(aclFile).mode & 0o777).toBe(0o600);
  });

  it('start-redis.sh refuses to start without a password, or with one a URL would mangle', () => {
    const run = (extra: Record<string, string>) =>
      spawnSync('sh', [startScript, '--port', '1'], {
        env: { PATH: process.env.PATH, REDIS_ACL_FILE: `${aclFile}.refused`, ...extra },
        encoding: 'utf8',
      });
    const missing = run({});
    expect(missing.status).not.toBe(0);
    expect(missing.stderr).toMatch(/REDIS_PASSWORD_AUTH is not set/);
    const all = Object.fromEntries(
      services.map((s) => [`REDIS_PASSWORD_${s.toUpperCase().replace(/-/g, '_')}`, 'ok']),
    );
    const mangled = run({ ...all, REDIS_PASSWORD_FINANCE: 'p@ss word' });
    expect(mangled.status).not.toBe(0);
    expect(mangled.stderr).toMatch(/REDIS_PASSWORD_FINANCE holds characters/);
  });

  it('nobody gets in without a user: the default user is off', async () => {
    const anonymous = new Redis({
      host: '127.0.0.1',
      port,
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      enableReadyCheck: false,
    });
    clients.push(anonymous);
    await anonymous.connect();
    await expect(anonymous.get('auth:x')).rejects.toThrow(/NOAUTH/);
    await expect(anonymous.auth('default', 'anything')).rejects.toThrow(/WRONGPASS/);
    await expect(anonymous.auth('auth', 'wrong-password')).rejects.toThrow(/WRONGPASS/);
    await expect(anonymous.auth('auth', passwords.auth)).resolves.toBe('OK');
  });

  it('the healthcheck user can PING and nothing else', async () => {
    const probe = new Redis({
      host: '127.0.0.1',
      port,
      username: 'healthcheck',
      password: 'none',
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      enableReadyCheck: false,
    });
    clients.push(probe);
    await probe.connect();
    expect(await probe.ping()).toBe('PONG');
    await expect(probe.get('auth:x')).rejects.toThrow(/NOPERM/);
    await expect(probe.publish('paycadence:account-status', 'x')).rejects.toThrow(/NOPERM/);
  });

  it.each(services)(
    '%s passes the ioredis ready check (INFO), names its connection, and works its own keys only',
    async (service) => {
      const client = await as(service);
      expect(await client.client('SETNAME', `${service}-test`)).toBe('OK');
      const own = service === 'bank-sync' ? 'bank-sync:probe' : `${service}:probe`;
      expect(await client.set(own, '1', 'EX', 60)).toBe('OK');
      const foreign = service === 'auth' ? 'finance:probe' : 'auth:probe';
      await expect(client.set(foreign, '1')).rejects.toThrow(/NOPERM/);
      await expect(client.get(foreign)).rejects.toThrow(/NOPERM/);
      await expect(client.keys('*')).rejects.toThrow(/NOPERM/);
      await expect(client.flushall()).rejects.toThrow(/NOPERM/);
      await expect(client.config('GET', 'requirepass')).rejects.toThrow(/NOPERM/);
      await expect(client.call('ACL', 'LIST')).rejects.toThrow(/NOPERM/);
    },
  );

  it('auth alone writes the product-wide account state; every other service reads it and follows its channel', async () => {
    const auth = await as('auth');
    expect(await auth.set('paycadence:suspended:u1', '1', 'EX', 60)).toBe('OK');
    for (const service of services.filter((s) => s !== 'auth')) {
      const client = await as(service);
      expect(await client.exists('paycadence:suspended:u1'), service).toBe(1);
      await expect(client.set('paycadence:suspended:u1', '0'), service).rejects.toThrow(/NOPERM/);
      const subscriber = await as(service);
      await subscriber.subscribe('paycadence:account-status');
      const received = new Promise<string>((resolve) =>
        subscriber.once('message', (_channel, message) => resolve(message)),
      );
      await auth.publish('paycadence:account-status', JSON.stringify({ userId: 'u1', status: 'suspended' }));
      expect(JSON.parse(await received), service).toEqual({ userId: 'u1', status: 'suspended' });
    }
  });

  it('household alone writes the membership versions (SET NX GET as it does); finance reads them; others see none', async () => {
    const key = membershipVersionKey('2f9a1c3e-5b7d-4e8f-9a0b-1c2d3e4f5a6b');
    const household = await as('household');
    expect(await household.call('SET', key, 'v1', 'NX', 'GET', 'EX', 60)).toBeNull();
    expect(await household.set(key, 'v2', 'EX', 60)).toBe('OK');
    const finance = await as('finance');
    expect(await finance.get(key)).toBe('v2');
    await expect(finance.set(key, 'forged'), 'finance').rejects.toThrow(/NOPERM/);
    for (const service of services.filter((s) => s !== 'household' && s !== 'finance')) {
      await expect((await as(service)).get(key), service).rejects.toThrow(/NOPERM/);
    }
  });

  it('the transport channels: a service asks only the services DESIGN lets it ask', async () => {
    // [asker, pattern] pairs the product uses (contracts' *_PATTERNS and HOUSEHOLD_EVENTS)
    const allowed: Array<[string, string]> = [
      ['admin', 'auth.admin.list-users'],
      ['admin', 'waitlist.admin.list'],
      ['household', 'auth.directory.users-by-ids'],
      ['finance', 'auth.directory.users-by-ids'],
      ['finance', 'household.memberships-of'],
      ['finance', 'bank-sync.full-sync'],
      ['bank-sync', 'finance.suggestions.upsert'],
      ['household', 'household.deleted'],
      // Issue 14 item 6: auth asks each service to export or forget an account.
      ['auth', 'bank-sync.account.delete'],
      ['auth', 'finance.account.export'],
      ['auth', 'household.account.delete'],
      ['auth', 'waitlist.account.export'],
      ['auth', 'admin.account.delete'],
    ];
    const answerer = (pattern: string) =>
      pattern.startsWith('bank-sync.') ? 'bank-sync' : pattern.split('.')[0];
    for (const [asker, pattern] of allowed) {
      const server = await as(answerer(pattern));
      await server.subscribe(pattern);
      const request = new Promise<string>((resolve) => server.once('message', (_c, m) => resolve(m)));
      const client = await as(asker);
      const replies = await as(asker);
      await replies.subscribe(`${pattern}.reply`);
      const reply = new Promise<string>((resolve) => replies.once('message', (_c, m) => resolve(m)));
      expect(await client.publish(pattern, '{"id":"1"}'), `${asker} → ${pattern}`).toBe(1);
      expect(await request).toBe('{"id":"1"}');
      const answering = await as(answerer(pattern));
      await answering.publish(`${pattern}.reply`, '{"id":"1","response":{}}');
      expect(await reply).toBe('{"id":"1","response":{}}');
      // Two askers of one pattern (household and finance ask auth's directory): one listener at a time.
      await server.unsubscribe(pattern);
    }
    const refused: Array<[string, string]> = [
      ['finance', 'auth.admin.set-user-status'],
      ['blog', 'auth.admin.create-user'],
      ['waitlist', 'auth.directory.users-by-ids'],
      ['household', 'waitlist.admin.remove'],
      ['auth', 'finance.suggestions.upsert'],
      ['finance', 'admin.account.delete'],
      ['household', 'finance.account.delete'],
    ];
    for (const [asker, pattern] of refused) {
      const client = await as(asker);
      await expect(client.publish(pattern, '{}'), `${asker} → ${pattern}`).rejects.toThrow(/NOPERM/);
    }
  });

  it('BullMQ works under the users: finance queues a sync that bank-sync works; auth and blog feed admin’s audit queue', async () => {
    const sync = new Queue('bank-sync', { connection: bullConnection('finance'), prefix: 'bank-sync:bull' });
    closers.push(() => sync.close());
    const done = new Promise<string>((resolve) => {
      const worker = new Worker('bank-sync', async (job) => resolve(job.name), {
        connection: bullConnection('bank-sync'),
        prefix: 'bank-sync:bull',
      });
      closers.push(() => worker.close());
    });
    await sync.add('sync-user', { userId: 'u1' }, { jobId: 'u1-sync-user' });
    expect(await done).toBe('sync-user');

    const audited: string[] = [];
    const allAudited = new Promise<void>((resolve) => {
      const worker = new Worker(
        'audit',
        async (job) => {
          audited.push(job.name);
          if (audited.length === 2) resolve();
        },
        { connection: bullConnection('admin'), prefix: 'admin:bull' },
      );
      closers.push(() => worker.close());
    });
    for (const producer of ['auth', 'blog']) {
      const audit = new Queue('audit', { connection: bullConnection(producer), prefix: 'admin:bull' });
      closers.push(() => audit.close());
      await audit.add(`${producer}-event`, { at: 'now' });
    }
    await allAudited;
    expect(audited.sort()).toEqual(['auth-event', 'blog-event']);

    // admin's queue board reads bank-sync's queue, workers included (CLIENT LIST)
    const board = new Queue('bank-sync', { connection: bullConnection('admin'), prefix: 'bank-sync:bull' });
    closers.push(() => board.close());
    expect((await board.getJobCounts('completed')).completed).toBe(1);
    expect((await board.getWorkers()).length).toBeGreaterThan(0);

    // finance's worker works its own reminders queue (issue 14) under finance's keys
    const reminders = new Queue('reminders', { connection: bullConnection('finance'), prefix: 'finance:bull' });
    closers.push(() => reminders.close());
    const reminded = new Promise<string>((resolve) => {
      const worker = new Worker('reminders', async (job) => resolve(job.name), { connection: bullConnection('finance'), prefix: 'finance:bull' });
      closers.push(() => worker.close());
    });
    await reminders.add('send-reminder', { userId: 'u1' }, { jobId: 'reminder.u1.b1.2026-03-14.bill-due' });
    expect(await reminded).toBe('send-reminder');

    // and nobody else's queue: finance cannot touch admin's audit log queue
    const intruder = new Queue('audit', { connection: bullConnection('finance'), prefix: 'admin:bull' });
    closers.push(() => intruder.close());
    await expect(intruder.add('forged', {})).rejects.toThrow(/NOPERM/);
  });
});
