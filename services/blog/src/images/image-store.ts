import type { BlogImageType } from '@paycadence/contracts';

/** A stored image: its bytes and the content type they were sniffed as. */
export interface StoredImage {
  bytes: Buffer;
  contentType: BlogImageType;
}

/**
 * Where uploaded images live (BLOG_IMAGE_STORAGE): the database (default), a disk folder or an S3-compatible
 * bucket. Every replica of the service must see the same images, so a disk folder must be a shared volume.
 * Names are random and never reused, so a stored image never changes (served as immutable).
 */
export interface ImageStore {
  put(name: string, image: StoredImage): Promise<void>;
  /** null when there is no image of that name. */
  get(name: string): Promise<StoredImage | null>;
  /** Removes it; nothing happens when there is none. */
  delete(name: string): Promise<void>;
  /** Releases connections at shutdown (the S3 client's). */
  close?(): void;
}

export const IMAGE_STORE = Symbol('IMAGE_STORE');
