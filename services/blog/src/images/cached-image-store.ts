import type { ImageStore, StoredImage } from './image-store.js';

/** How long a replica serves an image from memory before asking the store again (another may have removed it). */
export const IMAGE_CACHE_MAX_AGE_MS = 60_000;

interface CachedImage {
  image: StoredImage;
  cachedAt: number;
}

/**
 * Keeps recently served images in memory, up to `maxBytes` in all (least recently used out first), each for at
 * most `maxAgeMs`. A stored image never changes (random names, never reused), but it goes once no post shows it
 * (BlogPostsService), possibly through another replica: the age bounds how long this one still serves it. It
 * spares the database or bucket a round trip, and the database store a bytea decode, for every view of a popular
 * post's image. A miss is not remembered.
 */
export class CachedImageStore implements ImageStore {
  private readonly entries = new Map<string, CachedImage>();
  private bytes = 0;

  constructor(
    private readonly store: ImageStore,
    private readonly maxBytes: number,
    private readonly maxAgeMs = IMAGE_CACHE_MAX_AGE_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** How many bytes the cache holds now. */
  get cachedBytes(): number {
    return this.bytes;
  }

  async put(name: string, image: StoredImage): Promise<void> {
    await this.store.put(name, image);
  }

  async get(name: string): Promise<StoredImage | null> {
    const cached = this.entries.get(name);
    if (cached && this.now() - cached.cachedAt < this.maxAgeMs) {
      // Map keeps insertion order: re-inserting makes it the most recently used.
      this.entries.delete(name);
      this.entries.set(name, cached);
      return cached.image;
    }
    this.forget(name);
    const image = await this.store.get(name);
    if (image) this.remember(name, image);
    return image;
  }

  async delete(name: string): Promise<void> {
    this.forget(name);
    await this.store.delete(name);
  }

  close(): void {
    this.store.close?.();
  }

  private remember(name: string, image: StoredImage): void {
    const size = image.bytes.length;
    if (size > this.maxBytes) return;
    this.forget(name);
    for (const [oldest] of this.entries) {
      if (this.bytes + size <= this.maxBytes) break;
      this.forget(oldest);
    }
    this.entries.set(name, { image, cachedAt: this.now() });
    this.bytes += size;
  }

  private forget(name: string): void {
    const entry = this.entries.get(name);
    if (!entry) return;
    this.entries.delete(name);
    this.bytes -= entry.image.bytes.length;
  }
}
