import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * One stored audit event (migrations/CreateAuditLog). Append-only as far as this service's statements go: a
 * database trigger refuses UPDATE and DELETE. That is no defence against the table's owner, which may still
 * TRUNCATE the table or disable/drop the trigger; production runs the service as a role without UPDATE,
 * DELETE or TRUNCATE on audit_log (see the migration). The id is the producer's, so a retried job stores once.
 */
@Entity({ name: 'audit_log' })
export class AuditLogEntry {
  @PrimaryColumn('uuid')
  id: string;

  @Column({ type: 'text' })
  kind: string;

  @Column({ name: 'occurred_at', type: 'timestamptz' })
  occurredAt: Date;

  @Column({ name: 'recorded_at', type: 'timestamptz', default: () => 'now()' })
  recordedAt: Date;

  @Column({ name: 'actor_id', type: 'uuid', nullable: true })
  actorId: string | null;

  @Column({ name: 'actor_email', type: 'text', nullable: true })
  actorEmail: string | null;

  @Column({ name: 'subject_id', type: 'uuid', nullable: true })
  subjectId: string | null;

  @Column({ name: 'subject_email', type: 'text', nullable: true })
  subjectEmail: string | null;

  @Column({ type: 'text', nullable: true })
  ip: string | null;

  @Column({ name: 'user_agent', type: 'text', nullable: true })
  userAgent: string | null;

  @Column({ type: 'jsonb', default: () => `'{}'::jsonb` })
  details: Record<string, string | number | boolean | null>;
}
