import { JOBS, type JobDefinition, type JobName, type JobPayload, type QueueName } from '@paycadence/contracts';
import type { JobsOptions, Queue } from 'bullmq';
import { z } from 'zod';

export class InvalidJobPayloadError extends Error {
  constructor(job: string, error: z.ZodError) {
    super(`Invalid payload for job "${job}": ${z.prettifyError(error)}`);
  }
}

export interface EnqueueOptions {
  /** Run no earlier than this many ms from now; while it waits, adding the same job again is a no-op (debounce). */
  delayMs?: number;
  /**
   * While the job with this id is already running, add one follow-up (id `<id>.again`, itself collapsing)
   * instead of nothing: a request made during a run is then served by a run that starts after it.
   */
  followUpIfActive?: boolean;
}

const DEFAULT_RETRY = { attempts: 3, backoffMs: 5_000 };

/** Adds jobs to their queues. Inject it anywhere once `JobsModule.forRoot` is imported. */
export class JobProducer {
  private readonly queues: Map<string, Queue>;

  constructor(
    queues: Queue[],
    private readonly settings: { retryDelayMs?: number } = {},
  ) {
    this.queues = new Map(queues.map((queue) => [queue.name, queue]));
  }

  /**
   * Validates the payload against the job's schema (an invalid one never reaches Redis), then adds the job
   * under its deterministic id: while a job with that id is waiting or running, adding it again is a no-op.
   * Resolves with the job id.
   */
  async enqueue<Name extends JobName>(name: Name, payload: JobPayload<Name>, options: EnqueueOptions = {}): Promise<string> {
    const { definition, data } = this.validated(name, payload);
    const queue = this.queue(definition.queue);
    let jobId = definition.jobId(data);
    if (options.followUpIfActive && (await (await queue.getJob(jobId))?.isActive())) jobId = `${jobId}.again`;
    await queue.add(name, data, { ...this.jobOptions(definition), jobId, ...(options.delayMs ? { delay: options.delayMs } : {}) });
    return jobId;
  }

  /**
   * `enqueue` for many jobs of one name in one round trip to Redis (BullMQ's addBulk, one MULTI): every payload is
   * validated first, so an invalid one adds nothing. Ids are deterministic as with `enqueue`, so a job already
   * waiting or running is not added twice. Resolves with the job ids.
   */
  async enqueueMany<Name extends JobName>(name: Name, payloads: readonly JobPayload<Name>[]): Promise<string[]> {
    if (payloads.length === 0) return [];
    const jobs = payloads.map((payload) => {
      const { definition, data } = this.validated(name, payload);
      return { definition, data, jobId: definition.jobId(data) };
    });
    const { definition } = jobs[0]!;
    await this.queue(definition.queue).addBulk(
      jobs.map(({ data, jobId }) => ({ name, data, opts: { ...this.jobOptions(definition), jobId } })),
    );
    return jobs.map((job) => job.jobId);
  }

  /**
   * Runs the job every `everyMs` from now on (a BullMQ job scheduler, one per deterministic job id: calling it
   * again updates it, it never doubles). The first run is `everyMs` from now. Resolves with the scheduler id.
   */
  async schedule<Name extends JobName>(name: Name, payload: JobPayload<Name>, everyMs: number, { keepExisting = false } = {}): Promise<string> {
    const { definition, data } = this.validated(name, payload);
    const schedulerId = JobProducer.schedulerId(definition, data);
    // keepExisting: only create a missing one, or one with another interval (start-ups of many replicas must not
    // push its next run further away each time).
    if (keepExisting && (await this.queue(definition.queue).getJobScheduler(schedulerId))?.every === everyMs) return schedulerId;
    await this.queue(definition.queue).upsertJobScheduler(
      schedulerId,
      { every: everyMs, startDate: Date.now() + everyMs },
      { name, data, opts: this.jobOptions(definition) },
    );
    return schedulerId;
  }

  /** Stops a `schedule`; true when there was one. */
  async unschedule<Name extends JobName>(name: Name, payload: JobPayload<Name>): Promise<boolean> {
    const { definition, data } = this.validated(name, payload);
    return this.queue(definition.queue).removeJobScheduler(JobProducer.schedulerId(definition, data));
  }

  /**
   * Removes the queue's job schedulers whose id `matches`, a page at a time (never all of them in one call);
   * resolves with how many went. For retiring a kind of scheduler an older version created.
   */
  async removeJobSchedulers(queueName: QueueName, matches: (schedulerId: string) => boolean, { pageSize = 500 } = {}): Promise<number> {
    const queue = this.queue(queueName);
    let removed = 0;
    // Removing shifts the ones after it forward: the next page starts after the schedulers kept so far.
    for (let kept = 0; ; ) {
      const page = await queue.getJobSchedulers(kept, kept + pageSize - 1, true);
      if (page.length === 0) return removed;
      const retired = page.filter((scheduler) => matches(scheduler.key));
      const results = await Promise.all(retired.map((scheduler) => queue.removeJobScheduler(scheduler.key)));
      removed += results.filter(Boolean).length;
      kept += page.length - retired.length;
    }
  }

  /** The scheduler's id, from the job's deterministic id. */
  static schedulerId(definition: JobDefinition, data: unknown): string {
    return `${definition.jobId(data)}.every`;
  }

  private validated(name: JobName, payload: unknown) {
    const definition: JobDefinition = JOBS[name];
    const parsed = definition.payload.safeParse(payload);
    if (!parsed.success) throw new InvalidJobPayloadError(name, parsed.error);
    return { definition, data: parsed.data };
  }

  private jobOptions(definition: JobDefinition): JobsOptions {
    const retry = definition.retry ?? DEFAULT_RETRY;
    return {
      attempts: retry.attempts,
      backoff: { type: 'exponential', delay: this.settings.retryDelayMs ?? retry.backoffMs },
      // A job whose loss would go unnoticed stays in the failed set (operators see and retry it); others are
      // removed by the module's defaults so their deterministic ids never block a later add.
      ...(definition.keepFailed ? { removeOnFail: false } : {}),
    };
  }

  private queue(name: QueueName): Queue {
    const queue = this.queues.get(name);
    if (!queue) throw new Error(`Queue "${name}" is not registered`);
    return queue;
  }
}
