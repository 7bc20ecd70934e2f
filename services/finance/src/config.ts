import { baseEnvSchema } from '@payday/nest-kit';
import { z } from 'zod';

/** Finance verifies bearer tokens against the auth service's key set (DESIGN §4). */
export const financeEnvSchema = baseEnvSchema.extend({
  AUTH_JWKS_URL: z.string().url().default('http://127.0.0.1:3102/.well-known/jwks.json'),
  /** How long POST /sync-bank-data waits for bank-sync's reply over the Redis transport before falling back. */
  BANK_SYNC_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
});
export type FinanceConfig = z.output<typeof financeEnvSchema>;
