import { Module } from '@nestjs/common';
import { join } from 'node:path';
import { AuthKitModule, HealthModule, MailModule, RedisModule, databaseModule } from '@payday/nest-kit';
import { systemClock, type Clock } from './common/clock.js';
import type { AuthConfig } from './config.js';
import { AUTH_ENTITIES, IdentityModule } from './identity.module.js';
import { migrations } from './migrations/index.js';
import { loadAuthKeys, localKeySet } from './tokens/auth-keys.js';

export const AUTH_SCHEMA = 'auth';

/** The app module for a given configuration (tests pass their own schema and, where needed, a clock). */
export function createAppModule(config: AuthConfig, schema = AUTH_SCHEMA, clock: Clock = systemClock) {
  // Loaded synchronously before the module exists: the guard verifies with these keys, never over HTTP.
  const keys = loadAuthKeys(config);

  @Module({
    imports: [
      databaseModule(() => ({ url: config.DATABASE_URL, schema, entities: AUTH_ENTITIES, migrations })),
      RedisModule.forRoot(() => config.REDIS_URL),
      AuthKitModule.forRoot(() => ({ keys: localKeySet(keys) })),
      MailModule.forRoot(() => ({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, outboxDir: join(config.DATA_DIR, 'outbox') })),
      HealthModule,
      IdentityModule.register(config, keys, clock),
    ],
  })
  class AppModule {}
  return AppModule;
}
