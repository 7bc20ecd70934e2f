import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What the admin's user list needs at a million accounts (AdminUserList): its pages walk an index from the
 * last row shown, its search box finds accounts through an index, and its Admin Users counter reads a tiny one.
 *
 * Search is by prefix (the e-mail address, the first or the last name starts with the text) on btree indexes
 * with text_pattern_ops, not by substring with pg_trgm: a trigram index needs CREATE EXTENSION, which the
 * service's own database role may not run (k8s/base/postgres/service-roles.sh), and the extension would live
 * once per database outside the service's schema. A btree lives in the schema, is small and also answers the
 * one-character searches a trigram index cannot narrow. `email` is stored lower-cased (a CHECK of the table), so
 * it is indexed as it is; names keep the case they were typed in, so their lower() is indexed. The full name
 * is joined exactly as AdminUserList's search joins it, so the planner matches the expression.
 *
 * Plain CREATE INDEX (not CONCURRENTLY: migrations run in one transaction): on a million rows each takes
 * seconds, during which sign-ups wait.
 */
export class AddAdminListIndexes1796600000000 implements MigrationInterface {
  name = 'AddAdminListIndexes1796600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX users_created_at_id_idx ON users (created_at, id)`);
    await queryRunner.query(`CREATE INDEX users_email_prefix_idx ON users (email text_pattern_ops)`);
    await queryRunner.query(
      `CREATE INDEX users_full_name_prefix_idx ON users ((lower(coalesce(first_name, '') || ' ' || coalesce(last_name, ''))) text_pattern_ops)`,
    );
    await queryRunner.query(`CREATE INDEX users_last_name_prefix_idx ON users ((lower(last_name)) text_pattern_ops)`);
    await queryRunner.query(`CREATE INDEX users_admins_idx ON users (id) WHERE role = 'admin'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `DROP INDEX users_created_at_id_idx, users_email_prefix_idx, users_full_name_prefix_idx, users_last_name_prefix_idx, users_admins_idx`,
    );
  }
}
