import { AuthKitModule, defineService, JobsModule } from '@paycadence/nest-kit';
import { AccountDataModule } from './account-data/account-data.module.js';
import { AccountsModule } from './accounts/accounts.module.js';
import { AuditLogEntry } from './audit/audit-log-entry.entity.js';
import { AuditModule } from './audit/audit.module.js';
import { adminEnvSchema } from './config.js';
import { migrations } from './migrations/index.js';
import { QueueBoardModule } from './queue-board/queue-board.module.js';

/**
 * The admin service on the shared skeleton: the /api/admin routes (accounts through auth, entries through
 * waitlist, both over the Redis transport), the audit log and its `audit` queue, and the operators' queue board.
 */
export const serviceDefinition = defineService({
  name: 'admin',
  env: adminEnvSchema,
  database: { schema: 'admin', entities: [AuditLogEntry], migrations },
  bodyLimit: 16 * 1024,
  // Auth's export and deletion of an account arrive over the Redis transport.
  transport: 'redis',
  imports: (config) => [
    AuthKitModule.forRoot(() => ({ jwksUrl: config.AUTH_JWKS_URL })),
    // Auth's events arrive on the `audit` queue under admin's key prefix (auth's producer uses the same one).
    JobsModule.forRoot(() => ({ redisUrl: config.REDIS_URL, keyPrefix: config.REDIS_KEY_PREFIX, processQueues: ['audit'] })),
    AuditModule,
    AccountsModule,
    QueueBoardModule,
    AccountDataModule,
  ],
});
