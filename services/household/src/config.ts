import { baseEnvSchema } from '@payday/nest-kit';
import { z } from 'zod';

/** What every service reads, plus the auth service's key set that the AuthGuard verifies tokens against. */
export const householdEnvSchema = baseEnvSchema.extend({
  AUTH_JWKS_URL: z.string().url().default('http://127.0.0.1:3102/.well-known/jwks.json'),
});
export type HouseholdConfig = z.output<typeof householdEnvSchema>;
