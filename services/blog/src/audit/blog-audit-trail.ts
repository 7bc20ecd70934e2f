import { Inject, Injectable, Logger } from '@nestjs/common';
import { buildAuditEvent, type AuditEvent, type AuditKind } from '@paycadence/contracts';
import { CLOCK, JobProducer, type AuthenticatedUser, type Clock } from '@paycadence/nest-kit';

export type BlogAuditKind = Extract<AuditKind, `blog.${string}`>;

/** The request an admin action came in on: the address the gateway saw (one trusted hop) and the user agent. */
export interface AuditRequest {
  ip?: string;
  headers: Record<string, string | string[] | undefined>;
}

/** A few facts about what changed (a post's id, slug and title; an image's url and size). */
export type BlogAuditDetails = Record<string, string | number | boolean | null>;

/** The event for an admin's blog action: actor and subject are the admin (the thing changed is in the details). */
export function blogAuditEvent(kind: BlogAuditKind, admin: AuthenticatedUser, request: AuditRequest, details: BlogAuditDetails, at: Date): AuditEvent {
  const agent = request.headers['user-agent'];
  const party = { id: admin.id, email: admin.email ?? null };
  return buildAuditEvent({
    kind,
    occurredAt: at,
    actor: party,
    subject: party,
    ip: request.ip || null,
    userAgent: typeof agent === 'string' && agent ? agent : null,
    details,
  });
}

/**
 * The blog's side of the audit log: each admin change becomes a `record-audit` job on admin's `audit` queue
 * (as auth's events do), which admin stores. The change has already happened, so a failure to record (Redis
 * down) is logged as a warning and never fails the request.
 */
@Injectable()
export class BlogAuditTrail {
  private readonly logger = new Logger('BlogAuditTrail');

  constructor(
    @Inject(JobProducer) private readonly jobs: JobProducer,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async record(kind: BlogAuditKind, admin: AuthenticatedUser, request: AuditRequest, details: BlogAuditDetails): Promise<void> {
    try {
      await this.jobs.enqueue('record-audit', blogAuditEvent(kind, admin, request, details, this.clock.now()));
    } catch (error) {
      this.logger.warn(`audit event ${kind} not recorded: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
