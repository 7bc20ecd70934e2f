import type { Provider } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import { SERVICE_CONFIG } from '@paycadence/nest-kit';
import type { DataSource } from 'typeorm';
import type { BlogConfig } from '../config.js';
import { CachedImageStore } from './cached-image-store.js';
import { DatabaseImageStore } from './database-image-store.js';
import { DiskImageStore } from './disk-image-store.js';
import { IMAGE_STORE, type ImageStore } from './image-store.js';
import { S3ImageStore, s3OptionsFrom } from './s3-image-store.js';

/** The store BLOG_IMAGE_STORAGE names, behind the memory cache of BLOG_IMAGE_CACHE_MB. */
export function imageStoreFor(config: BlogConfig, dataSource: DataSource): ImageStore {
  const store = baseImageStore(config, dataSource);
  return config.BLOG_IMAGE_CACHE_MB > 0 ? new CachedImageStore(store, Math.floor(config.BLOG_IMAGE_CACHE_MB * 1024 * 1024)) : store;
}

function baseImageStore(config: BlogConfig, dataSource: DataSource): ImageStore {
  switch (config.BLOG_IMAGE_STORAGE) {
    case 'disk':
      return new DiskImageStore(config.BLOG_IMAGE_DIR);
    case 's3':
      return new S3ImageStore(s3OptionsFrom(config));
    case 'database':
      return new DatabaseImageStore(dataSource);
  }
}

export const imageStoreProvider: Provider = {
  provide: IMAGE_STORE,
  useFactory: imageStoreFor,
  inject: [SERVICE_CONFIG, getDataSourceToken()],
};
