import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import type { BlogConfig } from '../config.js';
import { storedImageType } from './image-type.js';
import type { ImageStore, StoredImage } from './image-store.js';

export interface S3ImageStoreOptions {
  endpoint?: string;
  bucket: string;
  region?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle?: boolean;
  /** Prepended to every key, e.g. `blog-images/`. */
  keyPrefix?: string;
}

/** The S3 settings of the environment (config.ts checks BLOG_S3_BUCKET is set when BLOG_IMAGE_STORAGE=s3). */
export function s3OptionsFrom(config: BlogConfig): S3ImageStoreOptions {
  return {
    endpoint: config.BLOG_S3_ENDPOINT,
    bucket: config.BLOG_S3_BUCKET ?? '',
    region: config.BLOG_S3_REGION,
    accessKeyId: config.BLOG_S3_ACCESS_KEY_ID,
    secretAccessKey: config.BLOG_S3_SECRET_ACCESS_KEY,
    forcePathStyle: config.BLOG_S3_FORCE_PATH_STYLE,
    keyPrefix: config.BLOG_S3_PREFIX,
  };
}

const isMissing = (error: unknown) =>
  error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404);

/**
 * BLOG_IMAGE_STORAGE=s3: an S3-compatible bucket (AWS S3, MinIO, R2, ...). The service still serves the images
 * itself (GET /api/blog/images/{name}), so the bucket stays private. Without keys the SDK's default credential
 * chain applies (an instance role).
 */
export class S3ImageStore implements ImageStore {
  private readonly client: S3Client;

  constructor(private readonly options: S3ImageStoreOptions) {
    this.client = new S3Client({
      endpoint: options.endpoint,
      region: options.region ?? 'us-east-1',
      forcePathStyle: options.forcePathStyle ?? false,
      credentials:
        options.accessKeyId && options.secretAccessKey ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } : undefined,
    });
  }

  private key(name: string): string {
    return `${this.options.keyPrefix ?? ''}${name}`;
  }

  async put(name: string, { bytes, contentType }: StoredImage): Promise<void> {
    await this.client.send(new PutObjectCommand({ Bucket: this.options.bucket, Key: this.key(name), Body: bytes, ContentType: contentType }));
  }

  async get(name: string): Promise<StoredImage | null> {
    const contentType = storedImageType(name);
    if (!contentType) return null;
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.options.bucket, Key: this.key(name) }));
      if (!object.Body) return null;
      return { bytes: Buffer.from(await object.Body.transformToByteArray()), contentType };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(name: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.options.bucket, Key: this.key(name) }));
  }

  /** Closes the client's connections (at shutdown). */
  close(): void {
    this.client.destroy();
  }
}
