import { join } from 'node:path';
import { AuthKitModule, JobsModule, MailModule, defineService } from '@paycadence/nest-kit';
import { AccountDataModule } from './account-data/account-data.module.js';
import { AdminModule } from './admin/admin.module.js';
import { AuditModule } from './audit/audit.module.js';
import { AuthModule } from './auth/auth.module.js';
import { adminQueueKeyPrefix, authEnvSchema } from './config.js';
import { DirectoryModule } from './directory/directory.module.js';
import { EmailConfirmationModule } from './email-confirmation/email-confirmation.module.js';
import { AUTH_ENTITIES } from './entities.js';
import { MfaModule } from './mfa/mfa.module.js';
import { migrations } from './migrations/index.js';
import { SessionsModule } from './sessions/sessions.module.js';
import { ThrottlingModule } from './throttling/throttling.module.js';
import { AuthKeysModule } from './tokens/auth-keys.module.js';
import { loadAuthKeys } from './tokens/auth-keys.js';
import { TokensModule } from './tokens/tokens.module.js';
import { UsersModule } from './users/users.module.js';

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
      UsersModule,
      TokensModule,
      SessionsModule,
      ThrottlingModule,
      AuditModule,
      AuthModule,
      EmailConfirmationModule,
      MfaModule,
      AdminModule,
      AccountDataModule,
      DirectoryModule,
    ];
  },
});
