import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Reminders on devices by Web Push (docs/reminders.md, Push).
 * - reminder_settings: `bill_channel` and `income_channel`, where each kind goes: 'email', 'device' or 'both'.
 *   Existing rows get 'email', what they had. A change of channel marks the plan stale like a toggle does.
 * - push_subscriptions: one row per device a user turned on; an endpoint once per user. Endpoint and keys are
 *   secrets (never answered, logged or exported). Adding or removing a device marks the owner's plan stale, so a
 *   device turned on at noon still gets that day's reminders.
 * - reminder_deliveries becomes the ledger of every channel: its key is the reminder's key and the channel,
 *   'email' or 'device:<push_subscriptions.id>', so the e-mail and each device get a reminder once. Rows written
 *   before are e-mails. Only an e-mail's row has an unsubscribe token's hash.
 */
export class PushReminders1796800000000 implements MigrationInterface {
  name = 'PushReminders1796800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE reminder_settings
        ADD COLUMN bill_channel text NOT NULL DEFAULT 'email' CHECK (bill_channel IN ('email', 'device', 'both')),
        ADD COLUMN income_channel text NOT NULL DEFAULT 'email' CHECK (income_channel IN ('email', 'device', 'both'))`);
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION reminder_settings_mark_stale() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' OR (NEW.bills, NEW.income, NEW.days_before, NEW.time_zone, NEW.bill_channel, NEW.income_channel)
             IS DISTINCT FROM (OLD.bills, OLD.income, OLD.days_before, OLD.time_zone, OLD.bill_channel, OLD.income_channel) THEN
          NEW.next_reminder_at := CASE WHEN NEW.bills OR NEW.income THEN '-infinity'::timestamptz END;
          NEW.plan_version := CASE WHEN TG_OP = 'INSERT' THEN NEW.plan_version ELSE OLD.plan_version + 1 END;
        END IF;
        RETURN NEW;
      END
      $$`);

    await queryRunner.query(`
      CREATE TABLE push_subscriptions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id text NOT NULL,
        endpoint text NOT NULL CHECK (length(endpoint) BETWEEN 1 AND 1024),
        p256dh text NOT NULL CHECK (length(p256dh) = 87),
        auth text NOT NULL CHECK (length(auth) = 22),
        label text NOT NULL CHECK (length(label) BETWEEN 1 AND 60),
        created_at timestamptz NOT NULL,
        last_used_at timestamptz,
        CONSTRAINT push_subscriptions_endpoint_per_user UNIQUE (user_id, endpoint)
      )`);
    // The same browser is handed over between accounts by endpoint (PushDevicesService.subscribe).
    await queryRunner.query(`CREATE INDEX push_subscriptions_endpoint ON push_subscriptions (md5(endpoint))`);
    await queryRunner.query(`
      CREATE FUNCTION push_subscriptions_mark_plan_stale() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE reminder_settings SET next_reminder_at = '-infinity', plan_version = plan_version + 1
         WHERE user_id = CASE WHEN TG_OP = 'DELETE' THEN OLD.user_id ELSE NEW.user_id END AND (bills OR income);
        RETURN NULL;
      END
      $$`);
    await queryRunner.query(
      `CREATE TRIGGER push_subscriptions_mark_plan_stale AFTER INSERT OR DELETE ON push_subscriptions
       FOR EACH ROW EXECUTE FUNCTION push_subscriptions_mark_plan_stale()`,
    );

    await queryRunner.query(`
      ALTER TABLE reminder_deliveries
        ADD COLUMN channel text NOT NULL DEFAULT 'email'
          CHECK (channel = 'email' OR channel ~ '^device:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'),
        ALTER COLUMN unsubscribe_token_hash DROP NOT NULL,
        ADD CONSTRAINT reminder_deliveries_token_for_email CHECK ((channel = 'email') = (unsubscribe_token_hash IS NOT NULL)),
        DROP CONSTRAINT reminder_deliveries_pkey,
        ADD CONSTRAINT reminder_deliveries_pkey PRIMARY KEY (reminder_key, channel)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM reminder_deliveries WHERE channel <> 'email'`);
    await queryRunner.query(`
      ALTER TABLE reminder_deliveries
        DROP CONSTRAINT reminder_deliveries_pkey,
        ADD CONSTRAINT reminder_deliveries_pkey PRIMARY KEY (reminder_key),
        DROP CONSTRAINT reminder_deliveries_token_for_email,
        ALTER COLUMN unsubscribe_token_hash SET NOT NULL,
        DROP COLUMN channel`);
    await queryRunner.query(`DROP TABLE push_subscriptions`);
    await queryRunner.query(`DROP FUNCTION push_subscriptions_mark_plan_stale()`);
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION reminder_settings_mark_stale() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' OR (NEW.bills, NEW.income, NEW.days_before, NEW.time_zone)
             IS DISTINCT FROM (OLD.bills, OLD.income, OLD.days_before, OLD.time_zone) THEN
          NEW.next_reminder_at := CASE WHEN NEW.bills OR NEW.income THEN '-infinity'::timestamptz END;
          NEW.plan_version := CASE WHEN TG_OP = 'INSERT' THEN NEW.plan_version ELSE OLD.plan_version + 1 END;
        END IF;
        RETURN NEW;
      END
      $$`);
    await queryRunner.query(`ALTER TABLE reminder_settings DROP COLUMN income_channel, DROP COLUMN bill_channel`);
  }
}
