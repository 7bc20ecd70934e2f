import type { BlogImageType } from '@paycadence/contracts';
import type { DataSource } from 'typeorm';
import type { ImageStore, StoredImage } from './image-store.js';

/**
 * BLOG_IMAGE_STORAGE=database (default): the `images` table of the blog's schema (bytea). Every replica reads
 * the same database, so every replica serves every image with no shared volume or bucket to run.
 */
export class DatabaseImageStore implements ImageStore {
  constructor(private readonly dataSource: DataSource) {}

  async put(name: string, { bytes, contentType }: StoredImage): Promise<void> {
    await this.dataSource.query(`INSERT INTO images (name, content_type, bytes) VALUES ($1, $2, $3)`, [name, contentType, bytes]);
  }

  async get(name: string): Promise<StoredImage | null> {
    const rows: { content_type: BlogImageType; bytes: Buffer }[] = await this.dataSource.query(
      `SELECT content_type, bytes FROM images WHERE name = $1`,
      [name],
    );
    return rows[0] ? { bytes: rows[0].bytes, contentType: rows[0].content_type } : null;
  }

  async delete(name: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM images WHERE name = $1`, [name]);
  }
}
