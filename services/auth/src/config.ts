import { resolve } from 'node:path';
import { z } from 'zod';
import { adminQueueKeyPrefix as adminQueueKeyPrefixRule } from '@paycadence/contracts';
import { baseEnvSchema, defaultDataDir, optionalText } from '@paycadence/nest-kit';

/**
 * argon2id cost (docs/security.md). OWASP's floor is 19 MiB, 2 iterations, parallelism 1; production never goes
 * below it. Only NODE_ENV=test may lower it, to keep the integration suite fast.
 */
export const ARGON2_FLOOR = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

const AUTH_DEFAULT_KEY_PREFIX = 'auth:';

export const authEnvSchema = baseEnvSchema
  .extend({
    PORT: z.coerce.number().int().min(1).max(65535).default(3102),
    DATA_DIR: optionalText,
    /** Where reset links point (the gateway's origin). */
    APP_URL: z.string().url().default('http://localhost:8080'),
    /** ES256 signing key as PKCS#8 PEM or a private JWK (JSON); unset: generated once under DATA_DIR/auth. */
    JWT_PRIVATE_KEY: optionalText,
    /** 64 hex characters (AES-256-GCM key for TOTP secrets and SSN last 4); unset: generated once under DATA_DIR/auth. */
    ENCRYPTION_KEY: optionalText.pipe(
      z
        .string()
        .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex characters (32 bytes)')
        .optional(),
    ),
    /**
     * Production needs ENCRYPTION_KEY and JWT_PRIVATE_KEY (replicas generating their own keys could not read
     * each other's tokens or secrets); `true` opts a single-instance production run (one persistent DATA_DIR,
     * e.g. docker compose, the benchmarks) into the generated-once key files instead.
     */
    AUTH_GENERATE_KEYS: optionalText
      .pipe(z.enum(['true', 'false'], { error: 'must be true or false' }).optional())
      .transform((value) => value === 'true'),
    SMTP_URL: optionalText,
    MAIL_FROM: z.string().default('PayCadence <no-reply@paycadence.app>'),
    ADMIN_EMAIL: optionalText,
    ADMIN_PASSWORD: optionalText,
    /**
     * Every Redis key this service writes starts with this (tests use a random one and flush only theirs);
     * 'auth:' when unset. Whether it was set matters: a stack-wide prefix also names admin's audit queue.
     */
    REDIS_KEY_PREFIX: z.string().min(1).optional(),
    /** admin's REDIS_KEY_PREFIX when a deployment gives admin a prefix of its own (auth's audit events go to its queue). */
    ADMIN_REDIS_KEY_PREFIX: optionalText,
    ARGON2_MEMORY_KIB: z.coerce.number().int().min(8).default(ARGON2_FLOOR.memoryCost),
    ARGON2_TIME_COST: z.coerce.number().int().min(1).default(ARGON2_FLOOR.timeCost),
    ARGON2_PARALLELISM: z.coerce.number().int().min(1).max(8).default(ARGON2_FLOOR.parallelism),
  })
  .superRefine((env, context) => {
    const belowFloor =
      env.ARGON2_MEMORY_KIB < ARGON2_FLOOR.memoryCost || env.ARGON2_TIME_COST < ARGON2_FLOOR.timeCost;
    if (belowFloor && env.NODE_ENV !== 'test') {
      context.addIssue({
        code: 'custom',
        path: ['ARGON2_MEMORY_KIB'],
        message:
          'argon2id cost below the OWASP floor (19456 KiB, 2 iterations) is allowed only with NODE_ENV=test',
      });
    }
    // Never let production replicas each invent their own keys.
    if (env.NODE_ENV === 'production' && !env.AUTH_GENERATE_KEYS) {
      for (const name of ['ENCRYPTION_KEY', 'JWT_PRIVATE_KEY'] as const) {
        if (!env[name]) {
          context.addIssue({
            code: 'custom',
            path: [name],
            message:
              'required when NODE_ENV=production (every replica must share it); set AUTH_GENERATE_KEYS=true to generate it once under DATA_DIR on a single instance',
          });
        }
      }
    }
    if ((env.ADMIN_EMAIL && !env.ADMIN_PASSWORD) || (!env.ADMIN_EMAIL && env.ADMIN_PASSWORD)) {
      context.addIssue({
        code: 'custom',
        path: ['ADMIN_PASSWORD'],
        message: 'set ADMIN_EMAIL and ADMIN_PASSWORD together',
      });
    }
  })
  .transform((env) => ({
    ...env,
    REDIS_KEY_PREFIX: env.REDIS_KEY_PREFIX ?? AUTH_DEFAULT_KEY_PREFIX,
    /** REDIS_KEY_PREFIX as the environment set it (undefined when it fell back to auth's default). */
    STACK_REDIS_KEY_PREFIX: env.REDIS_KEY_PREFIX,
    DATA_DIR: env.DATA_DIR ? resolve(env.DATA_DIR) : defaultDataDir(),
    ARGON2: {
      memoryCost: env.ARGON2_MEMORY_KIB,
      timeCost: env.ARGON2_TIME_COST,
      parallelism: env.ARGON2_PARALLELISM,
    },
  }));

export type AuthConfig = z.output<typeof authEnvSchema>;

/** The key prefix of admin's BullMQ `audit` queue (the rule lives in @paycadence/contracts). */
export const adminQueueKeyPrefix = (config: Pick<AuthConfig, 'ADMIN_REDIS_KEY_PREFIX' | 'STACK_REDIS_KEY_PREFIX'>): string =>
  adminQueueKeyPrefixRule(config.ADMIN_REDIS_KEY_PREFIX, config.STACK_REDIS_KEY_PREFIX);
