import { BANK_SYNC_DEFAULT_KEY_PREFIX } from '@payday/contracts';
import { baseEnvSchema } from '@payday/nest-kit';
import { z } from 'zod';

/** Finance verifies bearer tokens against the auth service's key set (DESIGN §4). */
export const financeEnvSchema = baseEnvSchema.extend({
  AUTH_JWKS_URL: z.string().url().default('http://127.0.0.1:3102/.well-known/jwks.json'),
  /** How long POST /sync-bank-data waits for bank-sync's reply over the Redis transport before falling back. */
  BANK_SYNC_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  /** How long finance waits for household's answer about a user's memberships (shared bills and income). */
  HOUSEHOLD_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(2000),
  /**
   * After household failed to answer, reads skip asking it (the user's personal items only) for this long, so a
   * household outage costs each dashboard one timeout at most per period rather than on every request. 0: always ask.
   */
  HOUSEHOLD_RETRY_AFTER_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  /**
   * How long a membership answer may be reused while its membership version holds (KeptMemberships): the bound on
   * staleness when household could not replace a version, and on a member's renamed display name. 0: always ask.
   */
  MEMBERSHIPS_MAX_AGE_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
  /**
   * The stack's Redis key prefix. Finance writes one kind of key: the `sync-user` job of POST /sync-bank-data's
   * fallback, on bank-sync's BullMQ queue, so it must be bank-sync's REDIS_KEY_PREFIX. A stack that sets one
   * prefix for every service (tools/bin/test.mjs) needs nothing more; unset, both default to 'bank-sync:'.
   */
  REDIS_KEY_PREFIX: z.string().min(1).optional(),
  /** bank-sync's REDIS_KEY_PREFIX when a deployment gives bank-sync a prefix of its own. */
  BANK_SYNC_REDIS_KEY_PREFIX: z.string().min(1).optional(),
});

/** The key prefix of bank-sync's BullMQ queue, as bank-sync computes it (JobsModule keyPrefix). */
export const bankSyncQueueKeyPrefix = (config: FinanceConfig): string =>
  config.BANK_SYNC_REDIS_KEY_PREFIX ?? config.REDIS_KEY_PREFIX ?? BANK_SYNC_DEFAULT_KEY_PREFIX;
export type FinanceConfig = z.output<typeof financeEnvSchema>;
