import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module.js';
import { TransportClient } from '../transport/transport-client.js';
import { AdminAccountsController } from './admin-accounts.controller.js';
import { AdminActionsService } from './admin-actions.service.js';
import { AuthAccountsClient } from './auth-accounts.client.js';
import { WaitlistClient } from './waitlist.client.js';

@Module({
  imports: [AuditModule],
  controllers: [AdminAccountsController],
  providers: [TransportClient, AuthAccountsClient, WaitlistClient, AdminActionsService],
})
export class AccountsModule {}
