import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Proving an e-mail address: when the owner opened a link mailed to it (null: not yet, which every existing
 * account starts as), and the links themselves, stored only as the SHA-256 of their token, single use, expiring.
 */
export class AddEmailConfirmation1796400000000 implements MigrationInterface {
  name = 'AddEmailConfirmation1796400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE users ADD COLUMN email_confirmed_at timestamptz`);
    await queryRunner.query(`
      CREATE TABLE email_confirmations (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        token_hash text NOT NULL UNIQUE,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX email_confirmations_user_idx ON email_confirmations (user_id) WHERE used_at IS NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE email_confirmations`);
    await queryRunner.query(`ALTER TABLE users DROP COLUMN email_confirmed_at`);
  }
}
