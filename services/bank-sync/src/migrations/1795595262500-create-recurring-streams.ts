import type { MigrationInterface, QueryRunner } from 'typeorm';

/** What recurring detection found per user, account, direction and merchant (detection/ owns it). */
export class CreateRecurringStreams1795595262500 implements MigrationInterface {
  name = 'CreateRecurringStreams1795595262500';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE recurring_streams (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL,
        account_id uuid NOT NULL REFERENCES bank_accounts (id) ON DELETE CASCADE,
        direction text NOT NULL CHECK (direction IN ('inflow', 'outflow')),
        merchant_key text NOT NULL,
        name text NOT NULL,
        category text NOT NULL,
        frequency text NOT NULL,
        confidence numeric(4, 3) NOT NULL,
        occurrences integer NOT NULL,
        average_amount numeric(14, 2) NOT NULL,
        last_amount numeric(14, 2) NOT NULL,
        last_date date NOT NULL,
        next_date date NOT NULL,
        price_changed boolean NOT NULL DEFAULT false,
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (user_id, account_id, direction, merchant_key)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE recurring_streams`);
  }
}
