import { join } from 'node:path';
import { AuthKitModule, JobsModule, MailModule, defineService } from '@payday/nest-kit';
import { adminQueueKeyPrefix, authEnvSchema } from './config.js';
import { DirectoryModule } from './directory/directory.module.js';
import { AUTH_ENTITIES, IdentityModule } from './identity.module.js';
import { migrations } from './migrations/index.js';
import { AuthKeysModule } from './tokens/auth-keys.module.js';
import { loadAuthKeys } from './tokens/auth-keys.js';

/** The auth service on the shared skeleton (main.ts, the integration tests, the admin:create entry). */
export const serviceDefinition = defineService({
  name: 'auth',
  env: authEnvSchema,
  database: { schema: 'auth', entities: AUTH_ENTITIES, migrations },
  bodyLimit: 16 * 1024,
  // The admin service's account questions (AUTH_ADMIN_PATTERNS) arrive over the Redis transport.
  transport: 'redis',
  imports: (config) => {
    // Loaded synchronously before the modules exist: the guard verifies with these keys, never over HTTP.
    const keys = loadAuthKeys(config);
    return [
      AuthKeysModule.forRoot(keys),
      AuthKitModule.forRoot(() => ({ jwks: keys.jwks })),
      // Producer only (no processQueues): audit events go to admin's `audit` queue, under admin's key prefix.
      JobsModule.forRoot(() => ({ redisUrl: config.REDIS_URL, keyPrefix: adminQueueKeyPrefix(config) })),
      MailModule.forRoot(() => ({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, outboxDir: join(config.DATA_DIR, 'outbox') })),
      IdentityModule,
      DirectoryModule,
    ];
  },
});
