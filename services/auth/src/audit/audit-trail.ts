import { createHash } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { buildAuditEvent, type AuditEvent, type AuditKind } from '@paycadence/contracts';
import { CLOCK, JobProducer, type Clock } from '@paycadence/nest-kit';

/**
 * The kinds auth records: its own `auth.*` events, and the `admin.*` changes it commits for the admin service
 * (the side that commits a change records it; admin records only `admin.waitlist-removed`).
 */
export type AuthAuditKind = Exclude<AuditKind, 'admin.waitlist-removed'>;

/** Who: an account by id and address; either may be unknown (a sign-in attempt for an address without account). */
export interface AuditParty {
  id: string | null;
  email: string | null;
}
export const NOBODY: AuditParty = { id: null, email: null };

/** From where a request came: the client address as the gateway saw it, and its user agent. */
export interface RequestOrigin {
  ip: string | null;
  userAgent: string | null;
}
export const NO_ORIGIN: RequestOrigin = { ip: null, userAgent: null };

/**
 * The origin of an HTTP request. `request.ip` is the client's address as the trusted proxies report it (nest-kit's
 * trustProxy = TRUSTED_PROXIES, default loopback): X-Forwarded-For from any other peer is ignored, so a client
 * reaching the service directly cannot choose it. The one place auth reads the client address.
 */
export function requestOrigin(request: { ip?: string; headers: Record<string, string | string[] | undefined> }): RequestOrigin {
  const agent = request.headers['user-agent'];
  return { ip: request.ip || null, userAgent: typeof agent === 'string' && agent ? agent : null };
}

export type AuditDetails = Record<string, string | number | boolean | null>;

export interface AuditRecord {
  /** Who did it; default NOBODY (an anonymous attempt). */
  actor?: AuditParty;
  /** Whom it concerns. */
  subject: AuditParty;
  origin: RequestOrigin;
  details?: AuditDetails;
  /**
   * The event's id when it must be stored once however often it is recorded (an approval answered again after
   * a retry): see `onceId`. Default: a fresh id.
   */
  id?: string;
}

/**
 * A stable event id for "this happened once to this subject" (an RFC 9562 name-based, version 5 UUID): the
 * job id collapses a second enqueue while the first waits, and admin's insert ignores an id it already holds.
 */
export function onceId(kind: AuditKind, subjectId: string): string {
  const bytes = createHash('sha1').update(`paycadence-audit|${kind}|${subjectId}`).digest().subarray(0, 16);
  bytes[6] = (bytes[6] & 0x0f) | 0x50;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The event as AuditEventSchema takes it (contracts' buildAuditEvent: within every limit, credentials left out). */
export function auditEvent(kind: AuthAuditKind, record: AuditRecord, occurredAt: Date, id: string | undefined = record.id): AuditEvent {
  const { actor = NOBODY, subject, origin, details } = record;
  return buildAuditEvent({ kind, occurredAt, actor, subject, ip: origin.ip, userAgent: origin.userAgent, details, id });
}

/**
 * Auth's side of the audit log: each event becomes a `record-audit` job on admin's `audit` queue,
 * which admin stores. Never in the way of the user's request: the job is added in the background, and a
 * failure (Redis down, a malformed event) is logged, never thrown.
 */
@Injectable()
export class AuditTrail {
  private readonly logger = new Logger('AuditTrail');

  constructor(
    @Inject(JobProducer) private readonly jobs: JobProducer,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Starts recording; callers need not await it (it resolves when the job is added or the failure logged). */
  record(kind: AuthAuditKind, record: AuditRecord): Promise<void> {
    let event: AuditEvent;
    try {
      event = auditEvent(kind, record, this.clock.now());
    } catch (error) {
      this.logger.error(`audit event ${kind} not recorded: ${(error as Error).message}`);
      return Promise.resolve();
    }
    return this.jobs.enqueue('record-audit', event).then(
      () => undefined,
      (error: unknown) => this.logger.error(`audit event ${kind} not recorded: ${error instanceof Error ? error.message : String(error)}`),
    );
  }
}
