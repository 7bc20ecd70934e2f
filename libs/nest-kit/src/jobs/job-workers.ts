import { Inject, Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap, type OnModuleInit } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { JOBS, type JobName } from '@paycadence/contracts';
import { UnrecoverableError, Worker, type Job } from 'bullmq';
import { collectJobHandlers, type BoundJobHandler } from './job-handlers.js';
import { InvalidJobPayloadError } from './job-producer.js';
import { JOBS_SETTINGS, type JobsSettings } from './jobs-settings.js';

/**
 * Runs the `@JobHandler`s of the queues this process works, one BullMQ worker per queue.
 *
 * Not @nestjs/bullmq's `@Processor` classes: those start consuming as soon as they are registered, while a
 * missing handler must stop start-up before anything is taken from a queue (docs/conventions.md §4), and one class
 * per queue would route every job through one `process` method instead of a handler per job.
 */
@Injectable()
export class JobWorkers implements OnModuleInit, OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Jobs');
  private handlers = new Map<JobName, BoundJobHandler>();
  private readonly workers: Worker[] = [];

  constructor(
    @Inject(JOBS_SETTINGS) private readonly settings: JobsSettings,
    @Inject(DiscoveryService) private readonly discovery: DiscoveryService,
  ) {}

  /** Every provider exists by now and no worker does yet: a missing handler rejects start-up here. */
  onModuleInit() {
    const instances = this.discovery
      .getProviders()
      .filter((wrapper) => wrapper.isDependencyTreeStatic() && wrapper.instance && typeof wrapper.instance === 'object')
      .map((wrapper) => wrapper.instance as object);
    this.handlers = collectJobHandlers(instances, this.settings.processQueues);
  }

  onApplicationBootstrap() {
    for (const queue of this.settings.processQueues) this.workers.push(this.startWorker(queue));
  }

  /**
   * Before Nest closes anything else (database, Redis clients, queues): stop taking jobs, let the running
   * ones finish, then end the workers' Redis connections. Past the timeout the connections are cut and
   * the unfinished job is retried as stalled elsewhere (handlers are idempotent).
   */
  async beforeApplicationShutdown() {
    await Promise.all(this.workers.splice(0).map((worker) => this.closeWorker(worker)));
  }

  private startWorker(queue: string): Worker {
    const worker = new Worker(queue, (job) => this.run(job), {
      // Workers block on Redis; ioredis must retry forever rather than fail those commands.
      connection: this.settings.workerConnection(),
      prefix: this.settings.prefixFor(queue),
      concurrency: this.settings.concurrency,
      lockDuration: this.settings.lockDurationMs,
      stalledInterval: this.settings.lockDurationMs,
    });
    worker.on('failed', (job, error) =>
      this.logger.warn(`job ${job?.name} ${job?.id} failed (attempt ${job?.attemptsMade ?? '?'}): ${error.message}`),
    );
    worker.on('error', (error) => this.logger.error(`worker of queue ${queue}: ${error.message}`));
    return worker;
  }

  /** Validates before the handler runs; a job that can never succeed is failed without retries. */
  private async run(job: Job): Promise<void> {
    const name = job.name as JobName;
    const handler = this.handlers.get(name);
    if (!handler) throw new UnrecoverableError(`No handler for job "${job.name}" on queue "${job.queueName}"`);
    const parsed = JOBS[name].payload.safeParse(job.data);
    if (!parsed.success) throw new UnrecoverableError(new InvalidJobPayloadError(name, parsed.error).message);
    await handler(parsed.data, { id: job.id ?? '', name, attempt: job.attemptsMade + 1, maxAttempts: job.opts.attempts ?? 1 });
  }

  private async closeWorker(worker: Worker) {
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<'timed out'>((resolve) => {
      timer = setTimeout(() => resolve('timed out'), this.settings.shutdownTimeoutMs);
    });
    const outcome = await Promise.race([worker.close().then(() => 'closed' as const), timedOut]);
    clearTimeout(timer);
    if (outcome === 'timed out') {
      this.logger.warn(`queue ${worker.name}: a job still ran after ${this.settings.shutdownTimeoutMs} ms; closing its connection anyway`);
      await worker.disconnect().catch(() => undefined);
    }
  }
}
