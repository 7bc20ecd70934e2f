import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A bill suggestion now carries its detected cadence in `frequency` (quarterly insurance, a yearly fee), so the
 * column accepts every bill recurrence as well as the income frequencies (one list covers both).
 */
export class SuggestionBillRecurrence1795595263000 implements MigrationInterface {
  name = 'SuggestionBillRecurrence1795595263000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE suggestions DROP CONSTRAINT suggestions_frequency_check`);
    await queryRunner.query(`
      ALTER TABLE suggestions ADD CONSTRAINT suggestions_frequency_check
        CHECK (frequency IN ('once', 'weekly', 'biweekly', 'monthly', 'quarterly', 'yearly'))`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`UPDATE suggestions SET frequency = NULL WHERE kind = 'bill'`);
    await queryRunner.query(`ALTER TABLE suggestions DROP CONSTRAINT suggestions_frequency_check`);
    await queryRunner.query(`ALTER TABLE suggestions ADD CONSTRAINT suggestions_frequency_check CHECK (frequency IN ('weekly', 'biweekly', 'monthly', 'quarterly'))`);
  }
}
