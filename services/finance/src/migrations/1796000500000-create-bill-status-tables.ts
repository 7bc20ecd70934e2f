import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Paid bill occurrences.
 * - bill_paid_marks: an occurrence marked paid by hand, one row per (bill, due date); user_id is who marked it.
 *   Deleting the bill deletes its marks. A write bumps the data version of the bill's owner, of the marker and,
 *   for a shared bill, of its household (the dashboard cache keys of everyone who sees the bill).
 * - bank_payments: the user's recent payments out as bank-sync last pushed them (BILL_PAYMENTS_PATTERN), one
 *   JSON array per user like bank_summaries (finance never reads bank-sync's tables); a changed set bumps the
 *   user's data version, a resend of the same set leaves the cached dashboard alone.
 */
export class CreateBillStatusTables1796000500000 implements MigrationInterface {
  name = 'CreateBillStatusTables1796000500000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE bill_paid_marks (
        bill_id uuid NOT NULL REFERENCES bills(id) ON DELETE CASCADE,
        due_date date NOT NULL,
        user_id text NOT NULL,
        marked_on date NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (bill_id, due_date)
      )`);
    const [{ schema }] = (await queryRunner.query(`SELECT current_schema() AS schema`)) as { schema: string }[];
    const quoted = `"${schema.replace(/"/g, '""')}"`;
    await queryRunner.query(`
      CREATE FUNCTION bump_bill_mark_versions() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        mark_bill uuid;
        marker text;
        keys text[];
      BEGIN
        IF TG_OP = 'DELETE' THEN mark_bill := OLD.bill_id; marker := OLD.user_id;
        ELSE mark_bill := NEW.bill_id; marker := NEW.user_id; END IF;
        SELECT array_remove(ARRAY[marker, b.user_id, 'household:' || b.household_id], NULL) INTO keys
          FROM ${quoted}.bills b WHERE b.id = mark_bill;
        -- The bill is gone (a cascade): its own triggers bumped its readers already.
        keys := coalesce(keys, ARRAY[marker]);
        INSERT INTO ${quoted}.data_versions AS v (user_id, version)
          SELECT d.k, nextval('${quoted}.data_version_seq') FROM (SELECT DISTINCT unnest(keys) AS k) AS d
          ON CONFLICT (user_id) DO UPDATE SET version = EXCLUDED.version;
        RETURN NULL;
      END
      $$`);
    await queryRunner.query(
      `CREATE TRIGGER bill_paid_marks_bump_versions AFTER INSERT OR UPDATE OR DELETE ON bill_paid_marks
       FOR EACH ROW EXECUTE FUNCTION bump_bill_mark_versions()`,
    );

    await queryRunner.query(`
      CREATE TABLE bank_payments (
        user_id text PRIMARY KEY,
        transactions jsonb NOT NULL CHECK (jsonb_typeof(transactions) = 'array'),
        computed_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      `CREATE TRIGGER bank_payments_bump_data_version AFTER INSERT OR DELETE ON bank_payments
       FOR EACH ROW EXECUTE FUNCTION bump_data_version()`,
    );
    await queryRunner.query(
      `CREATE TRIGGER bank_payments_bump_data_version_on_change AFTER UPDATE ON bank_payments
       FOR EACH ROW WHEN (OLD.transactions IS DISTINCT FROM NEW.transactions)
       EXECUTE FUNCTION bump_data_version()`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE bank_payments`);
    await queryRunner.query(`DROP TABLE bill_paid_marks`);
    await queryRunner.query(`DROP FUNCTION bump_bill_mark_versions()`);
  }
}
