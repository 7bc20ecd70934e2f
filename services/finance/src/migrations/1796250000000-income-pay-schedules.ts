import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The pay schedules people have: twice a month on two chosen days (`pay_days`, 31 = the month's last day), only
 * some months of the year (`paid_months`, a school year paid September to June) and variable pay with its lean
 * paycheck (`low_amount`). The API checks a schedule with contracts' incomeScheduleProblem; the CHECKs below say
 * the same wherever SQL can, so no other writer stores a schedule the money rules cannot read. Income suggestions
 * carry the same three fields as detected, and their frequency may be 'twice-monthly' too.
 *
 * A pay day of 31 stands for the last day of every month, so a next date on a month's last day (the 30th of
 * April, say) matches a pay day at or past it, exactly as the rule reads it. Left to the API: each paid month
 * listed once and in order (a CHECK cannot look inside an array of any length without a function).
 */
export class IncomePaySchedules1796250000000 implements MigrationInterface {
  name = 'IncomePaySchedules1796250000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE income_sources
        ADD COLUMN pay_days smallint[],
        ADD COLUMN paid_months smallint[],
        ADD COLUMN low_amount numeric(12,2)`);
    await queryRunner.query(`ALTER TABLE income_sources DROP CONSTRAINT income_sources_frequency_check`);
    await queryRunner.query(`
      ALTER TABLE income_sources ADD CONSTRAINT income_sources_frequency_check
        CHECK (frequency IN ('weekly', 'biweekly', 'twice-monthly', 'monthly', 'quarterly'))`);
    await queryRunner.query(
      `ALTER TABLE income_sources ADD CONSTRAINT income_sources_pay_days_check CHECK (${payDaysRule('frequency', 'pay_days', 'next_date')})`,
    );
    await queryRunner.query(
      `ALTER TABLE income_sources ADD CONSTRAINT income_sources_paid_months_check CHECK (${paidMonthsRule('frequency', 'paid_months', 'next_date')})`,
    );
    await queryRunner.query(
      `ALTER TABLE income_sources ADD CONSTRAINT income_sources_low_amount_check CHECK (${lowAmountRule('low_amount', 'amount')})`,
    );

    await queryRunner.query(`
      ALTER TABLE suggestions
        ADD COLUMN suggested_pay_days smallint[],
        ADD COLUMN suggested_paid_months smallint[],
        ADD COLUMN suggested_low_amount numeric(12,2)`);
    // One list for both kinds (bill recurrences and income frequencies), as before; twice a month is income's only.
    await queryRunner.query(`ALTER TABLE suggestions DROP CONSTRAINT suggestions_frequency_check`);
    await queryRunner.query(`
      ALTER TABLE suggestions ADD CONSTRAINT suggestions_frequency_check
        CHECK (frequency IN ('once', 'weekly', 'biweekly', 'twice-monthly', 'monthly', 'quarterly', 'yearly')
               AND (kind = 'income' OR frequency <> 'twice-monthly'))`);
    // A bill suggestion has none of the three; an income suggestion's follow the income rule.
    await queryRunner.query(`
      ALTER TABLE suggestions ADD CONSTRAINT suggestions_pay_schedule_check CHECK (
        CASE WHEN kind = 'income'
          THEN ${payDaysRule('frequency', 'suggested_pay_days', 'suggested_date')}
           AND ${paidMonthsRule('frequency', 'suggested_paid_months', 'suggested_date')}
           AND ${lowAmountRule('suggested_low_amount', 'amount')}
          ELSE suggested_pay_days IS NULL AND suggested_paid_months IS NULL AND suggested_low_amount IS NULL
        END)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    // The old lists have no 'twice-monthly': every two weeks is the nearest cadence they know (24 paychecks a
    // year become 26), and the next date stays a real payday.
    await queryRunner.query(`ALTER TABLE suggestions DROP CONSTRAINT suggestions_pay_schedule_check`);
    await queryRunner.query(`ALTER TABLE suggestions DROP CONSTRAINT suggestions_frequency_check`);
    await queryRunner.query(`UPDATE suggestions SET frequency = 'biweekly' WHERE frequency = 'twice-monthly'`);
    await queryRunner.query(`
      ALTER TABLE suggestions ADD CONSTRAINT suggestions_frequency_check
        CHECK (frequency IN ('once', 'weekly', 'biweekly', 'monthly', 'quarterly', 'yearly'))`);
    await queryRunner.query(`
      ALTER TABLE suggestions
        DROP COLUMN suggested_pay_days,
        DROP COLUMN suggested_paid_months,
        DROP COLUMN suggested_low_amount`);

