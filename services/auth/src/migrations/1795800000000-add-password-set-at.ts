import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * When the account's owner last chose its password. Null only for an account made by a
 * waitlist approval whose set-password link has not been used yet: approving it again re-issues the link
 * (an approval whose answer outlived admin's timeout must not get stuck). Existing accounts had their
 * password set when they were created.
 */
export class AddPasswordSetAt1795800000000 implements MigrationInterface {
  name = 'AddPasswordSetAt1795800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE users ADD COLUMN password_set_at timestamptz`);
    await queryRunner.query(`UPDATE users SET password_set_at = created_at`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE users DROP COLUMN password_set_at`);
  }
}
