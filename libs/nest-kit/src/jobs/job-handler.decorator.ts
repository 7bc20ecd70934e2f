import { SetMetadata } from '@nestjs/common';
import type { JobName, JobPayload } from '@paycadence/contracts';

export const JOB_HANDLER_METADATA = 'paycadence:job-handler';

/** What a handler learns about the job besides its payload. */
export interface JobContext {
  id: string;
  name: JobName;
  /** 1 on the first run; BullMQ delivers at least once, so a handler must be idempotent. */
  attempt: number;
  /** How many attempts the job has in all: `attempt === maxAttempts` is the last one (no retry follows a failure). */
  maxAttempts: number;
}

export type JobHandlerFunction<Name extends JobName> = (payload: JobPayload<Name>, context: JobContext) => unknown;

/**
 * `@JobHandler('sync-item')` on a provider method makes it the handler of that job in a process that works
 * the job's queue (`JobsModule.forRoot({ processQueues })`). The method receives the payload already
 * validated by the job's schema in `@paycadence/contracts`.
 */
export function JobHandler<Name extends JobName>(name: Name) {
  return <Method extends JobHandlerFunction<Name>>(target: object, key: string | symbol, descriptor: TypedPropertyDescriptor<Method>) => {
    SetMetadata(JOB_HANDLER_METADATA, name)(target, key, descriptor);
  };
}
