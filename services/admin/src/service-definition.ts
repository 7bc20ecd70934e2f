import { AuthKitModule, defineService } from '@payday/nest-kit';
import { adminEnvSchema } from './config.js';
import { AdminItem } from './admin-item.entity.js';
import { AdminModule } from './admin.module.js';
import { migrations } from './migrations/index.js';

/** The admin service on the shared skeleton (main.ts, integration tests). */
export const serviceDefinition = defineService({
  name: 'admin',
  env: adminEnvSchema,
  database: { schema: 'admin', entities: [AdminItem], migrations },
  imports: (config) => [AuthKitModule.forRoot(() => ({ jwksUrl: config.AUTH_JWKS_URL })), AdminModule],
});
