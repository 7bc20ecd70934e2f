import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The due-date planner (docs/due-date-planner.md).
 * - bills: whether the biller lets the person pick the due day (null: the category's usual answer) and the days
 *   it allows (null: any); after a confirmed change, the old series' anchor and the first day of the new one
 *   (occurrences before it keep their old dates, so paid marks keyed by due date stay where they were).
 * - due_date_moves: each move the person started with a biller. One open move (planned or asked) per bill.
 *   A confirmed move is the bill's history: it stays until the bill goes (ON DELETE CASCADE). Its writes bump the
 *   owner's data version.
 */
export class DueDatePlanner1796700000000 implements MigrationInterface {
  name = 'DueDatePlanner1796700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE bills
        ADD COLUMN due_day_flexible text CHECK (due_day_flexible IN ('yes', 'no', 'unknown')),
        ADD COLUMN due_day_min smallint CHECK (due_day_min BETWEEN 1 AND 31),
        ADD COLUMN due_day_max smallint CHECK (due_day_max BETWEEN 1 AND 31),
        ADD COLUMN earlier_due_date date,
        ADD COLUMN due_date_from date,
        ADD CONSTRAINT bills_due_day_range CHECK (due_day_min IS NULL OR due_day_max IS NULL OR due_day_min <= due_day_max),
        ADD CONSTRAINT bills_due_date_change CHECK ((earlier_due_date IS NULL) = (due_date_from IS NULL))`);
    await queryRunner.query(`
      CREATE TABLE due_date_moves (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id text NOT NULL,
        bill_id uuid NOT NULL REFERENCES bills(id) ON DELETE CASCADE,
        from_day smallint NOT NULL CHECK (from_day BETWEEN 1 AND 31),
        to_day smallint NOT NULL CHECK (to_day BETWEEN 1 AND 31),
        status text NOT NULL CHECK (status IN ('planned', 'asked', 'confirmed', 'declined')),
        effective_date date,
        asked_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((status = 'confirmed') = (effective_date IS NOT NULL))
      )`);
    await queryRunner.query(`CREATE INDEX due_date_moves_user ON due_date_moves (user_id, created_at)`);
    await queryRunner.query(`CREATE UNIQUE INDEX due_date_moves_one_open ON due_date_moves (bill_id) WHERE status IN ('planned', 'asked')`);
    // The person's moves are choices the plan is made around: a change bumps their data version, which keys the
    // cached plan (as bills, paid marks and the threshold do).
    await queryRunner.query(
      `CREATE TRIGGER due_date_moves_bump_data_version AFTER INSERT OR UPDATE OR DELETE ON due_date_moves
       FOR EACH ROW EXECUTE FUNCTION bump_data_version()`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE due_date_moves`);
    await queryRunner.query(`
      ALTER TABLE bills DROP CONSTRAINT bills_due_date_change, DROP CONSTRAINT bills_due_day_range,
        DROP COLUMN due_date_from, DROP COLUMN earlier_due_date, DROP COLUMN due_day_max, DROP COLUMN due_day_min, DROP COLUMN due_day_flexible`);
  }
}
