import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every dashboard read asks which households the reader's own items are shared with (the safety net of a lost
 * household.deleted event). With only (user_id, due_date, name) that visits each of the user's rows; these
 * partial indexes hold only shared rows, so for the usual user with nothing shared the answer is an empty scan.
 */
export class OwnSharedItemsIndex1796000000000 implements MigrationInterface {
  name = 'OwnSharedItemsIndex1796000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['bills', 'income_sources']) {
      await queryRunner.query(`CREATE INDEX ${table}_user_shared_idx ON ${table} (user_id, household_id) WHERE household_id IS NOT NULL`);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['bills', 'income_sources']) await queryRunner.query(`DROP INDEX ${table}_user_shared_idx`);
  }
}
