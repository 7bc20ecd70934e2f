import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The export and the deletion of an account (docs/architecture.md "Your data") find its rows by the owner
 * columns of each table: every e-mail confirmation of the user, not only the unused ones the partial index
 * held (so that one goes, the full index serves its lookups too), and the account by lower(email), the form
 * nest-kit's account-data queries use for every address column (the unique index on email cannot serve it).
 */
export class AccountDataIndexes1796616369126 implements MigrationInterface {
  name = 'AccountDataIndexes1796616369126';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX email_confirmations_user_id_idx ON email_confirmations (user_id)`);
    await queryRunner.query(`DROP INDEX email_confirmations_user_idx`);
    await queryRunner.query(`CREATE INDEX users_lower_email_idx ON users (lower(email))`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX users_lower_email_idx`);
    await queryRunner.query(`CREATE INDEX email_confirmations_user_idx ON email_confirmations (user_id) WHERE used_at IS NULL`);
    await queryRunner.query(`DROP INDEX email_confirmations_user_id_idx`);
  }
}
