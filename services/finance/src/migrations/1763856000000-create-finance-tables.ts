import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Bills, income sources, savings goals and suggestions (docs/product/signed-in.md §3). Every row carries its owner's id
 * (the token's `sub`; text, as the auth service decides its format) and every query filters on it, so each
 * table is indexed by user first. Money is NUMERIC(12,2) dollars; enums are CHECKed like the API checks them.
 */
export class CreateFinanceTables1763856000000 implements MigrationInterface {
  name = 'CreateFinanceTables1763856000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE bills (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id text NOT NULL,
        name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
        amount numeric(12,2) NOT NULL CHECK (amount >= 0),
        due_date date NOT NULL,
        priority text NOT NULL DEFAULT 'medium' CHECK (priority IN ('low', 'medium', 'high')),
        category text NOT NULL DEFAULT 'utilities' CHECK (category IN
          ('utilities', 'rent', 'insurance', 'subscriptions', 'loans', 'credit-card', 'auto-payment', 'other')),
        recurring text NOT NULL DEFAULT 'monthly' CHECK (recurring IN
          ('once', 'weekly', 'biweekly', 'monthly', 'quarterly', 'yearly')),
        suggestion_id uuid,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX bills_user_due_idx ON bills (user_id, due_date, name)`);

    await queryRunner.query(`
      CREATE TABLE income_sources (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id text NOT NULL,
        source text NOT NULL CHECK (length(source) BETWEEN 1 AND 100),
        amount numeric(12,2) NOT NULL CHECK (amount >= 0),
        frequency text NOT NULL DEFAULT 'monthly' CHECK (frequency IN ('weekly', 'biweekly', 'monthly', 'quarterly')),
        next_date date NOT NULL,
        suggestion_id uuid,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX income_sources_user_next_idx ON income_sources (user_id, next_date, source)`);

    await queryRunner.query(`
      CREATE TABLE savings_goals (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id text NOT NULL,
        goal_type text NOT NULL CHECK (goal_type ~ '^[a-z0-9_]{1,64}$'),
        current_amount numeric(12,2) NOT NULL DEFAULT 0 CHECK (current_amount >= 0),
        target_amount numeric(12,2) CHECK (target_amount >= 0),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX savings_goals_user_idx ON savings_goals (user_id, created_at)`);

    // Filled by bank-sync over the Redis transport; (user, kind, external key) makes a resend an update.
    await queryRunner.query(`
      CREATE TABLE suggestions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id text NOT NULL,
        kind text NOT NULL CHECK (kind IN ('bill', 'income')),
        external_key text NOT NULL,
        name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
        amount numeric(12,2) NOT NULL CHECK (amount >= 0),
        category text CHECK (category IN
          ('utilities', 'rent', 'insurance', 'subscriptions', 'loans', 'credit-card', 'auto-payment', 'other')),
        frequency text CHECK (frequency IN ('weekly', 'biweekly', 'monthly', 'quarterly')),
        suggested_date date NOT NULL,
        transaction_date date,
        confidence numeric(4,3) NOT NULL CHECK (confidence BETWEEN 0 AND 1),
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'accepted', 'dismissed')),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((kind = 'bill' AND category IS NOT NULL) OR (kind = 'income' AND frequency IS NOT NULL)),
        UNIQUE (user_id, kind, external_key)
      )`);
    await queryRunner.query(`CREATE INDEX suggestions_user_status_idx ON suggestions (user_id, status, kind)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE suggestions`);
    await queryRunner.query(`DROP TABLE savings_goals`);
    await queryRunner.query(`DROP TABLE income_sources`);
    await queryRunner.query(`DROP TABLE bills`);
  }
}
