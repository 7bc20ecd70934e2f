import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The reminder scan reads only users whose next reminder moment has come (docs/reminders.md):
 * - `next_reminder_at`: in UTC, the first moment a reminder of this user becomes due; '-infinity' when something
 *   that decides it changed and the worker has to plan the user again; null when reminder e-mails are off.
 * - `plan_version`: bumped with every such change, so a plan computed from older data is not stored over it.
 * - `household_ids`: the households whose shared bills and income the last plan included, so a change to a shared
 *   item marks every member's plan stale (finance learns memberships from household; it keeps this copy only for
 *   that).
 * What decides the moment is marked by triggers, whatever path the write takes: every data_versions bump (bills,
 * income, paid marks, bank payments; `household:<id>` for shared rows) and a change of the toggles, the days
 * before or the time zone. Existing users with reminders on start stale: the first scan plans them all once.
 */
export class NextReminderMoment1796400000000 implements MigrationInterface {
  name = 'NextReminderMoment1796400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE reminder_settings
        ADD COLUMN next_reminder_at timestamptz,
        ADD COLUMN plan_version bigint NOT NULL DEFAULT 0,
        ADD COLUMN household_ids uuid[] NOT NULL DEFAULT '{}'`);
    await queryRunner.query(
      `UPDATE reminder_settings SET next_reminder_at = '-infinity' WHERE bills OR income`,
    );
    await queryRunner.query(`DROP INDEX reminder_settings_wanted`);
    await queryRunner.query(
      `CREATE INDEX reminder_settings_next ON reminder_settings (next_reminder_at, user_id) WHERE next_reminder_at IS NOT NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX reminder_settings_households ON reminder_settings USING gin (household_ids) WHERE household_ids <> '{}'`,
    );
    // The plan reads what was sent from the occurrence day on; pruning reads by age.
    await queryRunner.query(`DROP INDEX reminder_deliveries_user`);
    await queryRunner.query(
      `CREATE INDEX reminder_deliveries_user ON reminder_deliveries (user_id, occurrence_date)`,
    );
    await queryRunner.query(`CREATE INDEX reminder_deliveries_sent_at ON reminder_deliveries (sent_at)`);

    const [{ schema }] = (await queryRunner.query(`SELECT current_schema() AS schema`)) as {
      schema: string;
    }[];
    const quoted = `"${schema.replace(/"/g, '""')}"`;
    await queryRunner.query(`
      CREATE FUNCTION mark_reminder_plans_stale() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.user_id LIKE 'household:%' THEN
          UPDATE ${quoted}.reminder_settings
             SET next_reminder_at = '-infinity', plan_version = plan_version + 1
           WHERE household_ids @> ARRAY[substr(NEW.user_id, 11)::uuid] AND household_ids <> '{}' AND (bills OR income);
        ELSE
          UPDATE ${quoted}.reminder_settings
             SET next_reminder_at = '-infinity', plan_version = plan_version + 1
           WHERE user_id = NEW.user_id AND (bills OR income);
        END IF;
        RETURN NULL;
      END
      $$`);
    await queryRunner.query(
      `CREATE TRIGGER data_versions_mark_reminder_plans_stale AFTER INSERT OR UPDATE ON data_versions
       FOR EACH ROW EXECUTE FUNCTION mark_reminder_plans_stale()`,
    );
    await queryRunner.query(`
      CREATE FUNCTION reminder_settings_mark_stale() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' OR (NEW.bills, NEW.income, NEW.days_before, NEW.time_zone)
             IS DISTINCT FROM (OLD.bills, OLD.income, OLD.days_before, OLD.time_zone) THEN
          NEW.next_reminder_at := CASE WHEN NEW.bills OR NEW.income THEN '-infinity'::timestamptz END;
          NEW.plan_version := CASE WHEN TG_OP = 'INSERT' THEN NEW.plan_version ELSE OLD.plan_version + 1 END;
        END IF;
        RETURN NEW;
      END
      $$`);
    await queryRunner.query(
      `CREATE TRIGGER reminder_settings_mark_stale BEFORE INSERT OR UPDATE ON reminder_settings
       FOR EACH ROW EXECUTE FUNCTION reminder_settings_mark_stale()`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER reminder_settings_mark_stale ON reminder_settings`);
    await queryRunner.query(`DROP FUNCTION reminder_settings_mark_stale()`);
    await queryRunner.query(`DROP TRIGGER data_versions_mark_reminder_plans_stale ON data_versions`);
    await queryRunner.query(`DROP FUNCTION mark_reminder_plans_stale()`);
    await queryRunner.query(`DROP INDEX reminder_deliveries_sent_at`);
    await queryRunner.query(`DROP INDEX reminder_deliveries_user`);
    await queryRunner.query(`CREATE INDEX reminder_deliveries_user ON reminder_deliveries (user_id)`);
    await queryRunner.query(`DROP INDEX reminder_settings_households`);
    await queryRunner.query(`DROP INDEX reminder_settings_next`);
    await queryRunner.query(
      `CREATE INDEX reminder_settings_wanted ON reminder_settings (user_id) WHERE bills OR income`,
    );
    await queryRunner.query(`
      ALTER TABLE reminder_settings DROP COLUMN household_ids, DROP COLUMN plan_version, DROP COLUMN next_reminder_at`);
  }
}
