// k8s/base/redis (users.acl + start-redis.sh, used by Kubernetes and compose) run for real: a private
// redis-server started through start-redis.sh, then each service's user doing what the product does with Redis
// (its own keys, BullMQ queues it produces to or works, the transport channels, the account-status state) and
// being refused what it must not do. Needs the redis-server binary (the test bootstrap installs it when root).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Queue, Worker } from 'bullmq';
import * as contracts from '../../libs/contracts/src/index.js';
import {
  ACCOUNT_DATA_SERVICES,
  ACCOUNT_STATUS_CHANNEL,
  AUTH_ADMIN_PATTERNS,
  AUTH_DIRECTORY_PATTERNS,
  BILL_PAYMENTS_PATTERN,
  FINANCE_PATTERNS,
  WAITLIST_ADMIN_PATTERNS,
  accountDataPattern,
  membershipVersionKey,
} from '../../libs/contracts/src/index.js';
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

// The transport's channels, derived from libs/contracts. The Redis transport publishes a request on its pattern and
// the answer on `<pattern>.reply`; an event is one channel. A pattern belongs to the service whose name it starts
// with (that service answers it, or sends the event); the tables below say who else is on each group's channels,
// so a pattern added to an existing group is checked the day it is added, and a new group fails the first test
// until it is placed here.
/** Request/reply groups of libs/contracts: the services that ask (the owner answers). */
const ASKED_BY: Record<string, readonly string[]> = {
  AUTH_ADMIN_PATTERNS: ['admin'],
  AUTH_DIRECTORY_PATTERNS: ['household', 'finance'],
  WAITLIST_ADMIN_PATTERNS: ['admin'],
  HOUSEHOLD_PATTERNS: ['finance'],
  FINANCE_PATTERNS: ['bank-sync'],
  BILL_PAYMENTS_PATTERN: ['bank-sync'],
  BANK_SYNC_PATTERNS: ['finance'],
};
/** Event groups: the services that listen (the owner sends). */
const HEARD_BY: Record<string, readonly string[]> = {
  HOUSEHOLD_EVENTS: ['finance'],
};
/** The account-status family every service follows (auth publishes on ACCOUNT_STATUS_CHANNEL). */
const ACCOUNT_STATUS_WILDCARD = 'paycadence:*';

interface TransportFlow {
  group: string;
  pattern: string;
  owner: string;
  others: readonly string[];
  event: boolean;
}

const channelName = /^[a-z][a-z-]*(\.[a-z][a-z-]*)+$/;
/** The contracts' transport constants: *_PATTERNS / *_EVENTS objects and *_PATTERN strings of channel names. */
const transportConstants: Record<string, string[]> = Object.fromEntries(
  Object.entries(contracts).flatMap(([name, value]) => {
    if (!/_(PATTERNS|EVENTS|PATTERN)$/.test(name)) return [];
    const values =
      typeof value === 'string'
        ? [value]
        : value && typeof value === 'object' && !(value instanceof RegExp)
          ? Object.values(value)
          : [];
    return values.length > 0 && values.every((v) => typeof v === 'string' && channelName.test(v))
      ? [[name, values as string[]]]
      : [];
  }),
);
const transportFlows: TransportFlow[] = [
  ...Object.entries(transportConstants).flatMap(([group, patterns]) =>
    patterns.map((pattern) => ({
      group,
      pattern,
      owner: pattern.split('.')[0]!,
      others: ASKED_BY[group] ?? HEARD_BY[group] ?? [],
      event: group in HEARD_BY,
    })),
  ),
  // Auth asks every service holding account data to export or forget an account, each on its own name.
  ...ACCOUNT_DATA_SERVICES.flatMap((service) =>
    (['export', 'delete'] as const).map((step) => ({
      group: 'accountDataPattern',
      pattern: accountDataPattern(service, step),
      owner: service,
      others: ['auth'],
      event: false,
    })),
  ),
];
const channelsOfFlow = (flow: TransportFlow) =>
  flow.event ? [flow.pattern] : [flow.pattern, `${flow.pattern}.reply`];
