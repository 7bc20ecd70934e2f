import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditJobs } from './audit-jobs.js';
import { AuditLogEntry } from './audit-log-entry.entity.js';
import { AuditLogController } from './audit-log.controller.js';
import { AuditLogService } from './audit-log.service.js';
import { AuditRecorder } from './audit-recorder.js';

@Module({
  imports: [TypeOrmModule.forFeature([AuditLogEntry])],
  controllers: [AuditLogController],
  providers: [AuditLogService, AuditJobs, AuditRecorder],
  exports: [AuditRecorder],
})
export class AuditModule {}
