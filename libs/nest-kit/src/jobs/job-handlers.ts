import { JOBS, jobsOfQueue, type JobName, type QueueName } from '@paycadence/contracts';
import { MetadataScanner } from '@nestjs/core';
import { JOB_HANDLER_METADATA, type JobContext } from './job-handler.decorator.js';

export type BoundJobHandler = (payload: unknown, context: JobContext) => unknown;

export class MissingJobHandlerError extends Error {
  constructor(readonly missing: { job: JobName; queue: QueueName }[]) {
    super(
      `No handler for ${missing.map(({ job, queue }) => `job "${job}" (queue "${queue}")`).join(', ')}: ` +
        `add @JobHandler('<job>') to a provider method, or stop processing the queue`,
    );
  }
}

export class DuplicateJobHandlerError extends Error {
  constructor(job: string, first: string, second: string) {
    super(`Job "${job}" has two handlers: ${first} and ${second}`);
  }
}

/**
 * Finds the `@JobHandler` methods among the given provider instances, keeping those of the queues this
 * process works. Throws when a job of such a queue has no handler (docs/conventions.md §4: start-up fails) or two.
 */
export function collectJobHandlers(instances: object[], processQueues: readonly QueueName[]): Map<JobName, BoundJobHandler> {
  const scanner = new MetadataScanner();
  const handlers = new Map<JobName, BoundJobHandler>();
  const owners = new Map<JobName, string>();
  for (const instance of instances) {
    const prototype = Object.getPrototypeOf(instance) as Record<string, unknown>;
    for (const method of scanner.getAllMethodNames(prototype)) {
      const job = Reflect.getMetadata(JOB_HANDLER_METADATA, prototype[method] as object) as JobName | undefined;
      if (!job) continue;
      if (!(job in JOBS)) throw new Error(`@JobHandler('${job}') on ${instance.constructor.name}.${method}: no such job in @paycadence/contracts`);
      if (!processQueues.includes(JOBS[job].queue)) continue; // a producer-only process may still load the handler's module
      const owner = `${instance.constructor.name}.${method}`;
      const first = owners.get(job);
      if (first) throw new DuplicateJobHandlerError(job, first, owner);
      owners.set(job, owner);
      const handler = (instance as Record<string, (...args: unknown[]) => unknown>)[method];
      handlers.set(job, (payload, context) => handler.call(instance, payload, context));
    }
  }
  const missing = processQueues.flatMap((queue) => jobsOfQueue(queue).filter((job) => !handlers.has(job)).map((job) => ({ job, queue })));
  if (missing.length) throw new MissingJobHandlerError(missing);
  return handlers;
}
