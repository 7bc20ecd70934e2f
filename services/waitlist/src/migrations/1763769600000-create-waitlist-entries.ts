import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateWaitlistEntries1763769600000 implements MigrationInterface {
  name = 'CreateWaitlistEntries1763769600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE waitlist_entries (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        email text NOT NULL UNIQUE CHECK (email = lower(btrim(email))),
        name text,
        referral_source text NOT NULL,
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved')),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX waitlist_entries_created_at_idx ON waitlist_entries (created_at DESC)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE waitlist_entries`);
  }
}
