import { Module } from '@nestjs/common';
import { AccountDataMessagesController } from './account-data-messages.controller.js';

/** `admin.account.export` / `admin.account.delete` for auth (issue 14 item 6): the audit log's part. */
@Module({ controllers: [AccountDataMessagesController] })
export class AccountDataModule {}
