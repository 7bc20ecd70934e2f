import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { InjectDataSource } from '@nestjs/typeorm';
import { accountDataPattern, type AccountDeleteReply, type AccountExportReply } from '@paycadence/contracts';
import { answerAccountDelete, answerAccountExport, deleteUserRows, exportUserRows } from '@paycadence/nest-kit';
import type { DataSource } from 'typeorm';
import { FINANCE_USER_TABLES } from './finance-user-tables.js';

/**
 * Auth's export and deletion of an account over the Redis transport. Bills and income the
 * user shared with a household are the user's rows and go with them (the household keeps the rest).
 */
@Controller()
export class AccountDataMessagesController {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  @MessagePattern(accountDataPattern('finance', 'export'))
  export(@Payload() payload: unknown): Promise<AccountExportReply> {
    return answerAccountExport('finance', payload, (subject) => exportUserRows(this.dataSource.manager, FINANCE_USER_TABLES, subject));
  }

  @MessagePattern(accountDataPattern('finance', 'delete'))
  delete(@Payload() payload: unknown): Promise<AccountDeleteReply> {
    return answerAccountDelete('finance', payload, (subject) =>
      this.dataSource.transaction((manager) => deleteUserRows(manager, FINANCE_USER_TABLES, subject)),
    );
  }
}
