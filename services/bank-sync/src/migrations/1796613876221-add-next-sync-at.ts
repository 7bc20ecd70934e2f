import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The polling schedule moves from Redis (one BullMQ job scheduler per item) into PostgreSQL: each item's next
 * scheduled sync, swept every minute by one job (services/bank-sync/README.md "Scheduled syncs"). Existing items
 * get their slot in a 6-hour period from a hash of their id (src/sync/sync-slot.ts, written out here as it
 * was when this migration was written), so they do not all come due at once. A row inserted without a value
 * is due at once; the sweep then moves it onto its slot.
 */
export class AddNextSyncAt1796613876221 implements MigrationInterface {
  name = 'AddNextSyncAt1796613876221';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE plaid_items ADD COLUMN next_sync_at timestamptz`);
    const slot = `floor(('x' || left(encode(sha256(convert_to(id::text, 'UTF8')), 'hex'), 12))::bit(48)::bigint::numeric * 21600000 / 281474976710656)`;
    await queryRunner.query(
      `UPDATE plaid_items SET next_sync_at = to_timestamp((${slot} + (floor((extract(epoch from now()) * 1000 - ${slot}) / 21600000) + 1) * 21600000) / 1000)`,
    );
    await queryRunner.query(`ALTER TABLE plaid_items ALTER COLUMN next_sync_at SET DEFAULT now(), ALTER COLUMN next_sync_at SET NOT NULL`);
    // The sweep's one query: active items due by now, earliest first.
    await queryRunner.query(`CREATE INDEX plaid_items_next_sync_at_idx ON plaid_items (next_sync_at) WHERE status = 'active'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX plaid_items_next_sync_at_idx`);
    await queryRunner.query(`ALTER TABLE plaid_items DROP COLUMN next_sync_at`);
  }
}
