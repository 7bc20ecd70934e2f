import { Cluster, Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { bullPrefix } from './jobs/jobs-settings.js';
import { createRedisConnection, isRedisClusterUrl, parseRedisUrl } from './redis.js';

describe('REDIS_URL: one Redis or a cluster (docs/redis-cluster.md)', () => {
  it('keeps redis:// and rediss:// as one Redis, untouched', () => {
    expect(parseRedisUrl('redis://127.0.0.1:6379/2')).toEqual({ kind: 'single', url: 'redis://127.0.0.1:6379/2' });
    expect(isRedisClusterUrl('rediss://cache:6380')).toBe(false);
  });

  it('reads a cluster URL: a seed, more nodes, credentials and TLS', () => {
    expect(parseRedisUrl('rediss+cluster://app:p%40ss@10.0.0.1:7000?nodes=10.0.0.2:7001,[::1]:7002,redis-c')).toEqual({
      kind: 'cluster',
      nodes: [
        { host: '10.0.0.1', port: 7000 },
        { host: '10.0.0.2', port: 7001 },
        { host: '::1', port: 7002 },
        { host: 'redis-c', port: 6379 },
      ],
      username: 'app',
      password: 'p@ss',
      tls: true,
    });
    expect(parseRedisUrl('redis+cluster://h1:7000')).toEqual({ kind: 'cluster', nodes: [{ host: 'h1', port: 7000 }], tls: false });
  });

  it('refuses what a cluster cannot be, naming REDIS_URL', () => {
    expect(() => parseRedisUrl('redis+cluster://h1:7000/1')).toThrow(/REDIS_URL.*database/);
    expect(() => parseRedisUrl('redis+cluster://h1:7000?nodes=h2:7001/x')).toThrow(/REDIS_URL/);
    expect(() => parseRedisUrl('redis+cluster://h1:99999')).toThrow();
  });

  it('builds a Redis for one node and a Cluster for a cluster, without connecting', () => {
    const single = createRedisConnection('redis://127.0.0.1:1', { lazyConnect: true });
    const many = createRedisConnection('redis+cluster://u:pw@127.0.0.1:1?nodes=127.0.0.1:2', { lazyConnect: true, maxRetriesPerRequest: null });
    expect(single).toBeInstanceOf(Redis);
    expect(many).toBeInstanceOf(Cluster);
    expect((many as Cluster).options.redisOptions).toMatchObject({ username: 'u', password: 'pw', maxRetriesPerRequest: null });
    single.disconnect();
    many.disconnect();
  });

  it("gives BullMQ one prefix on one Redis and a per-queue hash-tagged one on a cluster", () => {
    expect(bullPrefix('e2e-42:')).toBe('e2e-42:bull');
    expect(bullPrefix('e2e-42:', 'audit', 'redis://127.0.0.1:6379')).toBe('e2e-42:bull');
    expect(bullPrefix('e2e-42:', 'audit', 'redis+cluster://h1:7000')).toBe('e2e-42:{bull:audit}');
    expect(bullPrefix('', 'bank-sync', 'redis+cluster://h1:7000')).toBe('{bull:bank-sync}');
  });
});
