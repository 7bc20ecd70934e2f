import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The blog's tables (docs/product/accounts.md §3, §7): posts, and the uploaded images when they are stored in the database
 * (BLOG_IMAGE_STORAGE=database, the default). Runs inside the service's own schema (search_path).
 */
export class CreateBlogPosts1795800000000 implements MigrationInterface {
  name = 'CreateBlogPosts1795800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE blog_posts (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        slug text NOT NULL CONSTRAINT blog_posts_slug_key UNIQUE,
        title text NOT NULL,
        excerpt text NOT NULL DEFAULT '',
        content jsonb NOT NULL,
        category text NOT NULL,
        author text NOT NULL,
        image_url text,
        image_alt text,
        featured boolean NOT NULL DEFAULT false,
        published boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        publish_date timestamptz,
        read_time text NOT NULL DEFAULT '',
        seo jsonb
      )`);
    // The public list (published, newest first) and the featured section read only these rows.
    await queryRunner.query(`CREATE INDEX blog_posts_published_created_idx ON blog_posts (created_at DESC) WHERE published`);
    await queryRunner.query(`CREATE INDEX blog_posts_featured_created_idx ON blog_posts (created_at DESC) WHERE published AND featured`);
    await queryRunner.query(`
      CREATE TABLE images (
        name text PRIMARY KEY,
        content_type text NOT NULL,
        bytes bytea NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE images`);
    await queryRunner.query(`DROP TABLE blog_posts`);
  }
}
