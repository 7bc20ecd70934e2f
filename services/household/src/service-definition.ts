import { AuthKitModule, defineService } from '@payday/nest-kit';
import { householdEnvSchema } from './config.js';
import { HouseholdItem } from './household-item.entity.js';
import { HouseholdModule } from './household.module.js';
import { migrations } from './migrations/index.js';

/** The household service on the shared skeleton (main.ts, integration tests). */
export const serviceDefinition = defineService({
  name: 'household',
  env: householdEnvSchema,
  database: { schema: 'household', entities: [HouseholdItem], migrations },
  imports: (config) => [AuthKitModule.forRoot(() => ({ jwksUrl: config.AUTH_JWKS_URL })), HouseholdModule],
});
