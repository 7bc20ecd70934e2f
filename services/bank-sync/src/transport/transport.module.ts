import { Module } from '@nestjs/common';
import { SyncModule } from '../sync/sync.module.js';
import { BankSyncMessageController } from './bank-sync.message-controller.js';
import { FinanceClient } from './finance.client.js';
import { SuggestionsController } from './suggestions.controller.js';
import { SyncStatusService } from './sync-status.service.js';

/**
 * Bank sync over the Redis transport: what finance asks (full sync, sync status) and what bank-sync asks
 * finance (pending suggestions, for GET /suggestions/{userId}).
 */
@Module({
  imports: [SyncModule],
  controllers: [BankSyncMessageController, SuggestionsController],
  providers: [FinanceClient, SyncStatusService],
  exports: [FinanceClient],
})
export class BankTransportModule {}
