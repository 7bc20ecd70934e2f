import { baseEnvSchema } from '@payday/nest-kit';
import { z } from 'zod';

/** Finance verifies bearer tokens against the auth service's key set (DESIGN §4). */
export const financeEnvSchema = baseEnvSchema.extend({
  AUTH_JWKS_URL: z.string().url().default('http://127.0.0.1:3102/.well-known/jwks.json'),
});
export type FinanceConfig = z.output<typeof financeEnvSchema>;
