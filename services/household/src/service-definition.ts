import { join } from 'node:path';
import { AuthKitModule, defineService, MailModule } from '@payday/nest-kit';
import { householdEnvSchema } from './config.js';
import { HOUSEHOLD_ENTITIES, HouseholdModule } from './household.module.js';
import { migrations } from './migrations/index.js';

/**
 * The household service on the shared skeleton (main.ts, integration tests): /api/household over HTTP,
 * finance's membership question over the Redis transport, members' names asked of auth over the same transport,
 * invitation e-mails as auth sends its own (SMTP_URL, else DATA_DIR/outbox).
 */
export const serviceDefinition = defineService({
  name: 'household',
  env: householdEnvSchema,
  database: { schema: 'household', entities: HOUSEHOLD_ENTITIES, migrations },
  bodyLimit: 16 * 1024,
  transport: 'redis',
  imports: (config) => [
    AuthKitModule.forRoot(() => ({ jwksUrl: config.AUTH_JWKS_URL })),
    MailModule.forRoot(() => ({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, outboxDir: join(config.DATA_DIR, 'outbox') })),
    HouseholdModule,
  ],
});
