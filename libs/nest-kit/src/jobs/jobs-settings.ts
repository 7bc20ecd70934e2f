import type { QueueName } from '@paycadence/contracts';
import type { ConnectionOptions } from 'bullmq';
import type { Cluster } from 'ioredis';
import { createRedisConnection, isRedisClusterUrl } from '../redis.js';

export interface JobsModuleOptions {
  /** REDIS_URL. */
  redisUrl: string;
  /** The stack's Redis key prefix (REDIS_KEY_PREFIX); BullMQ keys live under `bullPrefix(keyPrefix, queue, redisUrl)`. */
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
 * BullMQ's key prefix of `queue` under the stack's Redis key prefix (REDIS_KEY_PREFIX). Every process sharing a
 * queue must use the same one (BullMQ forbids ioredis' own `keyPrefix`).
 * - One Redis: `${keyPrefix}bull` for every queue (`e2e-42:` → `e2e-42:bull`), as it always was, so an upgrade
 *   keeps the jobs, schedules and audit events already waiting.
 * - A Redis Cluster (`redisUrl` is a `redis+cluster://` URL): `${keyPrefix}{bull:<queue>}`. BullMQ's scripts
 *   touch many keys of one queue at once, which a cluster allows only within one hash slot; the hash tag puts
 *   all of a queue's keys in one slot and each queue in its own (docs/redis-cluster.md).
 */
export function bullPrefix(keyPrefix = '', queue?: string, redisUrl?: string): string {
  if (redisUrl && isRedisClusterUrl(redisUrl)) {
    if (!queue) throw new Error('bullPrefix: a cluster prefix is per queue; name the queue');
    return `${keyPrefix}{bull:${queue}}`;
  }
  return `${keyPrefix}bull`;
}

export const JOBS_SETTINGS = Symbol('JOBS_SETTINGS');

export interface JobsSettings {
  /**
   * The queues' connection. One Redis: options BullMQ opens (and on close ends) its own connections from.
   * A cluster: one shared ioredis Cluster (BullMQ takes only an instance for a cluster), ended with closeOwned().
   */
  connection: ConnectionOptions;
  /** A worker's connection: BullMQ requires blocking commands never to give up (maxRetriesPerRequest null). */
  workerConnection(): ConnectionOptions;
  /** The BullMQ prefix of one queue (bullPrefix). */
  prefixFor(queue: string): string;
  processQueues: QueueName[];
  concurrency: number;
  shutdownTimeoutMs: number;
  retryDelayMs?: number;
  lockDurationMs: number;
  /** Ends the cluster connections made here (none on one Redis: BullMQ ends its own). */
  closeOwned(): Promise<void>;
}

export function jobsSettings(options: JobsModuleOptions): JobsSettings {
  const { redisUrl } = options;
  const owned: Cluster[] = [];
  const connect = (workerSide: boolean): ConnectionOptions => {
    const redisOptions = workerSide ? { maxRetriesPerRequest: null } : {};
    if (!isRedisClusterUrl(redisUrl)) return { url: redisUrl, ...redisOptions };
    const cluster = createRedisConnection(redisUrl, redisOptions) as Cluster;
    owned.push(cluster);
    return cluster;
  };
  let connection: ConnectionOptions | undefined;
  return {
    get connection() {
      return (connection ??= connect(false));
    },
    workerConnection: () => connect(true),
    prefixFor: (queue) => bullPrefix(options.keyPrefix, queue, redisUrl),
    processQueues: [...new Set(options.processQueues ?? [])],
    concurrency: options.concurrency ?? 1,
    shutdownTimeoutMs: options.shutdownTimeoutMs ?? 25_000,
    retryDelayMs: options.retryDelayMs,
    lockDurationMs: options.lockDurationMs ?? 30_000,
    async closeOwned() {
      await Promise.all(owned.splice(0).map((cluster) => cluster.quit().catch(() => cluster.disconnect())));
    },
  };
}

/**
 * A BullMQ connection for code that opens queues outside JobsModule (admin's queue board): the URL's options
 * on one Redis (BullMQ opens and ends its own connections, as before), an ioredis Cluster on a cluster URL
 * (BullMQ takes only an instance there, and leaves ending it to its owner: call close() after the queues').
 */
export function bullConnection(redisUrl: string): { connection: ConnectionOptions; close(): Promise<void> } {
  if (!isRedisClusterUrl(redisUrl)) return { connection: { url: redisUrl }, close: async () => undefined };
  const cluster = createRedisConnection(redisUrl) as Cluster;
  return { connection: cluster, close: () => cluster.quit().then(() => undefined, () => cluster.disconnect()) };
}
