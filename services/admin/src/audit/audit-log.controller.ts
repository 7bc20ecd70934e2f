import { Controller, Get, Inject, Query, UseGuards } from '@nestjs/common';
import { AuditQuerySchema, type AuditPage, type AuditQuery } from '@paycadence/contracts';
import { AuthGuard, Roles, ZodValidationPipe } from '@paycadence/nest-kit';
import { AuditLogService } from './audit-log.service.js';

/** System Logs (/admin/logs): the audit log, filtered by kind, user and time, paged, newest first. */
@Controller('api/admin')
@UseGuards(AuthGuard)
@Roles('admin')
export class AuditLogController {
  constructor(@Inject(AuditLogService) private readonly log: AuditLogService) {}

  @Get('logs')
  logs(@Query(new ZodValidationPipe(AuditQuerySchema)) query: AuditQuery): Promise<AuditPage> {
    return this.log.page(query);
  }
}
