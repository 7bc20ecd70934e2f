import { BANK_SYNC_DEFAULT_KEY_PREFIX } from '@paycadence/contracts';
import { baseEnvSchema, defaultDataDir, optionalText } from '@paycadence/nest-kit';
import { resolve } from 'node:path';
import { z } from 'zod';

/** Finance verifies bearer tokens against the auth service's key set (docs/security.md). */
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
  // Reminder e-mails, sent by the finance worker (dist/worker.js).
  /** The gateway's origin: unsubscribe links are `${APP_URL}/api/financial/reminders/unsubscribe#token=<token>`. */
  APP_URL: z.string().url().default('http://localhost:8080'),
  DATA_DIR: optionalText,
  /** SMTP for reminders; unset: JSON files in DATA_DIR/outbox (refused when NODE_ENV=production). */
  SMTP_URL: optionalText,
  MAIL_FROM: z.string().default('PayCadence <no-reply@paycadence.app>'),
  /** How often the worker looks for reminders due now (each is sent once however often it looks). */
  REMINDERS_SCAN_EVERY_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(5 * 60_000),
  /** How long the worker waits for auth's answer with a user's e-mail address (the job is retried after). */
  AUTH_DIRECTORY_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  /**
   * The key prefix of finance's own BullMQ queue ('reminders'); defaults to REDIS_KEY_PREFIX, else 'finance:'
   * (the finance Redis user's keys, k8s/base/redis/users.acl).
   */
  FINANCE_JOBS_KEY_PREFIX: z.string().min(1).optional(),
  // Reminders on devices (Web Push, docs/reminders.md "Push"): the VAPID key pair that signs every push. The HTTP
  // service hands out the public key and the worker signs with the private one, so both must hold the same pair.
  /** The uncompressed P-256 public key, base64url (87 characters), as web-push's generateVAPIDKeys writes it. */
  VAPID_PUBLIC_KEY: optionalText.pipe(z.string().regex(/^[A-Za-z0-9_-]{87}$/, 'must be 87 base64url characters (a P-256 public key)').optional()),
  /** Its private key, base64url (43 characters). Unset with the public one: generated once under DATA_DIR/finance. */
  VAPID_PRIVATE_KEY: optionalText.pipe(z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'must be 43 base64url characters (a P-256 private key)').optional()),
  /** Whom a push service may contact about our pushes; unset: `mailto:` the address of MAIL_FROM. */
  VAPID_SUBJECT: optionalText.pipe(z.string().regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'must be a mailto: or https: URL').optional()),
  /**
   * Production needs the VAPID keys (replicas and workers generating their own would each refuse the others'
   * subscriptions); `true` lets a single host with one shared DATA_DIR use the generated-once file.
   */
  FINANCE_GENERATE_KEYS: optionalText
    .pipe(z.enum(['true', 'false'], { error: 'must be true or false' }).optional())
    .transform((value) => value === 'true'),
  /**
   * Tests and local runs only: accept subscriptions to http://127.0.0.1 (the local test push service). Otherwise a
   * push goes only to https on a public address, since the endpoint is a URL any signed-in person may send.
   */
  PUSH_ALLOW_LOCAL_ENDPOINTS: optionalText
    .pipe(z.enum(['true', 'false'], { error: 'must be true or false' }).optional())
    .transform((value) => value === 'true'),
  /** How long the worker waits for a push service's answer (the job is retried after). */
  PUSH_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
}).superRefine((env, context) => {
  if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) {
    const missing = env.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY';
    context.addIssue({ code: 'custom', path: [missing], message: 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together' });
  }
  if (env.NODE_ENV === 'production' && !env.FINANCE_GENERATE_KEYS && !env.VAPID_PRIVATE_KEY) {
    context.addIssue({
      code: 'custom',
      path: ['VAPID_PRIVATE_KEY'],
      message:
        'required when NODE_ENV=production (the service and every worker must share it); set FINANCE_GENERATE_KEYS=true to generate it once under DATA_DIR on a single host',
    });
  }
  if (env.NODE_ENV === 'production' && env.PUSH_ALLOW_LOCAL_ENDPOINTS) {
    context.addIssue({ code: 'custom', path: ['PUSH_ALLOW_LOCAL_ENDPOINTS'], message: 'must not be true when NODE_ENV=production' });
  }
});

/** The key prefix of bank-sync's BullMQ queue, as bank-sync computes it (JobsModule keyPrefix). */
export const bankSyncQueueKeyPrefix = (config: FinanceConfig): string =>
  config.BANK_SYNC_REDIS_KEY_PREFIX ?? config.REDIS_KEY_PREFIX ?? BANK_SYNC_DEFAULT_KEY_PREFIX;
export type FinanceConfig = z.output<typeof financeEnvSchema>;

/** The key prefix of finance's own 'reminders' queue (its worker and any producer of it must agree). */
export const financeQueueKeyPrefix = (config: FinanceConfig): string => config.FINANCE_JOBS_KEY_PREFIX ?? config.REDIS_KEY_PREFIX ?? 'finance:';
/** Where reminder e-mails land without SMTP. */
export const financeDataDir = (config: FinanceConfig): string => (config.DATA_DIR ? resolve(config.DATA_DIR) : defaultDataDir());

/** VAPID_SUBJECT, else `mailto:` the address in MAIL_FROM (`PayCadence <no-reply@paycadence.app>`). */
export function vapidSubject(config: FinanceConfig): string {
  if (config.VAPID_SUBJECT) return config.VAPID_SUBJECT;
  const from = config.MAIL_FROM.trim();
  const open = from.lastIndexOf('<');
  const address = open !== -1 && from.endsWith('>') ? from.slice(open + 1, -1).trim() : from;
  return `mailto:${address}`;
}
