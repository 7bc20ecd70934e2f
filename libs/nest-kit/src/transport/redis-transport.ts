import { ClientProxyFactory, Transport, type ClientProxy, type RedisOptions } from '@nestjs/microservices';

/**
 * The @nestjs/microservices Redis transport options for a `redis://` or `rediss://` URL (REDIS_URL), used
 * alike by a service listening (`app.connectMicroservice(redisTransportOptions(url))`) and by a sender
 * (`createRedisClient(url)`). The transport takes host/port rather than a URL, so credentials, the
 * database number and TLS are carried over explicitly.
 */
export function redisTransportOptions(url: string): RedisOptions & { transport: Transport.REDIS } {
  const parsed = new URL(url);
  if (parsed.protocol !== 'redis:' && parsed.protocol !== 'rediss:') {
    throw new Error(`REDIS_URL must start with redis:// or rediss://, got "${parsed.protocol}"`);
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
      // Keep reconnecting (with a pause) rather than give up while Redis restarts.
      retryAttempts: Number.MAX_SAFE_INTEGER,
      retryDelay: 1000,
    },
  };
}

/** A request/reply and event client over the Redis transport; call `connect()` before use, `close()` after. */
export function createRedisClient(url: string): ClientProxy {
  return ClientProxyFactory.create(redisTransportOptions(url));
}
