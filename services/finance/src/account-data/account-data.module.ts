import { Module } from '@nestjs/common';
import { AccountDataMessagesController } from './account-data-messages.controller.js';

/** `finance.account.export` / `finance.account.delete` for auth. */
@Module({ controllers: [AccountDataMessagesController] })
export class AccountDataModule {}
