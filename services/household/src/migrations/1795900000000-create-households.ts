import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Households, their members and invitations; runs inside the service's own schema (search_path). */
export class CreateHouseholds1795900000000 implements MigrationInterface {
  name = 'CreateHouseholds1795900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE households (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`
      CREATE TABLE household_members (
        household_id uuid NOT NULL REFERENCES households(id) ON DELETE CASCADE,
        user_id uuid NOT NULL,
        role text NOT NULL CHECK (role IN ('owner', 'partner', 'member')),
        joined_at timestamptz NOT NULL,
        PRIMARY KEY (household_id, user_id)
      )`);
    await queryRunner.query(`CREATE INDEX household_members_user_idx ON household_members (user_id)`);
    await queryRunner.query(`
      CREATE TABLE household_invitations (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        household_id uuid NOT NULL REFERENCES households(id) ON DELETE CASCADE,
        email text NOT NULL CHECK (email = lower(email)),
        role text NOT NULL CHECK (role IN ('partner', 'member')),
        token_hash text NOT NULL UNIQUE,
        invited_by uuid NOT NULL,
        created_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        accepted_at timestamptz,
        accepted_by uuid
      )`);
    // One invitation waiting per (household, e-mail): a second invite is refused, an expired one is replaced.
    await queryRunner.query(
      `CREATE UNIQUE INDEX household_invitations_pending_idx ON household_invitations (household_id, email) WHERE accepted_at IS NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE household_invitations`);
    await queryRunner.query(`DROP TABLE household_members`);
    await queryRunner.query(`DROP TABLE households`);
  }
}
