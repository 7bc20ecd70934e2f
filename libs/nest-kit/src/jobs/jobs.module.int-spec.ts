import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, type Provider } from '@nestjs/common';
import { getQueueToken } from '@nestjs/bullmq';
import { Test, type TestingModule } from '@nestjs/testing';
import type { AuditEvent, SyncItemJob, SyncUserJob } from '@paycadence/contracts';
import { Queue, UnrecoverableError } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { JobHandler, type JobContext } from './job-handler.decorator.js';
import { InvalidJobPayloadError, JobProducer } from './job-producer.js';
import { bullPrefix, type JobsModuleOptions } from './jobs-settings.js';
import { JobsModule } from './jobs.module.js';

// Against the real Redis (REDIS_URL, else the local one), each test under its own key prefix, all removed after.
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const runPrefix = `nest-kit-jobs-${randomUUID().slice(0, 8)}:`;
let testNumber = 0;
const opened: TestingModule[] = [];

/** Resolves when `count` calls happened. */
function calls<T>(count = 1) {
  const seen: T[] = [];
  let resolve!: (value: T[]) => void;
  const done = new Promise<T[]>((r) => (resolve = r));
  return { seen, done, record: (value: T) => seen.push(value) >= count && resolve(seen) };
}

const HANDLED = Symbol('HANDLED');
type Handled = { job: string; payload: unknown; context: JobContext };

@Injectable()
class BankSyncHandlers {
  constructor(@Inject(HANDLED) private readonly handled: { record: (value: Handled) => void }) {}

  @JobHandler('sync-item')
  async syncItem(payload: SyncItemJob, context: JobContext) {
    this.handled.record({ job: 'sync-item', payload, context });
  }

  @JobHandler('sync-user')
  syncUser(payload: SyncUserJob, context: JobContext) {
    this.handled.record({ job: 'sync-user', payload, context });
  }

  @JobHandler('sweep-syncs')
  sweep() {}

  @JobHandler('detect-recurring')
  detect() {}
}

@Injectable()
class ItemHandlerOnly {
  @JobHandler('sync-item')
  syncItem() {}
}

async function compile(options: Partial<JobsModuleOptions>, providers: Provider[] = []) {
  const keyPrefix = `${runPrefix}${(testNumber += 1)}:`;
  const moduleRef = await Test.createTestingModule({
    imports: [JobsModule.forRoot(() => ({ redisUrl, keyPrefix, shutdownTimeoutMs: 10_000, ...options }))],
    providers,
  }).compile();
  opened.push(moduleRef);
  return { moduleRef, keyPrefix, queue: moduleRef.get<Queue>(getQueueToken('bank-sync')), producer: moduleRef.get(JobProducer) };
}

beforeAll(() => Logger.overrideLogger(false));
afterEach(async () => {
  await Promise.all(opened.splice(0).map((moduleRef) => moduleRef.close()));
});
afterAll(async () => {
  const redis = new Redis(redisUrl);
  const keys = await redis.keys(`${runPrefix}*`);
  if (keys.length) await redis.del(...keys);
  await redis.quit();
});

