import { ADMIN_DEFAULT_KEY_PREFIX, BANK_SYNC_DEFAULT_KEY_PREFIX } from '@paycadence/contracts';
import { baseEnvSchema } from '@paycadence/nest-kit';
import { z } from 'zod';

/**
 * Admin's environment: the auth service's key set (the AuthGuard and the queue board verify tokens with it),
 * its Redis key prefix (the `audit` queue lives under it, so auth's producer must use the same one), bank-sync's
 * (the queue board shows bank-sync's queue) and how long a question to auth, and one to waitlist, may take.
 */
export const adminEnvSchema = baseEnvSchema
  .extend({
    PORT: z.coerce.number().int().min(1).max(65535).default(3105),
    AUTH_JWKS_URL: z.string().url().default('http://127.0.0.1:3102/.well-known/jwks.json'),
    /** Unset: ADMIN_DEFAULT_KEY_PREFIX. A stack that sets one prefix for every service sets it here too. */
    REDIS_KEY_PREFIX: z.string().min(1).optional(),
    /** bank-sync's REDIS_KEY_PREFIX when a deployment gives bank-sync a prefix of its own. */
    BANK_SYNC_REDIS_KEY_PREFIX: z.string().min(1).optional(),
    /** How long admin waits for auth's reply over the Redis transport before answering 503. */
    AUTH_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
    /** How long admin waits for waitlist's reply over the Redis transport before answering 503. */
    WAITLIST_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  })
  .transform((env) => ({
    ...env,
    REDIS_KEY_PREFIX: env.REDIS_KEY_PREFIX ?? ADMIN_DEFAULT_KEY_PREFIX,
    // As finance computes it (services/finance/src/config.ts): bank-sync's own, else the stack-wide one if set.
    BANK_SYNC_QUEUE_KEY_PREFIX: env.BANK_SYNC_REDIS_KEY_PREFIX ?? env.REDIS_KEY_PREFIX ?? BANK_SYNC_DEFAULT_KEY_PREFIX,
  }));
export type AdminConfig = z.output<typeof adminEnvSchema>;
