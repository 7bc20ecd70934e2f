import { Module } from '@nestjs/common';
import { AdminModule } from '../admin/admin.module.js';
import { AuditModule } from '../audit/audit.module.js';
import { MfaModule } from '../mfa/mfa.module.js';
import { SessionsModule } from '../sessions/sessions.module.js';
import { ThrottlingModule } from '../throttling/throttling.module.js';
import { UsersModule } from '../users/users.module.js';
import { AccountDataClient } from './account-data.client.js';
import { AccountDataController } from './account-data.controller.js';
import { AccountDeletionService } from './account-deletion.service.js';
import { AccountExportService } from './account-export.service.js';

/**
 * /api/auth/account: the export and the deletion of an account across every service, asked over the Redis
 * transport (`<service>.account.export` / `.delete`), and the sweep that finishes deletions cut short.
 */
@Module({
  imports: [UsersModule, SessionsModule, MfaModule, ThrottlingModule, AuditModule, AdminModule],
  controllers: [AccountDataController],
  providers: [AccountDataClient, AccountExportService, AccountDeletionService],
})
export class AccountDataModule {}
