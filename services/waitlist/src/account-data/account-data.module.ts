import { Module } from '@nestjs/common';
import { AccountDataMessagesController } from './account-data-messages.controller.js';

/** `waitlist.account.export` / `waitlist.account.delete` for auth. */
@Module({ controllers: [AccountDataMessagesController] })
export class AccountDataModule {}
