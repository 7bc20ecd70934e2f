import { Module } from '@nestjs/common';
import { SyncModule } from '../sync/sync.module.js';
import { BankSyncMessagesController } from './bank-sync-messages.controller.js';
import { FinanceClientModule } from './finance-client.module.js';
import { SuggestionsController } from './suggestions.controller.js';
import { SyncStatusService } from './sync-status.service.js';

/**
 * Bank sync over the Redis transport: what finance asks (the full sync) and what bank-sync asks
 * finance (pending suggestions, for GET /suggestions/{userId}).
 */
@Module({
  imports: [SyncModule, FinanceClientModule],
  controllers: [BankSyncMessagesController, SuggestionsController],
  providers: [SyncStatusService],
})
export class BankTransportModule {}
