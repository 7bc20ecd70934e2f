import { Module } from '@nestjs/common';
import { AccountDataMessagesController } from './account-data-messages.controller.js';

/** `admin.account.export` / `admin.account.delete` for auth: the audit log's part. */
@Module({ controllers: [AccountDataMessagesController] })
export class AccountDataModule {}
