import { Inject, Injectable, Logger } from '@nestjs/common';
import { buildAuditEvent, type AuditEvent, type AuditKind } from '@paycadence/contracts';
import { CLOCK, JobProducer, type Clock } from '@paycadence/nest-kit';
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
 * Writes admin's own actions to the log directly. Called after the change succeeded, so it never fails the
 * action: the event is built with contracts' buildAuditEvent (values cut to the schema's limits, unusable ones
 * dropped) inside the try, and should the insert fail, it goes on the `audit` queue (retried until stored)
 * rather than being lost or turning a completed action into a 500.
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
    let event: AuditEvent | undefined;
    try {
      event = buildAuditEvent({
        kind: fact.kind,
        occurredAt: this.clock.now(),
        actor: { id: context.actorId, email: context.actorEmail },
        subject: fact.subject,
        ip: context.ip,
        userAgent: context.userAgent,
        details: fact.details,
      });
      await this.log.record(event);
    } catch (error) {
      if (!event) {
        this.logger.error(`audit event ${fact.kind} could not be built: ${(error as Error).message}`);
        return;
      }
      const built = event;
      this.logger.warn(`audit insert failed (${(error as Error).message}); queueing ${built.kind} ${built.id}`);
      await this.jobs.enqueue('record-audit', built).catch((queueError: Error) =>
        this.logger.error(`audit event ${built.kind} ${built.id} lost: ${queueError.message}`),
      );
    }
  }
}
