import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Private calendar feeds: one per user, found by the SHA-256 of the URL's token (unique index), like
 * auth's refresh tokens. Making a link again replaces the row, so the old URL stops working at once.
 */
export class CreateCalendarFeeds1796100000000 implements MigrationInterface {
  name = 'CreateCalendarFeeds1796100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE calendar_feeds (
        user_id text PRIMARY KEY,
        token_hash text NOT NULL UNIQUE CHECK (length(token_hash) = 43),
        created_at timestamptz NOT NULL
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE calendar_feeds`);
  }
}
