import { Global, Inject, Module, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { BullModule, getQueueToken } from '@nestjs/bullmq';
import { QUEUES } from '@paycadence/contracts';
import type { DefaultJobOptions, Queue } from 'bullmq';
import { JobProducer } from './job-producer.js';
import { JobWorkers } from './job-workers.js';
import { JOBS_SETTINGS, jobsSettings, type JobsModuleOptions, type JobsSettings } from './jobs-settings.js';

const QUEUE_NAMES = Object.values(QUEUES);

/** Ends the cluster connections the queues and workers shared, after @nestjs/bullmq and JobWorkers closed them. */
class JobsConnections implements OnApplicationShutdown {
  constructor(@Inject(JOBS_SETTINGS) private readonly settings: JobsSettings) {}
  async onApplicationShutdown() {
    // Queues close on the same hook; a turn of the event loop lets their close() go first.
    await new Promise((resolve) => setImmediate(resolve));
    await this.settings.closeOwned();
  }
}

/**
 * Job ids are deterministic, so a finished or failed job must not keep its id: BullMQ ignores an add whose
 * id it still holds, which would block the next sync of the same item. Failures are logged by the worker.
 * A job definition with `keepFailed` (audit events) overrides removeOnFail (JobProducer).
 */
const DEFAULT_JOB_OPTIONS: DefaultJobOptions = {
  // Attempts and backoff come from each job's definition (JobProducer); these are for jobs added otherwise.
  attempts: 3,
  backoff: { type: 'exponential', delay: 5_000 },
  removeOnComplete: true,
  removeOnFail: true,
};

/**
 * BullMQ jobs from the registry in `@paycadence/contracts`: registers every queue (closed on shutdown by
 * @nestjs/bullmq), provides `JobProducer.enqueue`, and in a process that lists `processQueues` runs the
 * `@JobHandler` methods in workers. Workers close gracefully on shutdown: call `app.enableShutdownHooks()`
 * (createServiceApp does) so SIGTERM reaches them.
 *
 * ```ts
 * JobsModule.forRoot(() => ({ redisUrl: config.REDIS_URL, keyPrefix: config.REDIS_KEY_PREFIX, processQueues: ['bank-sync'] }))
 * await jobs.enqueue('sync-item', { userId, itemId });          // anywhere: inject JobProducer
 * @JobHandler('sync-item') async syncItem(job: SyncItemJob) {}  // on a provider method (idempotent!)
 * ```
 */
@Global()
@Module({})
export class JobsModule {
  static forRoot(source: () => JobsModuleOptions): DynamicModule {
    let settings: ReturnType<typeof jobsSettings> | undefined;
    const resolve = () => (settings ??= jobsSettings(source()));
    return {
      module: JobsModule,
      imports: [
        DiscoveryModule,
        BullModule.forRootAsync({
          useFactory: () => ({ connection: resolve().connection, defaultJobOptions: DEFAULT_JOB_OPTIONS }),
        }),
        // Each queue's own prefix: on a cluster it carries the queue's hash tag (bullPrefix).
        BullModule.registerQueueAsync(...QUEUE_NAMES.map((name) => ({ name, useFactory: () => ({ prefix: resolve().prefixFor(name) }) }))),
      ],
      providers: [
        { provide: JOBS_SETTINGS, useFactory: resolve },
        {
          provide: JobProducer,
          useFactory: (settings: JobsSettings, ...queues: Queue[]) => new JobProducer(queues, settings),
          inject: [JOBS_SETTINGS, ...QUEUE_NAMES.map((name) => getQueueToken(name))],
        },
        JobWorkers,
        JobsConnections,
      ],
      exports: [JobProducer],
    };
  }
}
