import { join } from 'node:path';
import { AuthKitModule, defineService, MailModule } from '@paycadence/nest-kit';
import { AccountDataModule } from './account-data/account-data.module.js';
import { householdEnvSchema } from './config.js';
import { DirectoryModule } from './directory/directory.module.js';
import { HOUSEHOLD_ENTITIES } from './entities.js';
import { EventsModule } from './events/events.module.js';
import { HouseholdRoutesModule } from './households/household-routes.module.js';
import { HouseholdsModule } from './households/households.module.js';
import { InvitationsModule } from './invitations/invitations.module.js';
import { MembershipVersionsModule } from './memberships/membership-versions.module.js';
import { MembershipsModule } from './memberships/memberships.module.js';
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
    DirectoryModule,
    EventsModule,
    MembershipVersionsModule,
    HouseholdsModule,
    InvitationsModule,
    HouseholdRoutesModule,
    MembershipsModule,
    AccountDataModule,
  ],
});
