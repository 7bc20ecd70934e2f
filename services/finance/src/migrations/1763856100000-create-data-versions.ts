import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A per-user data version, bumped by triggers on every write to bills, income sources and savings goals
 * (whatever path the write takes: the API, an accepted suggestion, a script). The dashboard caches its
 * computed answer under this version, so one cheap lookup tells every replica whether the cache still holds.
 * Versions come from one sequence, so they never repeat even after rows are removed.
 */
export class CreateDataVersions1763856100000 implements MigrationInterface {
  name = 'CreateDataVersions1763856100000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE SEQUENCE data_version_seq`);
    await queryRunner.query(`
      CREATE TABLE data_versions (
        user_id text PRIMARY KEY,
        version bigint NOT NULL
      )`);
    // The trigger runs with the writer's search_path (a script may have none set), so it names its schema.
    const [{ schema }] = (await queryRunner.query(`SELECT current_schema() AS schema`)) as { schema: string }[];
    const quoted = `"${schema.replace(/"/g, '""')}"`;
    await queryRunner.query(`
      CREATE FUNCTION bump_data_version() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO ${quoted}.data_versions AS v (user_id, version)
        VALUES (CASE WHEN TG_OP = 'DELETE' THEN OLD.user_id ELSE NEW.user_id END, nextval('${quoted}.data_version_seq'))
        ON CONFLICT (user_id) DO UPDATE SET version = EXCLUDED.version;
        RETURN NULL;
      END
      $$`);
    for (const table of ['bills', 'income_sources', 'savings_goals']) {
      await queryRunner.query(
        `CREATE TRIGGER ${table}_bump_data_version AFTER INSERT OR UPDATE OR DELETE ON ${table}
         FOR EACH ROW EXECUTE FUNCTION bump_data_version()`,
      );
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['bills', 'income_sources', 'savings_goals']) {
      await queryRunner.query(`DROP TRIGGER ${table}_bump_data_version ON ${table}`);
    }
    await queryRunner.query(`DROP FUNCTION bump_data_version()`);
    await queryRunner.query(`DROP TABLE data_versions`);
    await queryRunner.query(`DROP SEQUENCE data_version_seq`);
  }
}
