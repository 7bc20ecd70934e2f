import { baseEnvSchema, defaultDataDir, optionalText } from '@paycadence/nest-kit';
import { resolve } from 'node:path';
import { z } from 'zod';

/**
 * Household's environment: the auth service's key set (the AuthGuard verifies tokens with it), where the
 * invitation links point (APP_URL), how invitation e-mails go out (SMTP_URL, else JSON files in
 * DATA_DIR/outbox, as auth sends its e-mails) and how long a directory question to auth may take.
 */
export const householdEnvSchema = baseEnvSchema
  .extend({
    PORT: z.coerce.number().int().min(1).max(65535).default(3107),
    AUTH_JWKS_URL: z.string().url().default('http://127.0.0.1:3102/.well-known/jwks.json'),
    /** The gateway's origin: invitation links are `${APP_URL}${INVITATION_PATH}#token=…`. */
    APP_URL: z.string().url().default('http://localhost:8080'),
    DATA_DIR: optionalText,
    SMTP_URL: optionalText,
    MAIL_FROM: z.string().default('PayCadence <no-reply@paycadence.app>'),
    /**
     * How long household waits for auth's directory answer over the Redis transport before answering 503.
     * Named after the service waited on, like finance's, which asks auth the same question under this name.
     */
    AUTH_DIRECTORY_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  })
  .transform((env) => ({ ...env, DATA_DIR: env.DATA_DIR ? resolve(env.DATA_DIR) : defaultDataDir() }));
export type HouseholdConfig = z.output<typeof householdEnvSchema>;
