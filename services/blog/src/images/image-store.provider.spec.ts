import { loadConfig } from '@paycadence/nest-kit';
import type { DataSource } from 'typeorm';
import { blogEnvSchema } from '../config.js';
import { CachedImageStore } from './cached-image-store.js';
import { DatabaseImageStore } from './database-image-store.js';
import { DiskImageStore } from './disk-image-store.js';
import { imageStoreFor } from './image-store.provider.js';
import { S3ImageStore } from './s3-image-store.js';

const config = (env: Record<string, string>) => loadConfig(blogEnvSchema, { DATABASE_URL: 'postgres://localhost/x', BLOG_IMAGE_CACHE_MB: '0', ...env });
const dataSource = {} as DataSource;

describe('imageStoreFor', () => {
  it('picks the store BLOG_IMAGE_STORAGE names (the database by default)', () => {
    expect(imageStoreFor(config({}), dataSource)).toBeInstanceOf(DatabaseImageStore);
    expect(imageStoreFor(config({ BLOG_IMAGE_STORAGE: 'disk', BLOG_IMAGE_DIR: '/tmp/x' }), dataSource)).toBeInstanceOf(DiskImageStore);
    const s3 = imageStoreFor(config({ BLOG_IMAGE_STORAGE: 's3', BLOG_S3_BUCKET: 'b' }), dataSource);
    expect(s3).toBeInstanceOf(S3ImageStore);
    s3.close?.();
  });

  it('puts the memory cache in front unless BLOG_IMAGE_CACHE_MB is 0', () => {
    expect(imageStoreFor(config({ BLOG_IMAGE_CACHE_MB: '8' }), dataSource)).toBeInstanceOf(CachedImageStore);
  });
});
