import { randomUUID } from 'node:crypto';
import { Controller, Inject, Injectable, Logger, Module, type INestApplicationContext, type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { EventPattern, MessagePattern, Payload } from '@nestjs/microservices';
import { Test } from '@nestjs/testing';
import { ACCOUNT_STATUS_CHANNEL, SUSPENDED_ACCOUNT_KEY_PREFIX, type SyncItemJob } from '@paycadence/contracts';
import { Cluster } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { giveBackAllowance, takeAllowance } from './allowance.js';
import { AccountStatusCheck } from './auth/account-status-check.js';
import { JobHandler } from './jobs/job-handler.decorator.js';
import { JobProducer } from './jobs/job-producer.js';
import { bullPrefix } from './jobs/jobs-settings.js';
import { JobsModule } from './jobs/jobs.module.js';
import { channelSubscribers, createRedisConnection, REDIS, RedisModule } from './redis.js';
import { startPrivateRedisCluster, type PrivateRedisCluster } from './testing/private-redis-cluster.js';
import { TransportClient } from './transport/transport-client.js';
import { redisTransportOptions } from './transport/redis-transport.js';

// The product's Redis pieces on a real three-primary Redis Cluster (docs/redis-cluster.md), started from the
// machine's redis-server for this file and removed after it. No skip: without redis-server this fails, naming it.
let cluster: PrivateRedisCluster;
let client: Cluster;

beforeAll(async () => {
  Logger.overrideLogger(false);
  cluster = await startPrivateRedisCluster(3);
  client = createRedisConnection(cluster.url) as Cluster;
}, 60_000);

afterAll(async () => {
  client?.disconnect();
  await cluster?.stop();
});

async function waitFor(probe: () => Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('a Redis Cluster URL', () => {
  it('reaches a cluster of three primaries whose slots are spread over all of them', async () => {
    expect(client).toBeInstanceOf(Cluster);
    const slots = (await client.cluster('SLOTS')) as [number, number, [string, number]][];
    expect(new Set(slots.map(([, , [, port]]) => port))).toEqual(new Set(cluster.ports));
  });
});

const HANDLED = Symbol('HANDLED');

@Injectable()
class BankSyncHandlers {
  constructor(@Inject(HANDLED) private readonly handled: SyncItemJob[]) {}

  @JobHandler('sync-item')
  syncItem(payload: SyncItemJob) {
    this.handled.push(payload);
  }

  @JobHandler('sync-user')
  syncUser() {}

  @JobHandler('sweep-syncs')
  sweep() {}

  @JobHandler('detect-recurring')
  detect() {}
}

describe('BullMQ through JobsModule on the cluster', () => {
  it("runs a bank import job (bank-sync's sync-item) end to end, its keys in the queue's own hash slot", async () => {
    const keyPrefix = `cluster-${randomUUID().slice(0, 8)}:`;
    const handled: SyncItemJob[] = [];
    const moduleRef = await Test.createTestingModule({
      imports: [JobsModule.forRoot(() => ({ redisUrl: cluster.url, keyPrefix, processQueues: ['bank-sync'], shutdownTimeoutMs: 5_000 }))],
      providers: [BankSyncHandlers, { provide: HANDLED, useValue: handled }],
    }).compile();
    try {
      await moduleRef.init();
      const job = { userId: randomUUID(), itemId: randomUUID() };
      const id = await moduleRef.get(JobProducer).enqueue('sync-item', job);
      await waitFor(async () => handled.length > 0);
      expect(handled).toEqual([job]);
      expect(id).toBe(`${job.itemId}.sync`);

      const prefix = bullPrefix(keyPrefix, 'bank-sync', cluster.url);
      expect(prefix).toBe(`${keyPrefix}{bull:bank-sync}`);
      // The queue's bookkeeping keys exist under that prefix, all in the slot of its hash tag.
      const meta = `${prefix}:bank-sync:meta`;
      expect(await client.exists(meta)).toBe(1);
      const slot = await client.cluster('KEYSLOT', meta);
      expect(await client.cluster('KEYSLOT', `${prefix}:bank-sync:wait`)).toBe(slot);
      expect(await client.cluster('KEYSLOT', bullPrefix(keyPrefix, 'audit', cluster.url))).not.toBe(slot);
    } finally {
      await moduleRef.close();
    }
  }, 30_000);
});

describe('scripts on the cluster', () => {
  it('takes and gives back allowance uses atomically, whichever node holds the key', async () => {
    // Several keys, so that more than one node runs the script.
    const keys = Array.from({ length: 6 }, (_, i) => `cluster-allowance-${randomUUID()}-${i}`);
    for (const key of keys) {
      expect(await takeAllowance(client, key, 2, 60)).toBe(0);
      expect(await takeAllowance(client, key, 2, 60)).toBe(0);
      const left = await takeAllowance(client, key, 2, 60);
      expect(left).toBeGreaterThan(0);
      expect(left).toBeLessThanOrEqual(60_000);
      await giveBackAllowance(client, key);
      expect(await takeAllowance(client, key, 2, 60)).toBe(0);
    }
    const nodes = new Set(await Promise.all(keys.map((key) => client.cluster('KEYSLOT', key))));
    expect(nodes.size).toBeGreaterThan(1);
  });

  it('refuses a script whose keys span slots (what the hash tags prevent)', async () => {
    await expect(client.eval("return redis.call('GET', KEYS[2])", 2, 'a-key-of-one-slot', 'another-key-elsewhere')).rejects.toThrow(/CROSSSLOT|slot/i);
    await expect(client.eval("return redis.call('GET', KEYS[2])", 2, 'p:{sign-in}:a', 'p:{sign-in}:b')).resolves.toBeNull();
  });
});

const EVENTS = Symbol('EVENTS');

@Controller()
class EchoMessagesController {
  constructor(@Inject(EVENTS) private readonly events: unknown[]) {}

  @MessagePattern('cluster-test.echo')
  echo(@Payload() payload: { n: number }) {
    return { n: payload.n + 1 };
  }

  @EventPattern('cluster-test.happened')
  happened(@Payload() payload: unknown) {
    this.events.push(payload);
  }
}

describe('the Redis transport on the cluster', () => {
  let server: INestMicroservice;
  let sender: TransportClient;
  const events: unknown[] = [];

  beforeAll(async () => {
    @Module({ controllers: [EchoMessagesController], providers: [{ provide: EVENTS, useValue: events }] })
    class EchoModule {}
    server = await NestFactory.createMicroservice(EchoModule, { ...redisTransportOptions(cluster.url), logger: false });
    await server.listen();
    sender = new TransportClient(cluster.url);
  }, 30_000);

  afterAll(async () => {
    await sender?.onModuleDestroy();
    await server?.close();
  });

  it('answers a question and delivers an event', async () => {
    await expect(sender.ask('cluster-test.echo', { n: 41 }, z.object({ n: z.number() }), { timeoutMs: 5_000 })).resolves.toEqual({ n: 42 });
    await sender.emit('cluster-test.happened', { what: 'it' });
    await waitFor(async () => events.length > 0);
    expect(events).toEqual([{ what: 'it' }]);
  });

  it('counts the listeners of a pattern on every primary (bank-sync asks before it sends to finance)', async () => {
    const client = createRedisConnection(cluster.url);
    try {
      expect(await channelSubscribers(client, 'cluster-test.echo')).toBeGreaterThan(0);
      expect(await channelSubscribers(client, 'cluster-test.nobody')).toBe(0);
    } finally {
      client.disconnect();
    }
  });
});

describe('the account-status channel on the cluster', () => {
  let app: INestApplicationContext;

  beforeAll(async () => {
    const moduleRef = await Test.createTestingModule({
      imports: [RedisModule.forRoot(() => cluster.url)],
      providers: [AccountStatusCheck],
    }).compile();
    app = await moduleRef.init();
  }, 30_000);

  afterAll(async () => {
    await app?.close();
  });

  it("refuses a suspended user at once: the suspension message reaches the subscriber, not the cache's expiry", async () => {
    const check = app.get(AccountStatusCheck);
    expect(app.get(REDIS)).toBeInstanceOf(Cluster);
    const userId = randomUUID();
    expect(await check.isSuspended(userId)).toBe(false); // now cached as "not suspended" for 30 s
    // What auth does on a suspension (AccountStatusPublisher): the key, then the message.
    await client.set(`${SUSPENDED_ACCOUNT_KEY_PREFIX}${userId}`, '1', 'EX', 60);
    await client.publish(ACCOUNT_STATUS_CHANNEL, JSON.stringify({ userId, status: 'suspended' }));
    await waitFor(() => check.isSuspended(userId), 5_000);
    await client.del(`${SUSPENDED_ACCOUNT_KEY_PREFIX}${userId}`);
  });
});
