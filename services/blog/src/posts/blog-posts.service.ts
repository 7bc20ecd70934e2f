import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  BLOG_LIMITS,
  BLOG_MESSAGES,
  SLUG_PATTERN,
  uploadedImageName,
  type BlogPost,
  type BlogPostFields,
  type BlogPostSummary,
} from '@paycadence/contracts';
import { CLOCK, isRowId, type Clock } from '@paycadence/nest-kit';
import type { Repository } from 'typeorm';
import { BlogError } from '../errors.js';
import { BlogImagesService } from '../images/blog-images.service.js';
import { BlogPostEntity } from './blog-post.entity.js';
import { SUMMARY_COLUMNS, toBlogPost, toBlogPostSummary, toColumns } from './post-view.js';

const UNIQUE_VIOLATION = '23505';
const SLUG_CONSTRAINT = 'blog_posts_slug_key';

/** The slug's unique constraint refused the write: another post holds that slug (caught, never checked first). */
function isSlugTaken(error: unknown): boolean {
  const driverError = (error as { driverError?: { code?: string; constraint?: string } }).driverError ?? (error as { code?: string; constraint?: string });
  return driverError?.code === UNIQUE_VIOLATION && driverError.constraint === SLUG_CONSTRAINT;
}

const NEWEST_FIRST = { createdAt: 'DESC', id: 'DESC' } as const;

/** blog_posts as docs/product/accounts.md §7 reads and writes it: published ones for everyone, all of them for the admin. */
@Injectable()
export class BlogPostsService {
  private readonly logger = new Logger('BlogPosts');

  constructor(
    @InjectRepository(BlogPostEntity) private readonly posts: Repository<BlogPostEntity>,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(BlogImagesService) private readonly images: BlogImagesService,
  ) {}

  /**
   * Published posts, newest first (created_at descending); only the featured ones when asked. Summaries: the
   * content is not even read (a post's blocks may weigh hundreds of KB; the cards show none of them).
   */
  async listPublished({ featuredOnly = false } = {}): Promise<BlogPostSummary[]> {
    const rows = await this.posts.find({
      select: SUMMARY_COLUMNS,
      where: { published: true, ...(featuredOnly ? { featured: true } : {}) },
      order: NEWEST_FIRST,
    });
    return rows.map(toBlogPostSummary);
  }

  /** One published post; a draft's slug, like an unknown one, is not found. */
  async findPublished(slug: string): Promise<BlogPost> {
    const row = slug.length <= BLOG_LIMITS.slug && SLUG_PATTERN.test(slug) ? await this.posts.findOneBy({ slug, published: true }) : null;
    if (!row) throw new BlogError('POST_NOT_FOUND');
    return toBlogPost(row);
  }

  /** Every post, drafts too, newest first (the blog admin's list). */
  async listAll(): Promise<BlogPost[]> {
    return (await this.posts.find({ order: NEWEST_FIRST })).map(toBlogPost);
  }

  async create(fields: BlogPostFields): Promise<BlogPost> {
    const now = this.clock.now();
    const row = this.posts.create({ ...toColumns(fields), createdAt: now, updatedAt: now });
    try {
      return toBlogPost(await this.posts.save(row));
    } catch (error) {
      if (isSlugTaken(error)) throw new BlogError('SLUG_TAKEN');
      throw error;
    }
  }

  /**
   * Replaces the whole post (docs/product/signed-in.md §7 'update by id with updated_at set'); created_at stays. When the editor
   * sends the `updated_at` it loaded, the write only happens if nobody saved the post since (checked in the same
   * UPDATE, so two saves at once cannot both pass): else 409 editConflict and nothing changes.
   */
  async update(id: string, fields: BlogPostFields): Promise<BlogPost> {
    if (!isRowId(id)) throw new BlogError('POST_NOT_FOUND');
    const loadedAt = fields.updated_at ?? null;
    const previousImage = (await this.posts.findOne({ select: { imageUrl: true }, where: { id } }))?.imageUrl ?? null;
    const query = this.posts
      .createQueryBuilder()
      .update()
      .set({ ...toColumns(fields), updatedAt: this.clock.now() })
      .where('id = :id', { id })
      .returning('*');
    // Answers carry milliseconds; a row written by SQL (now()) may hold microseconds.
    if (loadedAt) query.andWhere("date_trunc('milliseconds', updated_at) <= :loadedAt", { loadedAt });
    let updated: { raw: unknown };
    try {
      updated = await query.execute();
    } catch (error) {
      if (isSlugTaken(error)) throw new BlogError('SLUG_TAKEN');
      throw error;
    }
    const [raw] = updated.raw as Record<string, unknown>[];
    if (!raw) {
      if (loadedAt && (await this.posts.existsBy({ id }))) throw new BlogError('EDIT_CONFLICT', { updated_at: BLOG_MESSAGES.editConflict });
      throw new BlogError('POST_NOT_FOUND');
    }
    const post = toBlogPost(this.posts.create(this.fromRaw(raw)));
    if (previousImage !== post.image_url) await this.releaseImage(previousImage);
    return post;
  }

  /** Deletes the post; what it was (for the audit trail). */
  async delete(id: string): Promise<BlogPost> {
    if (!isRowId(id)) throw new BlogError('POST_NOT_FOUND');
    const { raw } = await this.posts.createQueryBuilder().delete().where('id = :id', { id }).returning('*').execute();
    const [row] = raw as Record<string, unknown>[];
    if (!row) throw new BlogError('POST_NOT_FOUND');
    const post = toBlogPost(this.posts.create(this.fromRaw(row)));
    await this.releaseImage(post.image_url);
    return post;
  }

  /**
   * An uploaded image a post stopped showing (deleted, or given another image) is removed once no post shows it,
   * so the store does not keep every image ever uploaded. Best effort: the post's change stands if this fails
   * (logged), and a post saved at this very moment with a copied URL of that image could lose it (a narrow race).
   */
  private async releaseImage(url: string | null): Promise<void> {
    const name = uploadedImageName(url);
    if (!name) return;
    try {
      if (await this.posts.existsBy({ imageUrl: url! })) return;
      await this.images.remove(name);
    } catch (error) {
      this.logger.warn(`an unused image was not removed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** A RETURNING row (column names) as the entity (property names), through TypeORM's own column map. */
  private fromRaw(raw: Record<string, unknown>): BlogPostEntity {
    const entity = {} as Record<string, unknown>;
    for (const column of this.posts.metadata.columns) entity[column.propertyName] = raw[column.databaseName];
    return entity as unknown as BlogPostEntity;
  }
}
