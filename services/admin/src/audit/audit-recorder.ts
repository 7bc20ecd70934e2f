import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { AuditEventSchema, type AuditEvent, type AuditKind } from '@payday/contracts';
import { CLOCK, JobProducer, type Clock } from '@payday/nest-kit';
import { AuditLogService } from './audit-log.service.js';

/** Who did an admin action and from where (the verified token; the request as the gateway passed it). */
export interface ActionContext {
  actorId: string;
  actorEmail: string | null;
  ip: string | null;
  userAgent: string | null;
}

/**
 * The events admin itself commits. The account changes (admin.user-created, -approved, -suspended, -activated)
 * are recorded by auth, which commits them; admin writing them too would log each twice.
 */
export interface AdminAuditFact {
  kind: Extract<AuditKind, 'admin.waitlist-removed'>;
  subject: { id: string | null; email: string | null };
  details?: AuditEvent['details'];
}

/**
 * Writes admin's own actions to the log directly. Called after the change succeeded: should the insert fail,
 * the event goes on the `audit` queue (retried until stored) rather than being lost or failing an action
 * that already happened.
 */
@Injectable()
export class AuditRecorder {
  private readonly logger = new Logger(AuditRecorder.name);

  constructor(
    @Inject(AuditLogService) private readonly log: AuditLogService,
    @Inject(JobProducer) private readonly jobs: JobProducer,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async record(context: ActionContext, fact: AdminAuditFact): Promise<void> {
    const event = AuditEventSchema.parse({
      id: randomUUID(),
      kind: fact.kind,
      occurredAt: this.clock.now().toISOString(),
      actor: { id: context.actorId, email: context.actorEmail },
      subject: fact.subject,
      ip: context.ip?.slice(0, 64) ?? null,
      userAgent: context.userAgent?.slice(0, 512) ?? null,
      details: fact.details ?? {},
    });
    try {
      await this.log.record(event);
    } catch (error) {
      this.logger.warn(`audit insert failed (${(error as Error).message}); queueing ${event.kind} ${event.id}`);
      await this.jobs.enqueue('record-audit', event).catch((queueError: Error) =>
        this.logger.error(`audit event ${event.kind} ${event.id} lost: ${queueError.message}`),
      );
    }
  }
}
