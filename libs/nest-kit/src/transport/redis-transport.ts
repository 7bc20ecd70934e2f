import { ClientProxyFactory, ClientRedis, ServerRedis, Transport, type ClientProxy, type CustomStrategy, type RedisOptions } from '@nestjs/microservices';
import type { Redis } from 'ioredis';
import { createRedisConnection, isRedisClusterUrl, parseRedisUrl } from '../redis.js';

type TransportOptions = Required<RedisOptions>['options'];

/** Keep reconnecting (with a pause) rather than give up while Redis restarts. */
const RETRY = { retryAttempts: Number.MAX_SAFE_INTEGER, retryDelay: 1000 } as const;

/**
 * The @nestjs/microservices Redis transport options for a `redis://` or `rediss://` URL (REDIS_URL), used
 * alike by a service listening (`app.connectMicroservice(redisTransportOptions(url))`) and by a sender
 * (`createRedisClient(url)`). The transport takes host/port rather than a URL, so credentials, the
 * database number and TLS are carried over explicitly. A cluster URL (`redis+cluster://`, docs/redis-cluster.md)
 * gets the same transport on an ioredis Cluster instead: a custom strategy, since the stock one only makes
 * single-node clients.
 */
export function redisTransportOptions(url: string): (RedisOptions & { transport: Transport.REDIS }) | CustomStrategy {
  if (isRedisClusterUrl(url)) {
    parseRedisUrl(url); // a malformed cluster URL fails here, at start-up
    return { strategy: new ClusterServerRedis(url, { ...RETRY }) };
  }
  const parsed = new URL(url);
  if (parsed.protocol !== 'redis:' && parsed.protocol !== 'rediss:') {
    throw new Error(`REDIS_URL must start with redis://, rediss:// or redis+cluster://, got "${parsed.protocol}"`);
  }
  const db = parsed.pathname.replace(/^\//, '');
  return {
    transport: Transport.REDIS,
    options: {
      host: parsed.hostname || '127.0.0.1',
      port: parsed.port ? Number(parsed.port) : 6379,
      ...(parsed.username ? { username: decodeURIComponent(parsed.username) } : {}),
      ...(parsed.password ? { password: decodeURIComponent(parsed.password) } : {}),
      ...(db ? { db: Number(db) } : {}),
      ...(parsed.protocol === 'rediss:' ? { tls: {} } : {}),
      ...RETRY,
    },
  };
}

/**
 * A pub/sub client pair member on a cluster. Classic SUBSCRIBE/PUBLISH is broadcast to every node of a Redis
 * Cluster, and ioredis' Cluster subscribes through one node of its choice (moving when that node goes), so the
 * transport's channels behave as on one Redis. The transport's own retry rule (retryAttempts, retryDelay)
 * drives the cluster's reconnection, as it drives a single client's.
 */
function clusterClient(url: string, retry: (times: number) => number | undefined | void): Redis {
  // The stock transport types its clients as Redis; a Cluster answers the same calls it makes
  // (connect, subscribe, publish, on, quit).
  return createRedisConnection(url, { lazyConnect: true }, { clusterRetryStrategy: (times) => retry(times) ?? null }) as unknown as Redis;
}

/** The transport's listening side on a Redis Cluster. */
export class ClusterServerRedis extends ServerRedis {
  constructor(
    private readonly url: string,
    options: TransportOptions,
  ) {
    super(options);
  }

  override async createRedisClient(): Promise<Redis> {
    return clusterClient(this.url, (times) => this.createRetryStrategy(times));
  }
}

/** The transport's sending side (ask/emit) on a Redis Cluster. */
export class ClusterClientRedis extends ClientRedis {
  constructor(
    private readonly url: string,
    options: TransportOptions,
  ) {
    super(options);
  }

  override async createClient(): Promise<Redis> {
    return clusterClient(this.url, (times) => this.createRetryStrategy(times));
  }
}

/** A request/reply and event client over the Redis transport; call `connect()` before use, `close()` after. */
export function createRedisClient(url: string): ClientProxy {
  if (isRedisClusterUrl(url)) {
    parseRedisUrl(url);
    return new ClusterClientRedis(url, { ...RETRY }) as unknown as ClientProxy;
  }
  return ClientProxyFactory.create(redisTransportOptions(url) as RedisOptions & { transport: Transport.REDIS });
}
