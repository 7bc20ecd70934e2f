import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Reminder e-mails: each user's Notifications settings (toggles, days before a due date, the
 * browser's IANA time zone) and the delivery ledger. A ledger row per reminder sent is what keeps each one sent
 * once across workers, restarts and re-scans (its key is the primary key), and it holds the SHA-256 of that
 * e-mail's unsubscribe token, so every e-mail's link works on its own and no token is stored in the clear.
 */
export class CreateReminders1796200000000 implements MigrationInterface {
  name = 'CreateReminders1796200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE reminder_settings (
        user_id text PRIMARY KEY,
        bills boolean NOT NULL,
        income boolean NOT NULL,
        suggestions boolean NOT NULL,
        updates boolean NOT NULL,
        days_before smallint NOT NULL CHECK (days_before BETWEEN 1 AND 14),
        time_zone text NOT NULL CHECK (length(time_zone) BETWEEN 1 AND 64),
        updated_at timestamptz NOT NULL
      )`);
    // The worker's scan reads only users who want a reminder e-mail.
    await queryRunner.query(`CREATE INDEX reminder_settings_wanted ON reminder_settings (user_id) WHERE bills OR income`);
    await queryRunner.query(`
      CREATE TABLE reminder_deliveries (
        reminder_key text PRIMARY KEY,
        user_id text NOT NULL,
        kind text NOT NULL CHECK (kind IN ('bill-due', 'payday')),
        occurrence_date date NOT NULL,
        unsubscribe_token_hash text NOT NULL UNIQUE CHECK (length(unsubscribe_token_hash) = 43),
        sent_at timestamptz NOT NULL
      )`);
    await queryRunner.query(`CREATE INDEX reminder_deliveries_user ON reminder_deliveries (user_id)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE reminder_deliveries`);
    await queryRunner.query(`DROP TABLE reminder_settings`);
  }
}
