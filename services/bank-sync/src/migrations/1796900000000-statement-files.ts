import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Statement files (docs/statement-files.md). A file-fed account hangs off an item of source 'file', which has no
 * Plaid item id and no access token (the CHECK keeps a Plaid item from losing either), is never swept
 * (`next_sync_at` infinity) and is never sent to Plaid. Its transactions are ordinary bank_transactions rows, keyed
 * by the file's own ids (`ofx:<FITID>`, `csv:<fingerprint>:<n>`) under the same (item, id) unique key that makes a
 * re-import add nothing twice, and tied to the import that brought them so an import can be undone as a whole.
 * An uploaded file waits in statement_uploads between its preview and its import, then goes.
 */
export class StatementFiles1796900000000 implements MigrationInterface {
  name = 'StatementFiles1796900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE plaid_items ADD COLUMN source text NOT NULL DEFAULT 'plaid' CHECK (source IN ('plaid', 'file'))`);
    await queryRunner.query(`ALTER TABLE plaid_items ALTER COLUMN plaid_item_id DROP NOT NULL, ALTER COLUMN access_token_sealed DROP NOT NULL`);
    await queryRunner.query(
      `ALTER TABLE plaid_items ADD CONSTRAINT plaid_items_source_fields
         CHECK ((source = 'plaid') = (plaid_item_id IS NOT NULL AND access_token_sealed IS NOT NULL))`,
    );
    await queryRunner.query(`ALTER TABLE bank_accounts ADD COLUMN csv_mapping jsonb`);
    await queryRunner.query(`
      CREATE TABLE statement_uploads (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL,
        file_name text NOT NULL,
        content bytea NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX statement_uploads_user_idx ON statement_uploads (user_id, created_at)`);
    await queryRunner.query(`CREATE INDEX statement_uploads_created_idx ON statement_uploads (created_at)`);
    await queryRunner.query(`
      CREATE TABLE statement_imports (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL,
        item_id uuid NOT NULL REFERENCES plaid_items (id) ON DELETE CASCADE,
        account_id uuid NOT NULL REFERENCES bank_accounts (id) ON DELETE CASCADE,
        file_name text NOT NULL,
        format text NOT NULL CHECK (format IN ('ofx', 'qfx', 'csv')),
        added integer NOT NULL DEFAULT 0,
        already integer NOT NULL DEFAULT 0,
        first_date date,
        last_date date,
        balance numeric(14, 2),
        balance_date date,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX statement_imports_user_idx ON statement_imports (user_id, created_at DESC)`);
    await queryRunner.query(`CREATE INDEX statement_imports_account_idx ON statement_imports (account_id, created_at DESC)`);
    // NOT VALID then VALIDATE: every existing row is NULL, and validating takes no lock that stops syncs writing.
    await queryRunner.query(`ALTER TABLE bank_transactions ADD COLUMN import_id uuid`);
    await queryRunner.query(
      `ALTER TABLE bank_transactions ADD CONSTRAINT bank_transactions_import_fk
         FOREIGN KEY (import_id) REFERENCES statement_imports (id) ON DELETE CASCADE NOT VALID`,
    );
    await queryRunner.query(`ALTER TABLE bank_transactions VALIDATE CONSTRAINT bank_transactions_import_fk`);
    await queryRunner.query(`CREATE INDEX bank_transactions_import_idx ON bank_transactions (import_id) WHERE import_id IS NOT NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE bank_transactions DROP COLUMN import_id`);
    await queryRunner.query(`DROP TABLE statement_imports`);
    await queryRunner.query(`DROP TABLE statement_uploads`);
    await queryRunner.query(`ALTER TABLE bank_accounts DROP COLUMN csv_mapping`);
    await queryRunner.query(`DELETE FROM plaid_items WHERE source = 'file'`);
    await queryRunner.query(`ALTER TABLE plaid_items DROP CONSTRAINT plaid_items_source_fields`);
    await queryRunner.query(`ALTER TABLE plaid_items ALTER COLUMN plaid_item_id SET NOT NULL, ALTER COLUMN access_token_sealed SET NOT NULL`);
    await queryRunner.query(`ALTER TABLE plaid_items DROP COLUMN source`);
  }
}
