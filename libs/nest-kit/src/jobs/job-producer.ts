import { JOBS, type JobDefinition, type JobName, type JobPayload, type QueueName } from '@payday/contracts';
import type { Queue } from 'bullmq';
import { z } from 'zod';

export class InvalidJobPayloadError extends Error {
  constructor(job: string, error: z.ZodError) {
    super(`Invalid payload for job "${job}": ${z.prettifyError(error)}`);
  }
}

/** Adds jobs to their queues. Inject it anywhere once `JobsModule.forRoot` is imported. */
export class JobProducer {
  private readonly queues: Map<string, Queue>;

  constructor(queues: Queue[]) {
    this.queues = new Map(queues.map((queue) => [queue.name, queue]));
  }

  /**
   * Validates the payload against the job's schema (an invalid one never reaches Redis), then adds the job
   * under its deterministic id: while a job with that id is waiting or running, adding it again is a no-op.
   * Resolves with the job id.
   */
  async enqueue<Name extends JobName>(name: Name, payload: JobPayload<Name>): Promise<string> {
    const definition: JobDefinition = JOBS[name];
    const parsed = definition.payload.safeParse(payload);
    if (!parsed.success) throw new InvalidJobPayloadError(name, parsed.error);
    const jobId = definition.jobId(parsed.data);
    await this.queue(definition.queue).add(name, parsed.data, { jobId });
    return jobId;
  }

  private queue(name: QueueName): Queue {
    const queue = this.queues.get(name);
    if (!queue) throw new Error(`Queue "${name}" is not registered`);
    return queue;
  }
}
