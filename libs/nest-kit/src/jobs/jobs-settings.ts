import type { QueueName } from '@paycadence/contracts';
import type { RedisOptions } from 'bullmq';

export interface JobsModuleOptions {
  /** REDIS_URL. */
  redisUrl: string;
  /** The stack's Redis key prefix (REDIS_KEY_PREFIX); BullMQ keys live under `${keyPrefix}bull`. */
  keyPrefix?: string;
  /** The queues this process works; every job of them needs a `@JobHandler`. Omit in a producer-only process. */
  processQueues?: QueueName[];
  /** Jobs run at once per queue (default 1). */
  concurrency?: number;
  /** How long shutdown waits for running jobs (default 25 s, under Kubernetes' 30 s grace period). */
  shutdownTimeoutMs?: number;
  /** Replaces every job's first retry delay (tests: a few ms instead of seconds); attempts stay per job. */
  retryDelayMs?: number;
  /**
   * How long a running job's lock lasts without renewal (default 30 s), which is also how often stalled jobs
   * are looked for: a worker killed outright has its job picked up again after about this long.
   */
  lockDurationMs?: number;
}

/**
 * BullMQ's key prefix under the stack's Redis key prefix (REDIS_KEY_PREFIX, e.g. `e2e-42:` → `e2e-42:bull`).
 * Every process sharing a queue must use the same one (BullMQ forbids ioredis' own `keyPrefix`).
 */
export function bullPrefix(keyPrefix = ''): string {
  return `${keyPrefix}bull`;
}

export const JOBS_SETTINGS = Symbol('JOBS_SETTINGS');

export interface JobsSettings {
  /** BullMQ opens (and on close ends) its own connections from these. */
  connection: RedisOptions;
  prefix: string;
  processQueues: QueueName[];
  concurrency: number;
  shutdownTimeoutMs: number;
  retryDelayMs?: number;
  lockDurationMs: number;
}

export function jobsSettings(options: JobsModuleOptions): JobsSettings {
  return {
    connection: { url: options.redisUrl },
    prefix: bullPrefix(options.keyPrefix),
    processQueues: [...new Set(options.processQueues ?? [])],
    concurrency: options.concurrency ?? 1,
    shutdownTimeoutMs: options.shutdownTimeoutMs ?? 25_000,
    retryDelayMs: options.retryDelayMs,
    lockDurationMs: options.lockDurationMs ?? 30_000,
  };
}
