import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Security keys and passkeys (docs/passkeys.md): each key's credential id (unique across accounts: one key
 * belongs to one account) and public key, never anything secret; the signature counter that tells a copied key;
 * the name its owner gave it and when it was added and last used. Deleting the account deletes its keys.
 */
export class SecurityKeys1797000000000 implements MigrationInterface {
  name = 'SecurityKeys1797000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE security_keys (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        credential_id text NOT NULL UNIQUE,
        public_key bytea NOT NULL,
        counter bigint NOT NULL DEFAULT 0 CHECK (counter >= 0),
        transports text[] NOT NULL DEFAULT '{}',
        device_type varchar(16) NOT NULL,
        backed_up boolean NOT NULL DEFAULT false,
        name varchar(64) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_used_at timestamptz
      )`);
    await queryRunner.query(`CREATE INDEX security_keys_user_idx ON security_keys (user_id, created_at)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE security_keys`);
  }
}
