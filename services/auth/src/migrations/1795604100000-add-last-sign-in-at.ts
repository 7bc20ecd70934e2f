import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The admin list shows when each account last signed in (docs/product/signed-in.md §3 `last_sign_in_at`). */
export class AddLastSignInAt1795604100000 implements MigrationInterface {
  name = 'AddLastSignInAt1795604100000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE users ADD COLUMN last_sign_in_at timestamptz`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE users DROP COLUMN last_sign_in_at`);
  }
}
