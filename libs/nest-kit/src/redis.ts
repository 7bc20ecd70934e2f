import { Global, Inject, Module, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';

export const REDIS = Symbol('REDIS');

class RedisCloser implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}
  async onApplicationShutdown() {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

/** One shared ioredis client for the service, closed on shutdown. Inject with `@Inject(REDIS)`. */
@Global()
@Module({})
export class RedisModule {
  static forRoot(url: () => string): DynamicModule {
    return {
      module: RedisModule,
      providers: [
        { provide: REDIS, useFactory: () => new Redis(url(), { maxRetriesPerRequest: 2, lazyConnect: false }) },
        RedisCloser,
      ],
      exports: [REDIS],
    };
  }
}
