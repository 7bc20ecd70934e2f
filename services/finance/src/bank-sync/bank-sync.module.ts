import { Module } from '@nestjs/common';
import { BankSyncController } from './bank-sync.controller.js';

@Module({ controllers: [BankSyncController] })
export class BankSyncModule {}
