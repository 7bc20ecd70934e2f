import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Items, accounts and transactions; runs inside the service's own schema (the skeleton sets search_path). */
export class CreateBankTables1795595262425 implements MigrationInterface {
  name = 'CreateBankTables1795595262425';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE plaid_items (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL,
        plaid_item_id text NOT NULL UNIQUE,
        access_token_sealed text NOT NULL,
        institution_id text,
        institution_name text NOT NULL,
        status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'login_required')),
        sync_state text NOT NULL DEFAULT 'idle' CHECK (sync_state IN ('idle', 'queued', 'running', 'failed')),
        cursor text,
        last_synced_at timestamptz,
        last_error text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX plaid_items_user_id_idx ON plaid_items (user_id)`);
    await queryRunner.query(`
      CREATE TABLE bank_accounts (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL,
        item_id uuid NOT NULL REFERENCES plaid_items (id) ON DELETE CASCADE,
        plaid_account_id text NOT NULL,
        name text NOT NULL,
        official_name text,
        mask text,
        type text NOT NULL,
        subtype text,
        current_balance numeric(14, 2),
        available_balance numeric(14, 2),
        currency_code text NOT NULL DEFAULT 'USD',
        balance_updated_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (item_id, plaid_account_id)
      )`);
    await queryRunner.query(`CREATE INDEX bank_accounts_user_id_idx ON bank_accounts (user_id)`);
    await queryRunner.query(`
      CREATE TABLE bank_transactions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL,
        item_id uuid NOT NULL REFERENCES plaid_items (id) ON DELETE CASCADE,
        account_id uuid NOT NULL REFERENCES bank_accounts (id) ON DELETE CASCADE,
        plaid_transaction_id text NOT NULL,
        pending_transaction_id text,
        amount numeric(14, 2) NOT NULL,
        currency_code text NOT NULL DEFAULT 'USD',
        date date NOT NULL,
        authorized_date date,
        name text NOT NULL,
        merchant_name text,
        merchant_key text NOT NULL,
        category text[] NOT NULL DEFAULT '{}',
        pending boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (item_id, plaid_transaction_id)
      )`);
    await queryRunner.query(`CREATE INDEX bank_transactions_user_date_idx ON bank_transactions (user_id, date DESC)`);
    await queryRunner.query(`CREATE INDEX bank_transactions_account_merchant_idx ON bank_transactions (account_id, merchant_key)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE bank_transactions`);
    await queryRunner.query(`DROP TABLE bank_accounts`);
    await queryRunner.query(`DROP TABLE plaid_items`);
  }
}
