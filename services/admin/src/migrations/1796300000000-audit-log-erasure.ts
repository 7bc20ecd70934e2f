import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A deleted account is erased from the audit log without rewriting history: the entries stay
 * (what happened, when, its details) and only the columns naming a person (ids, e-mails, IP, browser) may be
 * cleared. Still append-only for everything else: the statement trigger lets an UPDATE through only inside a
 * transaction that set `paycadence.audit_erasure` to 'on' (the erasure's own), and a row trigger then refuses
 * any change but setting those columns to NULL. DELETE stays refused. In production grant the service role
 * UPDATE on those six columns only (README, "Your data").
 */
export class AuditLogErasure1796300000000 implements MigrationInterface {
  name = 'AuditLogErasure1796300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION audit_log_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'UPDATE' AND current_setting('paycadence.audit_erasure', true) = 'on' THEN
          RETURN NULL;
        END IF;
        RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
      END
      $$`);
    await queryRunner.query(`
      CREATE FUNCTION audit_log_erasure_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.id IS DISTINCT FROM OLD.id OR NEW.kind IS DISTINCT FROM OLD.kind
           OR NEW.occurred_at IS DISTINCT FROM OLD.occurred_at OR NEW.recorded_at IS DISTINCT FROM OLD.recorded_at
           OR NEW.details IS DISTINCT FROM OLD.details
           OR (NEW.actor_id IS NOT NULL AND NEW.actor_id IS DISTINCT FROM OLD.actor_id)
           OR (NEW.actor_email IS NOT NULL AND NEW.actor_email IS DISTINCT FROM OLD.actor_email)
           OR (NEW.subject_id IS NOT NULL AND NEW.subject_id IS DISTINCT FROM OLD.subject_id)
           OR (NEW.subject_email IS NOT NULL AND NEW.subject_email IS DISTINCT FROM OLD.subject_email)
           OR (NEW.ip IS NOT NULL AND NEW.ip IS DISTINCT FROM OLD.ip)
           OR (NEW.user_agent IS NOT NULL AND NEW.user_agent IS DISTINCT FROM OLD.user_agent) THEN
          RAISE EXCEPTION 'audit_log erasure may only clear the columns naming a person' USING ERRCODE = 'insufficient_privilege';
        END IF;
        RETURN NEW;
      END
      $$`);
    await queryRunner.query(`
      CREATE TRIGGER audit_log_erasure_only BEFORE UPDATE ON audit_log
      FOR EACH ROW EXECUTE FUNCTION audit_log_erasure_only()`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER audit_log_erasure_only ON audit_log`);
    await queryRunner.query(`DROP FUNCTION audit_log_erasure_only()`);
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION audit_log_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
      END
      $$`);
  }
}
