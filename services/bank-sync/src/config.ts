import { baseEnvSchema } from '@payday/nest-kit';
import { z } from 'zod';

const optionalText = z
  .string()
  .optional()
  .transform((value) => (value && value.trim() ? value.trim() : undefined));

/**
 * Bank sync's environment. Without PLAID_CLIENT_ID / PLAID_SECRET the launcher starts the Plaid emulator
 * (tools/plaid-emulator) and passes its URL as PLAID_BASE_URL with the emulator's keys; with real keys
 * PLAID_ENV picks Plaid's sandbox or production and PLAID_BASE_URL stays unset.
 */
export const bankSyncEnvSchema = baseEnvSchema.extend({
  PORT: z.coerce.number().int().min(1).max(65535).default(3104),
  AUTH_JWKS_URL: z.string().url().default('http://127.0.0.1:3102/.well-known/jwks.json'),
  /** Every Redis key this service writes (BullMQ included) starts with this. */
  REDIS_KEY_PREFIX: z.string().min(1).default('bank-sync:'),
  PLAID_CLIENT_ID: optionalText,
  PLAID_SECRET: optionalText,
  PLAID_ENV: z.enum(['sandbox', 'production']).default('sandbox'),
  /** An emulator's URL; overrides PLAID_ENV's host. */
  PLAID_BASE_URL: optionalText.pipe(z.string().url().optional()),
  /** Where Plaid sends webhooks (the gateway's public /api/plaid-production/webhook); unset: no webhooks. */
  PLAID_WEBHOOK_URL: optionalText.pipe(z.string().url().optional()),
  /** 64 hex characters: the AES-256-GCM key for Plaid access tokens. Unset: generated once under DATA_DIR. */
  BANK_TOKEN_KEY: optionalText.pipe(z.string().regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex characters (32 bytes)').optional()),
  DATA_DIR: optionalText,
  /** Imports run at once per worker process. */
  SYNC_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(2),
});
export type BankSyncConfig = z.output<typeof bankSyncEnvSchema>;
