import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An account being deleted. Set (with every session ended) before the other services are asked
 * to forget the user; the row goes when they all have. While set, the account cannot sign in, and auth's sweep
 * asks the services that did not answer again (AccountDeletionService), so a deletion cut short still finishes.
 */
export class AddDeletionRequestedAt1796300000000 implements MigrationInterface {
  name = 'AddDeletionRequestedAt1796300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE users ADD COLUMN deletion_requested_at timestamptz`);
    await queryRunner.query(`CREATE INDEX users_deletion_requested_idx ON users (deletion_requested_at) WHERE deletion_requested_at IS NOT NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE users DROP COLUMN deletion_requested_at`);
  }
}
