import { Inject, Injectable } from '@nestjs/common';
import { BLOG_IMAGE_LIMITS } from '@paycadence/contracts';
import { BlogError } from '../errors.js';
import { fileNameFits, imageUrl, newImageName, sniffImageType, storedImageType } from './image-type.js';
import { IMAGE_STORE, type ImageStore, type StoredImage } from './image-store.js';

export interface UploadedImage {
  name: string;
  url: string;
  contentType: string;
  size: number;
}

/** The file name the client sent in X-File-Name, %-decoded when it was encoded (browsers send ASCII headers). */
export function decodeFileName(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined) return undefined;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** Image uploads: checked by their bytes, stored under a random name, served by that name. */
@Injectable()
export class BlogImagesService {
  constructor(@Inject(IMAGE_STORE) private readonly store: ImageStore) {}

  /**
   * The raw body (a Buffer from the image body parser; anything else was sent as another content type) checked
   * in this order: present (400), within the size limit (413), a PNG, JPEG, WebP or GIF by its bytes (415),
   * the file name's extension agreeing (400). Then stored as `<random>.<type's extension>`.
   */
  async upload(body: unknown, fileName: string | undefined): Promise<UploadedImage> {
    if (body === undefined || body === null || (Buffer.isBuffer(body) && body.length === 0)) throw new BlogError('IMAGE_MISSING');
    if (!Buffer.isBuffer(body)) throw new BlogError('IMAGE_UNSUPPORTED');
    if (body.length > BLOG_IMAGE_LIMITS.maxBytes) throw new BlogError('IMAGE_TOO_LARGE');
    const contentType = sniffImageType(body);
    if (!contentType) throw new BlogError('IMAGE_UNSUPPORTED');
    if (!fileNameFits(contentType, fileName)) throw new BlogError('IMAGE_MISLABELLED');
    const name = newImageName(contentType);
    await this.store.put(name, { bytes: body, contentType });
    return { name, url: imageUrl(name), contentType, size: body.length };
  }

  /** Removes a stored image (no post shows it any more); nothing happens when there is none. */
  async remove(name: string): Promise<void> {
    await this.store.delete(name);
  }

  /** A stored image; a name we never hand out is not looked up. */
  async find(name: string): Promise<StoredImage> {
    const image = storedImageType(name) ? await this.store.get(name) : null;
    if (!image) throw new BlogError('IMAGE_NOT_FOUND');
    return image;
  }
}
