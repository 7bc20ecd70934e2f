import { Inject, Injectable } from '@nestjs/common';
import type { AuditEvent } from '@paycadence/contracts';
import { JobHandler } from '@paycadence/nest-kit';
import { AuditLogService } from './audit-log.service.js';

/** Auth's events (sign-in failures, lockouts, resets, 2FA changes) arrive on the `audit` queue. */
@Injectable()
export class AuditJobs {
  constructor(@Inject(AuditLogService) private readonly log: AuditLogService) {}

  /** Idempotent: the event's own id is the row's, so a job BullMQ delivers twice is stored once. */
  @JobHandler('record-audit')
  async recordAudit(event: AuditEvent): Promise<void> {
    await this.log.record(event);
  }
}
