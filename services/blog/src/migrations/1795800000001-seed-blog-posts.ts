import type { MigrationInterface, QueryRunner } from 'typeorm';
import { SEED_POSTS } from '../seed/seed-posts.js';

/**
 * The first posts of a new install (seed/seed-posts.ts). A migration runs once per database, so a seeded post
 * the admin deletes never comes back on a restart; ON CONFLICT keeps a replica that races this one (or a post
 * already holding a slug) from failing the start. created_at is the publish date, so the list keeps their order.
 * Each date is bound as that day at 00:00 UTC, whatever the session's TimeZone (a bare '2026-01-12' would be
 * midnight in the database server's zone), as the API stores a date-only publish_date.
 */
export class SeedBlogPosts1795800000001 implements MigrationInterface {
  name = 'SeedBlogPosts1795800000001';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const post of SEED_POSTS) {
      await queryRunner.query(
        `INSERT INTO blog_posts
           (slug, title, excerpt, content, category, author, image_url, image_alt, featured, published,
            created_at, updated_at, publish_date, read_time, seo)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::timestamptz, $11::timestamptz, $11::timestamptz, $12, $13)
         ON CONFLICT (slug) DO NOTHING`,
        [
          post.slug,
          post.title,
          post.excerpt,
          JSON.stringify(post.content),
          post.category,
          post.author,
          post.image_url,
          post.image_alt,
          post.featured,
          post.published,
          `${post.publish_date}T00:00:00Z`,
          post.read_time,
          post.seo === null ? null : JSON.stringify(post.seo),
        ],
      );
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM blog_posts WHERE slug = ANY($1)`, [SEED_POSTS.map((post) => post.slug)]);
  }
}
