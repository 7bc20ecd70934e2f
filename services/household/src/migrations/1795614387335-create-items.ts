import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Runs inside the service's own schema (the skeleton sets search_path to it). */
export class CreateItems1795614387335 implements MigrationInterface {
  name = 'CreateItems1795614387335';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE items (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL,
        name text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX items_user_id_idx ON items (user_id)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE items`);
  }
}
