import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What the admin's waitlist tab needs at a million entries (WaitlistAdminService.page): keyset pages walk an
 * index from the last row shown, and the search box finds entries through an index. The admin sees pending
 * entries only, so the indexes hold only those.
 *
 * Search is by prefix (the e-mail address, the name, or the name after its first word starts with the text) on
 * btree indexes with text_pattern_ops, not by substring with pg_trgm: a trigram index needs CREATE EXTENSION,
 * which the service's own database role may not run (k8s/base/postgres/service-roles.sh), and the extension
 * would live once per database outside the service's schema. `email` is stored lower-cased (a CHECK of the
 * table); the name keeps its case, so its lower() is indexed, written exactly as the search writes it.
 */
export class AddAdminListIndexes1796600000000 implements MigrationInterface {
  name = 'AddAdminListIndexes1796600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX waitlist_pending_created_idx ON waitlist_entries (created_at, id) WHERE status = 'pending'`);
    await queryRunner.query(`CREATE INDEX waitlist_pending_email_idx ON waitlist_entries (email) WHERE status = 'pending'`);
    await queryRunner.query(`CREATE INDEX waitlist_pending_email_prefix_idx ON waitlist_entries (email text_pattern_ops) WHERE status = 'pending'`);
    await queryRunner.query(
      `CREATE INDEX waitlist_pending_name_prefix_idx ON waitlist_entries ((lower(name)) text_pattern_ops) WHERE status = 'pending'`,
    );
    await queryRunner.query(
      `CREATE INDEX waitlist_pending_last_name_prefix_idx ON waitlist_entries ((lower(substring(name FROM '\\s(.*)$'))) text_pattern_ops)
        WHERE status = 'pending'`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `DROP INDEX waitlist_pending_created_idx, waitlist_pending_email_idx, waitlist_pending_email_prefix_idx,
        waitlist_pending_name_prefix_idx, waitlist_pending_last_name_prefix_idx`,
    );
  }
}
