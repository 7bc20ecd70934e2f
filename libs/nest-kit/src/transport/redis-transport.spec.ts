import { Transport } from '@nestjs/microservices';
import { describe, expect, it } from 'vitest';
import { ClusterClientRedis, ClusterServerRedis, createRedisClient, redisTransportOptions } from './redis-transport.js';

describe('redisTransportOptions', () => {
  it('takes host and port from a plain URL', () => {
    expect(redisTransportOptions('redis://127.0.0.1:6379')).toMatchObject({
      transport: Transport.REDIS,
      options: { host: '127.0.0.1', port: 6379 },
    });
  });

  it('carries credentials, database number and TLS', () => {
    const { options } = redisTransportOptions('rediss://app:p%40ss@cache.internal:6380/2');
    expect(options).toMatchObject({ host: 'cache.internal', port: 6380, username: 'app', password: 'p@ss', db: 2, tls: {} });
  });

  it('defaults the port and refuses other schemes', () => {
    expect(redisTransportOptions('redis://redis').options).toMatchObject({ host: 'redis', port: 6379 });
    expect(() => redisTransportOptions('http://redis:6379')).toThrow(/redis:\/\//);
  });
});

describe('redisTransportOptions on a cluster URL', () => {
  it('gives the transport on an ioredis Cluster, as a custom strategy', () => {
    const options = redisTransportOptions('redis+cluster://127.0.0.1:7000?nodes=127.0.0.1:7001');
    expect('strategy' in options && options.strategy).toBeInstanceOf(ClusterServerRedis);
    expect(createRedisClient('redis+cluster://127.0.0.1:7000')).toBeInstanceOf(ClusterClientRedis);
    expect(() => redisTransportOptions('redis+cluster://127.0.0.1:7000/3')).toThrow(/database/);
  });
});
