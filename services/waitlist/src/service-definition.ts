import { defineService } from '@paycadence/nest-kit';
import { AccountDataModule } from './account-data/account-data.module.js';
import { waitlistEnvSchema } from './config.js';
import { migrations } from './migrations/index.js';
import { WaitlistEntry } from './waitlist/waitlist-entry.entity.js';
import { WaitlistModule } from './waitlist/waitlist.module.js';

/** The waitlist service on the shared skeleton (main.ts, integration tests). */
export const serviceDefinition = defineService({
  name: 'waitlist',
  env: waitlistEnvSchema,
  database: { schema: 'waitlist', entities: [WaitlistEntry], migrations },
  bodyLimit: 16 * 1024,
  // The admin service lists, looks up and removes entries over the Redis transport (WAITLIST_ADMIN_PATTERNS).
  transport: 'redis',
  imports: () => [WaitlistModule, AccountDataModule],
});
