import { Module } from '@nestjs/common';
import { ItemsModule } from '../items/items.module.js';
import { SyncModule } from '../sync/sync.module.js';
import { AccountDataMessagesController } from './account-data-messages.controller.js';
import { AccountErasureService } from './account-erasure.service.js';

/** `bank-sync.account.export` / `bank-sync.account.delete` for auth. PlaidGateway is global. */
@Module({ imports: [ItemsModule, SyncModule], controllers: [AccountDataMessagesController], providers: [AccountErasureService] })
export class AccountDataModule {}
