import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The user's low-balance threshold (one row per user, absent = 0: warn below zero) and the
 * linked banks' spendable balance in the bank summary, both read by the dashboard's forecast. Both bump the user's
 * data version (the dashboard cache key) when they change, so a new threshold or balance shows on the next load.
 */
export class ForecastSettingsAndCashBalance1796100500000 implements MigrationInterface {
  name = 'ForecastSettingsAndCashBalance1796100500000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE forecast_settings (
        user_id text PRIMARY KEY,
        low_balance_threshold_cents bigint NOT NULL CHECK (low_balance_threshold_cents BETWEEN 0 AND 10000000),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      `CREATE TRIGGER forecast_settings_bump_data_version AFTER INSERT OR UPDATE OR DELETE ON forecast_settings
       FOR EACH ROW EXECUTE FUNCTION bump_data_version()`,
    );
    await queryRunner.query(`ALTER TABLE bank_summaries ADD COLUMN cash_balance_cents bigint`);
    // The change trigger now also watches the balance (a resend of the same figures still leaves the cache alone).
    await queryRunner.query(`DROP TRIGGER bank_summaries_bump_data_version_on_change ON bank_summaries`);
    await queryRunner.query(
      `CREATE TRIGGER bank_summaries_bump_data_version_on_change AFTER UPDATE ON bank_summaries
       FOR EACH ROW WHEN (OLD.monthly_income_cents IS DISTINCT FROM NEW.monthly_income_cents
                          OR OLD.savings_rate_percent IS DISTINCT FROM NEW.savings_rate_percent
                          OR OLD.cash_balance_cents IS DISTINCT FROM NEW.cash_balance_cents)
       EXECUTE FUNCTION bump_data_version()`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER bank_summaries_bump_data_version_on_change ON bank_summaries`);
    await queryRunner.query(
      `CREATE TRIGGER bank_summaries_bump_data_version_on_change AFTER UPDATE ON bank_summaries
       FOR EACH ROW WHEN (OLD.monthly_income_cents IS DISTINCT FROM NEW.monthly_income_cents
                          OR OLD.savings_rate_percent IS DISTINCT FROM NEW.savings_rate_percent)
       EXECUTE FUNCTION bump_data_version()`,
    );
    await queryRunner.query(`ALTER TABLE bank_summaries DROP COLUMN cash_balance_cents`);
    await queryRunner.query(`DROP TABLE forecast_settings`);
  }
}
