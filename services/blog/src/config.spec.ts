import { join } from 'node:path';
import { ADMIN_DEFAULT_KEY_PREFIX } from '@paycadence/contracts';
import { loadConfig } from '@paycadence/nest-kit';
import { blogEnvSchema } from './config.js';

const base = { DATABASE_URL: 'postgres://localhost/x' };

describe('blogEnvSchema', () => {
  it("defaults: images in the database, port 3106, audit events under admin's default prefix", () => {
    const config = loadConfig(blogEnvSchema, { ...base, DATA_DIR: '/var/lib/paycadence' });
    expect(config).toMatchObject({ PORT: 3106, BLOG_IMAGE_STORAGE: 'database', ADMIN_QUEUE_KEY_PREFIX: ADMIN_DEFAULT_KEY_PREFIX });
    expect(config.BLOG_IMAGE_DIR).toBe(join('/var/lib/paycadence', 'blog-images'));
  });

  it("admin's queue prefix as auth computes it: admin's own, else the stack-wide one", () => {
    expect(loadConfig(blogEnvSchema, { ...base, REDIS_KEY_PREFIX: 'e2e-1:' }).ADMIN_QUEUE_KEY_PREFIX).toBe('e2e-1:');
    expect(loadConfig(blogEnvSchema, { ...base, REDIS_KEY_PREFIX: 'e2e-1:', ADMIN_REDIS_KEY_PREFIX: 'adm:' }).ADMIN_QUEUE_KEY_PREFIX).toBe('adm:');
  });

  it('s3 needs a bucket, and both keys or neither; names what is wrong', () => {
    expect(() => loadConfig(blogEnvSchema, { ...base, BLOG_IMAGE_STORAGE: 's3' })).toThrow(/BLOG_S3_BUCKET/);
    expect(() => loadConfig(blogEnvSchema, { ...base, BLOG_IMAGE_STORAGE: 's3', BLOG_S3_BUCKET: 'b', BLOG_S3_ACCESS_KEY_ID: 'k' })).toThrow(/BLOG_S3_SECRET_ACCESS_KEY/);
    const s3 = loadConfig(blogEnvSchema, { ...base, BLOG_IMAGE_STORAGE: 's3', BLOG_S3_BUCKET: 'b', BLOG_S3_FORCE_PATH_STYLE: 'true' });
    expect(s3).toMatchObject({ BLOG_S3_BUCKET: 'b', BLOG_S3_FORCE_PATH_STYLE: true });
  });

  it('refuses an unknown storage kind and a bad endpoint', () => {
    expect(() => loadConfig(blogEnvSchema, { ...base, BLOG_IMAGE_STORAGE: 'ftp' })).toThrow(/BLOG_IMAGE_STORAGE/);
    expect(() => loadConfig(blogEnvSchema, { ...base, BLOG_S3_ENDPOINT: 'not a url' })).toThrow(/BLOG_S3_ENDPOINT/);
  });
});
