import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { InjectDataSource } from '@nestjs/typeorm';
import { accountDataPattern, type AccountDeleteReply, type AccountExportReply } from '@paycadence/contracts';
import { answerAccountDelete, answerAccountExport, exportUserRows } from '@paycadence/nest-kit';
import type { DataSource } from 'typeorm';
import { AccountErasureService } from './account-erasure.service.js';
import { BANK_SYNC_USER_TABLES } from './bank-sync-user-tables.js';

/** Auth's export and deletion of an account over the Redis transport. */
@Controller()
export class AccountDataMessagesController {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(AccountErasureService) private readonly erasure: AccountErasureService,
  ) {}

  @MessagePattern(accountDataPattern('bank-sync', 'export'))
  export(@Payload() payload: unknown): Promise<AccountExportReply> {
    return answerAccountExport('bank-sync', payload, (subject) => exportUserRows(this.dataSource.manager, BANK_SYNC_USER_TABLES, subject));
  }

  @MessagePattern(accountDataPattern('bank-sync', 'delete'))
  delete(@Payload() payload: unknown): Promise<AccountDeleteReply> {
    return answerAccountDelete('bank-sync', payload, (subject) => this.erasure.erase(subject));
  }
}
