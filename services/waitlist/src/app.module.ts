import { Module } from '@nestjs/common';
import { HealthModule, RedisModule, databaseModule } from '@payday/nest-kit';
import type { WaitlistConfig } from './config.js';
import { migrations } from './migrations/index.js';
import { WaitlistEntry } from './waitlist/waitlist-entry.entity.js';
import { WaitlistModule } from './waitlist/waitlist.module.js';

export const WAITLIST_SCHEMA = 'waitlist';

/** The app module for a given configuration (tests pass their own schema). */
export function createAppModule(config: WaitlistConfig, schema = WAITLIST_SCHEMA) {
  @Module({
    imports: [
      databaseModule(() => ({ url: config.DATABASE_URL, schema, entities: [WaitlistEntry], migrations })),
      RedisModule.forRoot(() => config.REDIS_URL),
      HealthModule,
      WaitlistModule,
    ],
  })
  class AppModule {}
  return AppModule;
}
