import { resolve } from 'node:path';
import { BANK_SYNC_DEFAULT_KEY_PREFIX } from '@paycadence/contracts';
import { baseEnvSchema, defaultDataDir, optionalText } from '@paycadence/nest-kit';
import { z } from 'zod';

/**
 * Bank sync's environment. Without PLAID_CLIENT_ID / PLAID_SECRET the launcher starts the Plaid emulator
 * (tools/plaid-emulator) and passes its URL as PLAID_BASE_URL with the emulator's keys; with real keys
 * PLAID_ENV picks Plaid's sandbox or production and PLAID_BASE_URL stays unset.
 */
export const bankSyncEnvSchema = baseEnvSchema
  .extend({
    PORT: z.coerce.number().int().min(1).max(65535).default(3104),
    AUTH_JWKS_URL: z.string().url().default('http://127.0.0.1:3102/.well-known/jwks.json'),
    /** Every Redis key this service writes (BullMQ included) starts with this. */
    REDIS_KEY_PREFIX: z.string().min(1).default(BANK_SYNC_DEFAULT_KEY_PREFIX),
    PLAID_CLIENT_ID: optionalText,
    PLAID_SECRET: optionalText,
    PLAID_ENV: z.enum(['sandbox', 'production']).default('sandbox'),
    /** An emulator's URL; overrides PLAID_ENV's host. */
    PLAID_BASE_URL: optionalText.pipe(z.string().url().optional()),
    /** Where Plaid sends webhooks (the gateway's public /api/plaid-production/webhook); unset: no webhooks. */
    PLAID_WEBHOOK_URL: optionalText.pipe(z.string().url().optional()),
    /** 64 hex characters: the AES-256-GCM key for Plaid access tokens. Unset: generated once under DATA_DIR. */
    BANK_TOKEN_KEY: optionalText.pipe(
      z
        .string()
        .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex characters (32 bytes)')
        .optional(),
    ),
    DATA_DIR: optionalText,
    /**
     * Production needs BANK_TOKEN_KEY (replicas generating their own keys could not read each other's tokens);
     * `true` opts a single-instance production run (one persistent DATA_DIR) into the generated-once key file.
     */
    BANK_SYNC_GENERATE_KEYS: optionalText
      .pipe(z.enum(['true', 'false'], { error: 'must be true or false' }).optional())
      .transform((value) => value === 'true'),
    /** Imports run at once per worker process. */
    SYNC_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(2),
    /** Replaces the first retry delay of every job (the registry says 5 s for a sync; it doubles each attempt); tests shorten it. */
    SYNC_RETRY_DELAY_MS: z.coerce.number().int().min(1).max(600_000).optional(),
    /** A killed worker's running import is taken up again by another worker after about this long. */
    SYNC_JOB_LOCK_MS: z.coerce.number().int().min(1_000).max(600_000).default(30_000),
    /** Delay before recurring detection runs after a sync: a burst of item syncs collapses into one run. */
    DETECT_DEBOUNCE_MS: z.coerce.number().int().min(0).max(600_000).default(3_000),
  })
  .superRefine((env, context) => {
    if (env.NODE_ENV === 'production' && !env.BANK_SYNC_GENERATE_KEYS && !env.BANK_TOKEN_KEY) {
      context.addIssue({
        code: 'custom',
        path: ['BANK_TOKEN_KEY'],
        message:
          'required when NODE_ENV=production (every replica must share it); set BANK_SYNC_GENERATE_KEYS=true to generate it once under DATA_DIR on a single instance',
      });
    }
  })
  .transform((env) => ({ ...env, DATA_DIR: env.DATA_DIR ? resolve(env.DATA_DIR) : defaultDataDir() }));
export type BankSyncConfig = z.output<typeof bankSyncEnvSchema>;
