import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The linked banks' figures bank-sync pushes over the Redis transport (FINANCE_PATTERNS.storeBankSummary), one row
 * per user, for the dashboard's income fallback (docs/product/signed-in.md §9) and savings-rate tips (§5). Finance never reads
 * bank-sync's tables (docs/architecture.md). A clear keeps the row with null figures, so its computed_at still orders a late
 * older message out. Writes that change the figures bump the user's data version (the dashboard cache key), like
 * the bills, income and savings triggers; a resend of the same figures leaves the cached dashboard alone.
 */
export class CreateBankSummaries1795595264000 implements MigrationInterface {
  name = 'CreateBankSummaries1795595264000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE bank_summaries (
        user_id text PRIMARY KEY,
        monthly_income_cents bigint CHECK (monthly_income_cents >= 0),
        savings_rate_percent double precision CHECK (savings_rate_percent BETWEEN -10000 AND 100),
        computed_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      `CREATE TRIGGER bank_summaries_bump_data_version AFTER INSERT OR DELETE ON bank_summaries
       FOR EACH ROW EXECUTE FUNCTION bump_data_version()`,
    );
    await queryRunner.query(
      `CREATE TRIGGER bank_summaries_bump_data_version_on_change AFTER UPDATE ON bank_summaries
       FOR EACH ROW WHEN (OLD.monthly_income_cents IS DISTINCT FROM NEW.monthly_income_cents
                          OR OLD.savings_rate_percent IS DISTINCT FROM NEW.savings_rate_percent)
       EXECUTE FUNCTION bump_data_version()`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE bank_summaries`);
  }
}