    await queryRunner.query(`ALTER TABLE income_sources DROP CONSTRAINT income_sources_low_amount_check`);
    await queryRunner.query(`ALTER TABLE income_sources DROP CONSTRAINT income_sources_paid_months_check`);
    await queryRunner.query(`ALTER TABLE income_sources DROP CONSTRAINT income_sources_pay_days_check`);
    await queryRunner.query(`ALTER TABLE income_sources DROP CONSTRAINT income_sources_frequency_check`);
    await queryRunner.query(`UPDATE income_sources SET frequency = 'biweekly' WHERE frequency = 'twice-monthly'`);
    await queryRunner.query(`
      ALTER TABLE income_sources ADD CONSTRAINT income_sources_frequency_check
        CHECK (frequency IN ('weekly', 'biweekly', 'monthly', 'quarterly'))`);
    await queryRunner.query(`
      ALTER TABLE income_sources
        DROP COLUMN pay_days,
        DROP COLUMN paid_months,
        DROP COLUMN low_amount`);
  }
}

// Each rule is wrapped in COALESCE(…, false): a CHECK passes when its expression is NULL, and a NULL inside an
// array (or an empty one, whose bounds are NULL) would otherwise slip through.

/** The day of the month of `date`, and whether `date` is its month's last day (the day after is in another month). */
const dayOf = (date: string) => `EXTRACT(DAY FROM ${date})::smallint`;
const isLastDayOfMonth = (date: string) => `EXTRACT(MONTH FROM ${date} + 1) <> EXTRACT(MONTH FROM ${date})`;

/**
 * Twice a month has exactly two pay days, ascending, 1 to 31, and its next date falls on one of them (or on the
 * month's last day when a pay day reaches past it); any other frequency has none.
 */
function payDaysRule(frequency: string, payDays: string, nextDate: string): string {
  return `COALESCE(CASE WHEN ${frequency} = 'twice-monthly'
    THEN array_ndims(${payDays}) = 1 AND array_lower(${payDays}, 1) = 1 AND cardinality(${payDays}) = 2
     AND ${payDays}[1] >= 1 AND ${payDays}[1] < ${payDays}[2] AND ${payDays}[2] <= 31
     AND (${dayOf(nextDate)} = ANY(${payDays}) OR (${isLastDayOfMonth(nextDate)} AND ${payDays}[2] >= ${dayOf(nextDate)}))
    ELSE ${payDays} IS NULL END, false)`;
}

/**
 * Paid months (null: every month) are for monthly and twice-a-month income only: 1 to 11 months of 1 to 12 (all
 * twelve is null), the next date in one of them.
 */
function paidMonthsRule(frequency: string, paidMonths: string, nextDate: string): string {
  return `(${paidMonths} IS NULL OR COALESCE(
    ${frequency} IN ('twice-monthly', 'monthly')
    AND array_ndims(${paidMonths}) = 1 AND cardinality(${paidMonths}) BETWEEN 1 AND 11
    AND ${paidMonths} <@ ARRAY[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]::smallint[]
    AND EXTRACT(MONTH FROM ${nextDate})::smallint = ANY(${paidMonths}), false))`;
}

/** A lean paycheck is more than nothing and at most the typical one. */
function lowAmountRule(lowAmount: string, amount: string): string {
  return `(${lowAmount} IS NULL OR (${lowAmount} > 0 AND ${lowAmount} <= ${amount}))`;
}