async function waitFor(probe: () => Promise<boolean>, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('JobsModule', () => {
  const userId = randomUUID();
  const itemId = randomUUID();

  it('stops start-up, naming the job, when a job of a processed queue has no handler', async () => {
    const { moduleRef, queue } = await compile({ processQueues: ['bank-sync'] }, [ItemHandlerOnly]);
    await expect(moduleRef.init()).rejects.toThrow('No handler for job "sync-user" (queue "bank-sync")');
    expect(await queue.getWorkers()).toEqual([]); // nothing started, so nothing was taken from the queue
  });

  it('starts without handlers in a process that only adds jobs', async () => {
    const { moduleRef } = await compile({});
    await expect(moduleRef.init()).resolves.toBe(moduleRef);
  });

  it('adds a job once: the same payload twice gives the same deterministic id and one job', async () => {
    const { moduleRef, queue, producer } = await compile({});
    await moduleRef.init();
    const first = await producer.enqueue('sync-item', { userId, itemId });
    const second = await producer.enqueue('sync-item', { userId, itemId });
    expect(first).toBe(`${itemId}.sync`);
    expect(second).toBe(first);
    expect(await queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized')).toEqual({ waiting: 1, active: 0, delayed: 0, prioritized: 0 });
    expect((await queue.getJob(first))?.data).toEqual({ userId, itemId });
  });

  it('adds many jobs in one call, each once, and nothing when one payload is invalid', async () => {
    const { moduleRef, queue, producer } = await compile({});
    await moduleRef.init();
    const items = [randomUUID(), randomUUID(), randomUUID()];
    const ids = await producer.enqueueMany('sync-item', items.map((id) => ({ userId, itemId: id })));
    expect(ids).toEqual(items.map((id) => `${id}.sync`));
    // Again, with one of them already waiting and a new one: only the new one is added.
    await producer.enqueueMany('sync-item', [{ userId, itemId: items[0]! }, { userId, itemId }]);
    expect(await queue.getJobCounts('waiting')).toEqual({ waiting: 4 });
    expect((await queue.getJob(ids[1]!))?.opts).toMatchObject({ attempts: 6 });
    await expect(producer.enqueueMany('sync-item', [{ userId, itemId: randomUUID() }, { userId, itemId: 'nope' }])).rejects.toThrow(
      InvalidJobPayloadError,
    );
    expect(await queue.getJobCounts('waiting')).toEqual({ waiting: 4 });
  });

  it("adds a job with its definition's attempts and doubling backoff, and a delayed one collapses a burst", async () => {
    const { moduleRef, queue, producer } = await compile({ retryDelayMs: 40 });
    await moduleRef.init();
    const id = await producer.enqueue('sync-item', { userId, itemId });
    expect((await queue.getJob(id))?.opts).toMatchObject({ attempts: 6, backoff: { type: 'exponential', delay: 40 } });
    await producer.enqueue('detect-recurring', { userId }, { delayMs: 60_000 });
    await producer.enqueue('detect-recurring', { userId }, { delayMs: 60_000 });
    expect(await queue.getJobCounts('delayed')).toEqual({ delayed: 1 });
  });

  it('adds one follow-up for a job that is running when asked to, and collapses further requests into it', async () => {
    const started = calls<string>();
    const followUp = calls<string>();
    let release!: () => void;
    @Injectable()
    class HeldHandlers {
      @JobHandler('sync-item')
      syncItem(_payload: SyncItemJob, context: JobContext) {
        if (context.id.endsWith('.again')) return followUp.record(context.id);
        started.record('started');
        return new Promise<void>((resolve) => (release = resolve));
      }
      @JobHandler('sync-user')
      syncUser() {}
      @JobHandler('sweep-syncs')
      sweep() {}
      @JobHandler('detect-recurring')
      detect() {}
    }
    const { moduleRef, queue, producer } = await compile({ processQueues: ['bank-sync'] }, [HeldHandlers]);
    await moduleRef.init();
    expect(await producer.enqueue('sync-item', { userId, itemId }, { followUpIfActive: true })).toBe(`${itemId}.sync`);
    await started.done;
    expect(await producer.enqueue('sync-item', { userId, itemId }, { followUpIfActive: true })).toBe(`${itemId}.sync.again`);
    expect(await producer.enqueue('sync-item', { userId, itemId }, { followUpIfActive: true })).toBe(`${itemId}.sync.again`);
    expect(await queue.getJobCounts('waiting', 'active')).toEqual({ waiting: 1, active: 1 });
    release();
    expect(await followUp.done).toEqual([`${itemId}.sync.again`]); // runs once the first has finished
  });

  it('schedules a job every N ms under one scheduler per job id, updated not doubled, and forgets it', async () => {
    const { moduleRef, queue, producer } = await compile({});
    await moduleRef.init();
    const schedulerId = await producer.schedule('sync-item', { userId, itemId }, 6 * 3_600_000);
    await producer.schedule('sync-item', { userId, itemId }, 6 * 3_600_000);
    expect(schedulerId).toBe(`${itemId}.sync.every`);
    const schedulers = await queue.getJobSchedulers();
    expect(schedulers).toHaveLength(1);
    expect(schedulers[0]).toMatchObject({ key: schedulerId, every: 6 * 3_600_000, name: 'sync-item' });
    const next = (await queue.getJobScheduler(schedulerId))?.next;
    await new Promise((resolve) => setTimeout(resolve, 20));
    await producer.schedule('sync-item', { userId, itemId }, 6 * 3_600_000, { keepExisting: true });
    expect((await queue.getJobScheduler(schedulerId))?.next).toBe(next); // left as it was
    expect(await producer.unschedule('sync-item', { userId, itemId })).toBe(true);
    expect(await queue.getJobSchedulers()).toEqual([]);
    expect(await queue.getJobCounts('waiting', 'delayed')).toEqual({ waiting: 0, delayed: 0 });
  });

  it('refuses an invalid payload at enqueue, naming the job and the field, and adds nothing', async () => {
    const { moduleRef, queue, producer } = await compile({});
    await moduleRef.init();
    const enqueue = producer.enqueue('sync-item', { userId, itemId: 'item-1' });
    await expect(enqueue).rejects.toBeInstanceOf(InvalidJobPayloadError);
    await expect(enqueue).rejects.toThrow(/job "sync-item".*itemId/s);
    await expect(producer.enqueue('sync-user', { userId, extra: true } as never)).rejects.toThrow(/extra/);
    expect(await queue.count()).toBe(0);
  });

  it('runs each job in its handler with the validated payload; a malformed job fails once, never reaching a handler', async () => {
    const handled = calls<Handled>(2);
    const { moduleRef, queue, producer } = await compile({ processQueues: ['bank-sync'] }, [{ provide: HANDLED, useValue: handled }, BankSyncHandlers]);
    await moduleRef.init();
    // Added behind the producer's back (an older producer, a hand-made job): the worker validates too.
    const malformed = await queue.add('sync-item', { userId, itemId: 42 });
    await producer.enqueue('sync-item', { userId, itemId });
    await producer.enqueue('sync-user', { userId });
    expect(await handled.done).toEqual([
      { job: 'sync-item', payload: { userId, itemId }, context: { id: `${itemId}.sync`, name: 'sync-item', attempt: 1, maxAttempts: 6 } },
      { job: 'sync-user', payload: { userId }, context: { id: `${userId}.sync-user`, name: 'sync-user', attempt: 1, maxAttempts: 3 } },
    ]);
    // Failed without retries (a retry would wait, delayed) and removed, so its id cannot block a later add.
    expect(await queue.getJob(malformed.id!)).toBeUndefined();
  });

  it('keeps an audit event that failed for good in the failed set (keepFailed), while a failed sync-item is removed', async () => {
    const failed = calls<string>(2);
    @Injectable()
    class FailingHandlers {
      @JobHandler('record-audit')
      record(event: AuditEvent) {
        failed.record(event.id);
        throw new UnrecoverableError('audit database refused the event');
      }
    }
    @Injectable()
    class FailingSync {
      @JobHandler('sync-item')
      syncItem() {
        failed.record('sync-item');
        throw new UnrecoverableError('item gone');
      }
      @JobHandler('sync-user')
      syncUser() {}
      @JobHandler('sweep-syncs')
      sweep() {}
      @JobHandler('detect-recurring')
      detect() {}
    }
    const { moduleRef, queue, producer } = await compile({ processQueues: ['audit', 'bank-sync'] }, [FailingHandlers, FailingSync]);
    await moduleRef.init();
    const auditQueue = moduleRef.get<Queue>(getQueueToken('audit'));
    const event: AuditEvent = {
      id: randomUUID(),
      kind: 'auth.locked-out',
      occurredAt: new Date().toISOString(),
      actor: { id: null, email: null },
      subject: { id: null, email: 'ann@example.com' },
      ip: '203.0.113.9',
      userAgent: null,
      details: {},
    };
    const auditId = await producer.enqueue('record-audit', event);
    expect((await auditQueue.getJob(auditId))?.opts).toMatchObject({ attempts: 20, removeOnFail: false });
    const syncId = await producer.enqueue('sync-item', { userId, itemId });
    await failed.done;
    await waitFor(async () => (await auditQueue.getJobState(auditId)) === 'failed' && !(await queue.getJob(syncId)));
    const kept = await auditQueue.getJob(auditId);
    expect(kept?.data).toEqual(event);
    expect(kept?.failedReason).toBe('audit database refused the event');
    expect(await auditQueue.getJobCounts('failed')).toEqual({ failed: 1 });
    expect(await queue.getJobCounts('failed')).toEqual({ failed: 0 });
  });

  it('on SIGTERM lets the running job finish, then closes the worker and its Redis connection', async () => {
    const events: string[] = [];
    const started = calls<string>();
    let release!: () => void;
    const slowHandler = {
      record: () => {
        events.push('handler started');
        started.record('started');
        return new Promise<void>((resolve) => (release = resolve)).then(() => events.push('handler finished'));
      },
    };
    @Injectable()
    class SlowHandlers {
      @JobHandler('sync-item')
      syncItem() {
        return slowHandler.record();
      }
      @JobHandler('sync-user')
      syncUser() {}
      @JobHandler('sweep-syncs')
      sweep() {}
      @JobHandler('detect-recurring')
      detect() {}
    }
    const { moduleRef, keyPrefix, producer } = await compile({ processQueues: ['bank-sync'] }, [SlowHandlers]);
    await moduleRef.init();
    moduleRef.enableShutdownHooks(['SIGTERM']);
    const observer = new Queue('bank-sync', { connection: { url: redisUrl }, prefix: bullPrefix(keyPrefix) });
    try {
      await producer.enqueue('sync-item', { userId, itemId });
      await started.done;
      expect(await observer.getWorkers()).toHaveLength(1);

      // Nest closes the app on SIGTERM, then raises SIGTERM again to end the process; this listener takes
      // that second one so the test process survives.
      let signals = 0;
      const shutDown = new Promise<void>((resolve) => {
        const absorb = () => {
          signals += 1;
          if (signals === 2) {
            process.off('SIGTERM', absorb);
            resolve();
          }
        };
        process.on('SIGTERM', absorb);
      });
      process.kill(process.pid, 'SIGTERM');
      setTimeout(() => {
        events.push('released');
        release();
      }, 300);
      await shutDown;
      events.push('shut down');

      expect(events).toEqual(['handler started', 'released', 'handler finished', 'shut down']);
      expect(await observer.getWorkers()).toEqual([]);
      expect(await observer.getJobCounts('waiting', 'active', 'failed')).toEqual({ waiting: 0, active: 0, failed: 0 });
    } finally {
      await observer.close();
    }
    opened.splice(opened.indexOf(moduleRef), 1); // closed by the signal already
  });

  it('stops waiting for a job that outlives the shutdown timeout and cuts the worker connection', async () => {
    const started = calls<string>();
    let release!: () => void;
    @Injectable()
    class StuckHandlers {
      @JobHandler('sync-item')
      syncItem() {
        started.record('started');
        return new Promise<void>((resolve) => (release = resolve));
      }
      @JobHandler('sync-user')
      syncUser() {}
      @JobHandler('sweep-syncs')
      sweep() {}
      @JobHandler('detect-recurring')
      detect() {}
    }
    const { moduleRef, keyPrefix, producer } = await compile({ processQueues: ['bank-sync'], shutdownTimeoutMs: 200 }, [StuckHandlers]);
    await moduleRef.init();
    const observer = new Queue('bank-sync', { connection: { url: redisUrl }, prefix: bullPrefix(keyPrefix) });
    try {
      await producer.enqueue('sync-item', { userId, itemId });
      await started.done;
      const closing = Date.now();
      await moduleRef.close();
      expect(Date.now() - closing).toBeLessThan(2_000);
      expect(await observer.getWorkers()).toEqual([]);
    } finally {
      release();
      await observer.close();
    }
    opened.splice(opened.indexOf(moduleRef), 1);
  });
});
