import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A user's own paid marks are found by who marked them when their data is exported or deleted
 * (docs/architecture.md "Your data"); the primary key starts with the bill, so without this index each of those
 * read every user's marks.
 */
export class BillPaidMarksUserIndex1796616078167 implements MigrationInterface {
  name = 'BillPaidMarksUserIndex1796616078167';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX bill_paid_marks_user_idx ON bill_paid_marks (user_id)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX bill_paid_marks_user_idx`);
  }
}
