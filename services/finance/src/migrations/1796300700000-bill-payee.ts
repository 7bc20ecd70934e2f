import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A bill's payee: the merchant of a detected bill the user linked to a bill of their own ('Oakwood Properties' for
 * their 'Rent'). Bill status matches bank payments by the payee as well as by the name, so the payments a name
 * alone would miss still pay the bill. Null: not linked, the name alone. As long as a suggestion's name can be.
 */
export class BillPayee1796300700000 implements MigrationInterface {
  name = 'BillPayee1796300700000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE bills ADD COLUMN payee text CHECK (length(payee) BETWEEN 1 AND 100)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE bills DROP COLUMN payee`);
  }
}
