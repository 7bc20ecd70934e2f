import { Module } from '@nestjs/common';
import { BankSyncClient } from './bank-sync.client.js';
import { BankSyncController } from './bank-sync.controller.js';
import { SyncBankDataService } from './sync-bank-data.service.js';

@Module({ controllers: [BankSyncController], providers: [BankSyncClient, SyncBankDataService] })
export class BankSyncModule {}
