import { Global, Inject, Module, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import { Cluster, Redis, type ClusterOptions, type RedisOptions } from 'ioredis';

export const REDIS = Symbol('REDIS');

/** A client of either kind: ioredis' Cluster speaks the same commands as a single Redis. */
export type RedisClient = Redis | Cluster;

export interface RedisNode {
  host: string;
  port: number;
}

/**
 * What REDIS_URL names (docs/redis-cluster.md). `redis://` and `rediss://` are one Redis, as always; a
 * `redis+cluster://` (TLS: `rediss+cluster://`) URL is a Redis Cluster: its host is one seed node and
 * `?nodes=h2:p2,h3:p3` adds more, so start-up survives a seed being down. One seed is enough: the client
 * learns every node from the cluster itself. Keeping one URL keeps REDIS_URL the only setting.
 */
export type RedisTarget =
  | { kind: 'single'; url: string }
  | { kind: 'cluster'; nodes: RedisNode[]; username?: string; password?: string; tls: boolean };

const CLUSTER_PROTOCOLS: Record<string, boolean> = { 'redis+cluster:': false, 'rediss+cluster:': true };
const DEFAULT_PORT = 6379;

/** Is this REDIS_URL a Redis Cluster? (Decided by its scheme alone; never throws.) */
export function isRedisClusterUrl(url: string): boolean {
  return /^rediss?\+cluster:\/\//i.test(url.trim());
}

function parseNode(text: string): RedisNode {
  // host:port, [v6]:port or a bare host; parsed by URL so an IPv6 literal keeps its colons.
  const parsed = new URL(`redis://${text.trim()}`);
  if (!parsed.hostname || parsed.pathname.replace(/^\//, '') || parsed.username) {
    throw new Error(`REDIS_URL: "${text}" is not a host:port of a cluster node`);
  }
  return { host: parsed.hostname.replace(/^\[(.*)\]$/, '$1'), port: parsed.port ? Number(parsed.port) : DEFAULT_PORT };
}

/** Reads REDIS_URL; a malformed cluster URL throws naming what is wrong (start-up fails, docs/conventions.md §1). */
export function parseRedisUrl(url: string): RedisTarget {
  if (!isRedisClusterUrl(url)) return { kind: 'single', url };
  const parsed = new URL(url.trim());
  const tls = CLUSTER_PROTOCOLS[parsed.protocol.toLowerCase()];
  // A cluster has database 0 only: a database number would silently mean something else than on one Redis.
  if (parsed.pathname.replace(/^\//, '')) throw new Error('REDIS_URL: a Redis Cluster has no database number; drop the path');
  const seeds = [`${parsed.host}`, ...parsed.searchParams.getAll('nodes').flatMap((list) => list.split(','))].filter((node) => node.trim());
  if (!parsed.hostname) throw new Error('REDIS_URL: a cluster URL needs at least one node');
  return {
    kind: 'cluster',
    nodes: seeds.map(parseNode),
    ...(parsed.username ? { username: decodeURIComponent(parsed.username) } : {}),
    ...(parsed.password ? { password: decodeURIComponent(parsed.password) } : {}),
    tls,
  };
}

/** The options that apply to each node connection of a cluster (the Cluster itself owns the others). */
function perNodeOptions(options: RedisOptions): ClusterOptions['redisOptions'] {
  const { lazyConnect: _lazy, retryStrategy: _retry, enableOfflineQueue: _offline, host: _host, port: _port, ...perNode } = options;
  return perNode;
}

/**
 * The one place a Redis connection is made from REDIS_URL: `new Redis(url, options)` for one Redis (exactly as
 * before), or ioredis' Cluster over the URL's nodes with `options` applied to every node connection.
 * `clusterOptions` adds cluster-only settings (a retry strategy, say).
 */
export function createRedisConnection(url: string, options: RedisOptions = {}, clusterOptions: ClusterOptions = {}): RedisClient {
  const target = parseRedisUrl(url);
  if (target.kind === 'single') return new Redis(url, options);
  return new Cluster(target.nodes, {
    ...(options.lazyConnect !== undefined ? { lazyConnect: options.lazyConnect } : {}),
    ...(options.enableOfflineQueue !== undefined ? { enableOfflineQueue: options.enableOfflineQueue } : {}),
    ...clusterOptions,
    redisOptions: {
      ...(target.username ? { username: target.username } : {}),
      ...(target.password ? { password: target.password } : {}),
      ...(target.tls ? { tls: {} } : {}),
      ...perNodeOptions(options),
      ...clusterOptions.redisOptions,
    },
  });
}

/**
 * A new connection to the same Redis or cluster with some options changed (a subscriber needs a connection of
 * its own). Cluster's duplicate() takes start-up nodes first and cluster options second, so the per-node
 * options go under `redisOptions` there.
 */
export function duplicateRedis(client: RedisClient, options: RedisOptions = {}): RedisClient {
  if (client instanceof Cluster) {
    return client.duplicate([], { redisOptions: { ...client.options.redisOptions, ...perNodeOptions(options) } });
  }
  return client.duplicate(options);
}

/**
 * How many connections are subscribed to `channel` now. On a cluster, classic pub/sub is broadcast to every node but
 * PUBSUB NUMSUB answers only for the node asked, so the count of every primary is added up.
 */
export async function channelSubscribers(client: RedisClient, channel: string): Promise<number> {
  const count = async (node: Redis) => Number(((await node.pubsub('NUMSUB', channel)) as [string, number])[1]);
  if (!(client instanceof Cluster)) return count(client);
  // A cluster client knows its nodes once it has loaded the slots; any command waits for that.
  if (client.nodes('master').length === 0) await client.ping();
  const counts = await Promise.all(client.nodes('master').map(count));
  return counts.reduce((sum, n) => sum + n, 0);
}

class RedisCloser implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: RedisClient) {}
  async onApplicationShutdown() {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

/**
 * One shared ioredis client for the service, closed on shutdown. Inject with `@Inject(REDIS)`. On a cluster URL
 * it is an ioredis Cluster, which answers the same commands (keys of one multi-key command or script must share
 * a hash tag: docs/redis-cluster.md).
 */
@Global()
@Module({})
export class RedisModule {
  static forRoot(url: () => string): DynamicModule {
    return {
      module: RedisModule,
      providers: [
        { provide: REDIS, useFactory: () => createRedisConnection(url(), { maxRetriesPerRequest: 2, lazyConnect: false }) },
        RedisCloser,
      ],
      exports: [REDIS],
    };
  }
}
