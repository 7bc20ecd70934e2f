import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { BLOG_IMAGE_NAME_PATTERN } from '@paycadence/contracts';
import { storedImageType } from './image-type.js';
import type { ImageStore, StoredImage } from './image-store.js';

/** Only names we hand out ever reach the file system (no `..`, no slash). */
function checkedName(name: string): string {
  if (!BLOG_IMAGE_NAME_PATTERN.test(name)) throw new Error(`Not an image name: ${JSON.stringify(name.slice(0, 80))}`);
  return name;
}

const isMissing = (error: unknown) => (error as { code?: string }).code === 'ENOENT';

/**
 * BLOG_IMAGE_STORAGE=disk: one file per image in BLOG_IMAGE_DIR (default DATA_DIR/blog-images). With more than
 * one replica the folder must be a volume they all mount. The content type is the name's extension (names carry
 * the sniffed type's canonical one).
 */
export class DiskImageStore implements ImageStore {
  constructor(private readonly directory: string) {}

  async put(name: string, { bytes }: StoredImage): Promise<void> {
    checkedName(name);
    await mkdir(this.directory, { recursive: true });
    // Written aside, then renamed: a reader never sees half a file.
    const partial = join(this.directory, `.${name}.${randomBytes(6).toString('hex')}.partial`);
    await writeFile(partial, bytes, { flag: 'wx' });
    await rename(partial, join(this.directory, name));
  }

  async get(name: string): Promise<StoredImage | null> {
    const contentType = storedImageType(name);
    if (!contentType) return null;
    try {
      return { bytes: await readFile(join(this.directory, name)), contentType };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(name: string): Promise<void> {
    await rm(join(this.directory, checkedName(name)), { force: true });
  }
}
