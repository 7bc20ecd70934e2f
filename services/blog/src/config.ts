import { join, resolve } from 'node:path';
import { adminQueueKeyPrefix } from '@paycadence/contracts';
import { baseEnvSchema, defaultDataDir, optionalText } from '@paycadence/nest-kit';
import { z } from 'zod';

/** Where uploaded images live (README "Image storage"): every replica must see the same ones. */
export const IMAGE_STORAGE_KINDS = ['database', 'disk', 's3'] as const;
export type ImageStorageKind = (typeof IMAGE_STORAGE_KINDS)[number];

const flag = z
  .enum(['true', 'false', '1', '0'])
  .optional()
  .transform((value) => (value === undefined ? undefined : value === 'true' || value === '1'));

/**
 * The blog's environment: the auth service's key set (the AuthGuard verifies admin tokens with it), admin's Redis
 * key prefix (blog's audit events go to admin's `audit` queue, as auth's do) and the image store.
 */
export const blogEnvSchema = baseEnvSchema
  .extend({
    PORT: z.coerce.number().int().min(1).max(65535).default(3106),
    AUTH_JWKS_URL: z.string().url().default('http://127.0.0.1:3102/.well-known/jwks.json'),
    /** The stack-wide prefix when one is set for every service (then admin's queue lives under it too). */
    REDIS_KEY_PREFIX: optionalText,
    /** admin's REDIS_KEY_PREFIX when a deployment gives admin a prefix of its own. */
    ADMIN_REDIS_KEY_PREFIX: optionalText,
    DATA_DIR: optionalText,
    BLOG_IMAGE_STORAGE: z.enum(IMAGE_STORAGE_KINDS).default('database'),
    /** disk: the folder (default DATA_DIR/blog-images); a volume every replica mounts. */
    BLOG_IMAGE_DIR: optionalText,
    /** s3: an S3-compatible store (AWS S3, MinIO, R2...). */
    BLOG_S3_ENDPOINT: optionalText.pipe(z.string().url().optional()),
    BLOG_S3_BUCKET: optionalText,
    BLOG_S3_REGION: optionalText,
    BLOG_S3_ACCESS_KEY_ID: optionalText,
    BLOG_S3_SECRET_ACCESS_KEY: optionalText,
    /** true for MinIO and most self-hosted stores (bucket in the path, not the host name). */
    BLOG_S3_FORCE_PATH_STYLE: flag,
    /** An optional key prefix inside the bucket, e.g. `blog-images/`. */
    BLOG_S3_PREFIX: optionalText,
    /** Memory for recently served images, per replica (0 turns the cache off). */
    BLOG_IMAGE_CACHE_MB: z.coerce.number().min(0).max(4096).default(64),
  })
  .superRefine((env, context) => {
    if (env.BLOG_IMAGE_STORAGE !== 's3') return;
    if (!env.BLOG_S3_BUCKET) context.addIssue({ code: 'custom', path: ['BLOG_S3_BUCKET'], message: 'required when BLOG_IMAGE_STORAGE=s3' });
    if (Boolean(env.BLOG_S3_ACCESS_KEY_ID) !== Boolean(env.BLOG_S3_SECRET_ACCESS_KEY)) {
      context.addIssue({
        code: 'custom',
        path: ['BLOG_S3_SECRET_ACCESS_KEY'],
        message: 'set BLOG_S3_ACCESS_KEY_ID and BLOG_S3_SECRET_ACCESS_KEY together (or neither, for the default AWS credential chain)',
      });
    }
  })
  .transform((env) => {
    const dataDir = env.DATA_DIR ? resolve(env.DATA_DIR) : defaultDataDir();
    return {
      ...env,
      DATA_DIR: dataDir,
      BLOG_IMAGE_DIR: env.BLOG_IMAGE_DIR ? resolve(env.BLOG_IMAGE_DIR) : join(dataDir, 'blog-images'),
      /** The key prefix of admin's BullMQ `audit` queue (the rule lives in @paycadence/contracts). */
      ADMIN_QUEUE_KEY_PREFIX: adminQueueKeyPrefix(env.ADMIN_REDIS_KEY_PREFIX, env.REDIS_KEY_PREFIX),
    };
  });
export type BlogConfig = z.output<typeof blogEnvSchema>;
