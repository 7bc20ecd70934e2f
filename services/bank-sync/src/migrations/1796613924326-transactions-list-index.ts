import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The transaction list (docs/product/signed-in.md §7) orders by date DESC, id DESC: with (user_id, date DESC) alone
 * PostgreSQL had to sort every row of the user's day ties before LIMIT, and a user with years of history pays for
 * all of them on every page. With id in the key the newest page is an index range read that stops at LIMIT.
 * The old index is a prefix of the new one and goes (every query it served is served by the new one).
 */
export class TransactionsListIndex1796613924326 implements MigrationInterface {
  name = 'TransactionsListIndex1796613924326';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX bank_transactions_user_date_id_idx ON bank_transactions (user_id, date DESC, id DESC)`);
    await queryRunner.query(`DROP INDEX bank_transactions_user_date_idx`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX bank_transactions_user_date_idx ON bank_transactions (user_id, date DESC)`);
    await queryRunner.query(`DROP INDEX bank_transactions_user_date_id_idx`);
  }
}
