import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A user's invitations (sent, accepted, or addressed to them) are found by those columns when their data is
 * exported or deleted (docs/architecture.md "Your data"); the only other index starts with the household, so
 * each of those read every household's invitations. The address is matched as lower(email), the form nest-kit's
 * account-data queries use for every address column.
 */
export class InvitationOwnerIndexes1796616179332 implements MigrationInterface {
  name = 'InvitationOwnerIndexes1796616179332';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX household_invitations_invited_by_idx ON household_invitations (invited_by)`);
    await queryRunner.query(
      `CREATE INDEX household_invitations_accepted_by_idx ON household_invitations (accepted_by) WHERE accepted_by IS NOT NULL`,
    );
    await queryRunner.query(`CREATE INDEX household_invitations_email_idx ON household_invitations (lower(email))`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX household_invitations_email_idx`);
    await queryRunner.query(`DROP INDEX household_invitations_accepted_by_idx`);
    await queryRunner.query(`DROP INDEX household_invitations_invited_by_idx`);
  }
}
