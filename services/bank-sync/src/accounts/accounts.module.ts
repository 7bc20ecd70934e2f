import { Module } from '@nestjs/common';
import { AnalyticsModule } from '../analytics/analytics.module.js';
import { ItemsModule } from '../items/items.module.js';
import { SyncModule } from '../sync/sync.module.js';
import { FinanceClientModule } from '../transport/finance-client.module.js';
import { AccountsController } from './accounts.controller.js';
import { AccountsService } from './accounts.service.js';
import { ItemRemovalService } from './item-removal.service.js';

/** Bank sync: accounts, disconnect, duplicate cleanup. PlaidGateway comes from the global PlaidModule. */
@Module({
  imports: [ItemsModule, SyncModule, FinanceClientModule, AnalyticsModule],
  controllers: [AccountsController],
  providers: [AccountsService, ItemRemovalService],
  exports: [ItemRemovalService],
})
export class AccountsModule {}
