import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module.js';
import { AdminTransport } from '../transport/transport-client.js';
import { AdminAccountsController } from './admin-accounts.controller.js';
import { AdminActionsService } from './admin-actions.service.js';
import { AuthAccountsClient } from './auth-accounts.client.js';
import { WaitlistClient } from './waitlist.client.js';

@Module({
  imports: [AuditModule],
  controllers: [AdminAccountsController],
  providers: [AdminTransport, AuthAccountsClient, WaitlistClient, AdminActionsService],
})
export class AccountsModule {}