/** The transport channels a user needs: those of every pattern it answers, asks, sends or hears. */
const channelsOf = (user: string) =>
  new Set(
    transportFlows
      .filter((flow) => flow.owner === user || flow.others.includes(user))
      .flatMap(channelsOfFlow),
  );
const allChannels = new Set(transportFlows.flatMap(channelsOfFlow));

describe('Redis ACL channels (k8s/base/redis/users.acl) against the transport patterns of libs/contracts', () => {
  it('every transport pattern group of libs/contracts is placed, and belongs to a service', () => {
    expect(Object.keys(transportConstants).sort()).toEqual(
      [...Object.keys(ASKED_BY), ...Object.keys(HEARD_BY)].sort(),
    );
    for (const flow of transportFlows) {
      expect(services, `${flow.pattern}: owner`).toContain(flow.owner);
      expect(flow.others.length, `${flow.pattern}: nobody asks or listens`).toBeGreaterThan(0);
      for (const other of flow.others) expect(services, `${flow.pattern}: ${other}`).toContain(other);
      expect(flow.others, `${flow.pattern}: the owner asks itself`).not.toContain(flow.owner);
    }
  });

  it('the transport matrix matches the code: every service naming a pattern group answers or asks it', () => {
    const sourceOf = (service: string) =>
      readdirSync(path.join(repoRoot, 'services', service, 'src'), { recursive: true, encoding: 'utf8' })
        .filter((file) => file.endsWith('.ts') && !/\.(int-)?spec\.ts$/.test(file))
        .map((file) => readFileSync(path.join(repoRoot, 'services', service, 'src', file), 'utf8'))
        .join('\n');
    const sources = Object.fromEntries(services.map((service) => [service, sourceOf(service)]));
    for (const [group, others] of Object.entries({ ...ASKED_BY, ...HEARD_BY })) {
      const owner = transportFlows.find((flow) => flow.group === group)!.owner;
      const naming = services.filter((service) => new RegExp(`\\b${group}\\b`).test(sources[service]));
      expect(naming.sort(), `services using ${group}`).toEqual([owner, ...others].sort());
    }
    // accountDataPattern: each service answers its own name; auth alone asks with a name it is given.
    for (const service of services) {
      const answered = [...sources[service].matchAll(/accountDataPattern\('([a-z-]+)'/g)].map((m) => m[1]);
      const asks = /accountDataPattern\((?!')/.test(sources[service]);
      expect([...new Set(answered)], `${service} answers`).toEqual(
        (ACCOUNT_DATA_SERVICES as readonly string[]).includes(service) ? [service] : [],
      );
      expect(asks, `${service} asks accountDataPattern`).toBe(service === 'auth');
    }
  });

  it('users.acl names each user’s channels: no channel outside its matrix, no wildcard beyond its own family', () => {
    const rules = Object.fromEntries(
      readFileSync(path.join(repoRoot, 'k8s/base/redis/users.acl'), 'utf8')
        .split('\n')
        .filter((line) => line.startsWith('user '))
        .map((line) => line.split(' '))
        .map(([, name, ...rest]) => [name!, rest]),
    );
    expect(Object.keys(rules).sort()).toEqual(['default', 'healthcheck', ...services].sort());
    for (const [user, userRules] of Object.entries(rules)) {
      const channels = userRules.filter((rule) => rule.startsWith('&')).map((rule) => rule.slice(1));
      expect(userRules, user).not.toContain('allchannels');
      // resetchannels before the first channel, so nothing but the names below is granted
      const reset = userRules.indexOf('resetchannels');
      expect(reset, `${user}: resetchannels`).toBeGreaterThanOrEqual(0);
      expect(
        userRules.slice(0, reset).some((rule) => rule.startsWith('&')),
        `${user}: a channel before resetchannels`,
      ).toBe(false);
      if (!services.includes(user)) {
        expect(channels, user).toEqual([]);
        continue;
      }
      // a wildcard at most over the user's own names (`finance.suggestions.*`, or a new service's `<name>.*`)
      const own = new RegExp(`^${user.replace(/-/g, '\\-')}\\.([a-z-]+\\.)*\\*$`);
      for (const channel of channels.filter((c) => /[*?[\\]/.test(c)))
        expect(
          channel === ACCOUNT_STATUS_WILDCARD || own.test(channel),
          `${user}: wildcard &${channel}`,
        ).toBe(true);
      const exact = channels.filter((c) => !/[*?[\\]/.test(c));
      const needed = channelsOf(user);
      expect(
        exact.filter((channel) => !needed.has(channel)),
        `${user}: channels it neither answers, asks, sends nor hears`,
      ).toEqual([]);
      const covered = (channel: string) =>
        channels.some(
          (rule) => rule === channel || (rule.endsWith('*') && channel.startsWith(rule.slice(0, -1))),
        );
      expect(
        [...needed].filter((channel) => !covered(channel)),
        `${user}: channels it answers, asks, sends or hears but lacks`,
      ).toEqual([]);
      expect(channels, `${user}: the account-status channel`).toContain(ACCOUNT_STATUS_WILDCARD);
    }
  });
});

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

  // A subscribed ioredis connection can do nothing but (un)subscribe: each user gets one connection that
  // publishes, one that subscribes, and one that tries the subscriptions it must be refused.
  const pool = (users: Map<string, Promise<Redis>>) => (user: string) =>
    users.get(user) ?? users.set(user, as(user)).get(user)!;
  const publisherOf = pool(new Map());
  const subscriberOf = pool(new Map());
  const probeOf = pool(new Map());
  const nextMessage = (subscriber: Redis, channel: string) =>
    new Promise<string>((resolve) => {
      const listener = (from: string, message: string) => {
        if (from !== channel) return;
        subscriber.off('message', listener);
        resolve(message);
      };
      subscriber.on('message', listener);
    });
  const expectRefused = async (user: string, channel: string) => {
    const publisher = await publisherOf(user);
    await expect(publisher.publish(channel, '{}'), `${user} PUBLISH ${channel}`).rejects.toThrow(/NOPERM/);
    const probe = await probeOf(user);
    await expect(probe.subscribe(channel), `${user} SUBSCRIBE ${channel}`).rejects.toThrow(/NOPERM/);
  };

  it.each(services)(
    '%s publishes and subscribes on every channel of its matrix, and the account-status channel',
    async (service) => {
      const publisher = await publisherOf(service);
      const subscriber = await as(service);
      try {
        for (const channel of [...channelsOf(service), ACCOUNT_STATUS_CHANNEL]) {
          expect(typeof (await publisher.publish(channel, '{}')), `${service} PUBLISH ${channel}`).toBe(
            'number',
          );
          await expect(
            subscriber.subscribe(channel),
            `${service} SUBSCRIBE ${channel}`,
          ).resolves.toBeGreaterThan(0);
        }
      } finally {
        // its subscriptions would count as listeners in the end-to-end test below
        subscriber.disconnect();
      }
    },
  );

  it.each(services)(
    '%s is refused every other transport channel, and wildcard subscriptions',
    async (service) => {
      const allowed = channelsOf(service);
      const others = [...allChannels].filter((channel) => !allowed.has(channel));
      for (const channel of others) await expectRefused(service, channel);
      const probe = await probeOf(service);
      for (const pattern of [
        '*',
        ...services.filter((family) => family !== service).map((family) => `${family}.*`),
      ])
        await expect(probe.psubscribe(pattern), `${service} PSUBSCRIBE ${pattern}`).rejects.toThrow(/NOPERM/);
    },
  );

  it('the channels that matter most are refused to the services that never use them', async () => {
    const refused: Array<[string, string]> = [
      // household asks auth's directory, nothing else of auth's: not creating admins, not reading the
      // password an admin picks, not suspending or approving accounts
      ...Object.values(AUTH_ADMIN_PATTERNS).flatMap(
        (p) =>
          [
            ['household', p],
            ['household', `${p}.reply`],
          ] as Array<[string, string]>,
      ),
      ['finance', AUTH_ADMIN_PATTERNS.setUserStatus],
      ['blog', AUTH_ADMIN_PATTERNS.createUser],
      ['waitlist', AUTH_DIRECTORY_PATTERNS.usersByIds],
      // only auth asks a service to export or forget an account, and only auth hears the answer
      ['bank-sync', accountDataPattern('finance', 'delete')],
      ['bank-sync', accountDataPattern('finance', 'export')],
      ['bank-sync', `${accountDataPattern('finance', 'export')}.reply`],
      ['finance', accountDataPattern('bank-sync', 'delete')],
      ['finance', accountDataPattern('bank-sync', 'export')],
      ['finance', accountDataPattern('household', 'delete')],
      ['finance', accountDataPattern('household', 'export')],
      ['finance', accountDataPattern('admin', 'delete')],
      ['household', accountDataPattern('finance', 'delete')],
      ['admin', accountDataPattern('waitlist', 'delete')],
      ['admin', accountDataPattern('waitlist', 'export')],
      // bank-sync alone sends finance its suggestions; admin alone manages the waitlist
      ['auth', FINANCE_PATTERNS.upsertSuggestions],
      ['household', WAITLIST_ADMIN_PATTERNS.remove],
    ];
    for (const [user, channel] of refused) await expectRefused(user, channel);
    for (const [user, pattern] of [
      ['household', 'auth.*'],
      ['household', 'auth.admin.*'],
      ['bank-sync', 'finance.*'],
      ['finance', 'bank-sync.*'],
      ['finance', 'household.*'],
    ])
      await expect(
        (await probeOf(user!)).psubscribe(pattern!),
        `${user} PSUBSCRIBE ${pattern}`,
      ).rejects.toThrow(/NOPERM/);
  });

  it('every pattern works end to end under the users: the asker’s request reaches the answerer, the answer comes back', async () => {
    for (const flow of transportFlows) {
      if (flow.event) {
        // the owner sends; every listener hears
        for (const other of flow.others) await (await subscriberOf(other)).subscribe(flow.pattern);
        const heard = flow.others.map(async (other) => nextMessage(await subscriberOf(other), flow.pattern));
        expect(
          await (await publisherOf(flow.owner)).publish(flow.pattern, '{"data":{}}'),
          `${flow.owner} → ${flow.pattern}`,
        ).toBe(flow.others.length);
        expect(await Promise.all(heard)).toEqual(flow.others.map(() => '{"data":{}}'));
        for (const other of flow.others) await (await subscriberOf(other)).unsubscribe(flow.pattern);
        continue;
      }
      const listener = await subscriberOf(flow.owner);
      await listener.subscribe(flow.pattern);
      for (const asker of flow.others) {
        const replies = await subscriberOf(asker);
        await replies.subscribe(`${flow.pattern}.reply`);
        const request = nextMessage(listener, flow.pattern);
        const reply = nextMessage(replies, `${flow.pattern}.reply`);
        expect(
          await (await publisherOf(asker)).publish(flow.pattern, '{"id":"1"}'),
          `${asker} → ${flow.pattern}`,
        ).toBe(1);
        expect(await request).toBe('{"id":"1"}');
        expect(
          await (await publisherOf(flow.owner)).publish(`${flow.pattern}.reply`, '{"id":"1","response":{}}'),
        ).toBe(1);
        expect(await reply).toBe('{"id":"1","response":{}}');
        // Two askers of one pattern (household and finance ask auth's directory): one listener at a time.
        await replies.unsubscribe(`${flow.pattern}.reply`);
      }
      await listener.unsubscribe(flow.pattern);
    }
  });

  it('bank-sync’s check that finance listens before it asks (PUBSUB NUMSUB) works under its user', async () => {
    const finance = await as('finance');
    await finance.subscribe(BILL_PAYMENTS_PATTERN);
    const bankSync = await publisherOf('bank-sync');
    expect(await bankSync.pubsub('NUMSUB', BILL_PAYMENTS_PATTERN)).toEqual([BILL_PAYMENTS_PATTERN, 1]);
    finance.disconnect();
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

    // finance's worker works its own reminders queue under finance's keys
    const reminders = new Queue('reminders', {
      connection: bullConnection('finance'),
      prefix: 'finance:bull',
    });
    closers.push(() => reminders.close());
    const reminded = new Promise<string>((resolve) => {
      const worker = new Worker('reminders', async (job) => resolve(job.name), {
        connection: bullConnection('finance'),
        prefix: 'finance:bull',
      });
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
