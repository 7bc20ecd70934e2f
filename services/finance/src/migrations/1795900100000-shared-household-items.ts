import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Bills and income sources a household shares: `household_id` (null: personal). The row's user_id
 * stays the member who added it. Finance never reads household's tables; membership is asked over the transport.
 * Every write to a shared row also bumps a version kept under `household:<id>` in data_versions, so a member's
 * cached dashboard (keyed by their own version, their memberships and these household versions) is never stale
 * after another member changes a shared item.
 */
export class SharedHouseholdItems1795900100000 implements MigrationInterface {
  name = 'SharedHouseholdItems1795900100000';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['bills', 'income_sources']) {
      await queryRunner.query(`ALTER TABLE ${table} ADD COLUMN household_id uuid`);
      await queryRunner.query(`CREATE INDEX ${table}_household_idx ON ${table} (household_id) WHERE household_id IS NOT NULL`);
    }
    const [{ schema }] = (await queryRunner.query(`SELECT current_schema() AS schema`)) as { schema: string }[];
    const quoted = `"${schema.replace(/"/g, '""')}"`;
    await queryRunner.query(`
      CREATE FUNCTION bump_household_data_version() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP <> 'INSERT' AND OLD.household_id IS NOT NULL THEN
          INSERT INTO ${quoted}.data_versions AS v (user_id, version)
          VALUES ('household:' || OLD.household_id, nextval('${quoted}.data_version_seq'))
          ON CONFLICT (user_id) DO UPDATE SET version = EXCLUDED.version;
        END IF;
        IF TG_OP <> 'DELETE' AND NEW.household_id IS NOT NULL THEN
          INSERT INTO ${quoted}.data_versions AS v (user_id, version)
          VALUES ('household:' || NEW.household_id, nextval('${quoted}.data_version_seq'))
          ON CONFLICT (user_id) DO UPDATE SET version = EXCLUDED.version;
        END IF;
        RETURN NULL;
      END
      $$`);
    for (const table of ['bills', 'income_sources']) {
      await queryRunner.query(
        `CREATE TRIGGER ${table}_bump_household_data_version AFTER INSERT OR UPDATE OR DELETE ON ${table}
         FOR EACH ROW EXECUTE FUNCTION bump_household_data_version()`,
      );
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['bills', 'income_sources']) {
      await queryRunner.query(`DROP TRIGGER ${table}_bump_household_data_version ON ${table}`);
      await queryRunner.query(`ALTER TABLE ${table} DROP COLUMN household_id`);
    }
    await queryRunner.query(`DROP FUNCTION bump_household_data_version()`);
    await queryRunner.query(`DELETE FROM data_versions WHERE user_id LIKE 'household:%'`);
  }
}
