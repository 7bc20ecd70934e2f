import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * One stored audit event (migrations/CreateAuditLog). Append-only: a database trigger refuses UPDATE and
 * DELETE, so not even this service can rewrite history. The id is the producer's, so a retried job stores once.
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
