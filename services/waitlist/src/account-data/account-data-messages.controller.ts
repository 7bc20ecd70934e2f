import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { InjectDataSource } from '@nestjs/typeorm';
import { accountDataPattern, type AccountDeleteReply, type AccountExportReply } from '@paycadence/contracts';
import { answerAccountDelete, answerAccountExport, deleteUserRows, exportUserRows } from '@paycadence/nest-kit';
import type { DataSource } from 'typeorm';
import { WAITLIST_USER_TABLES } from './waitlist-user-tables.js';

/** Auth's export and deletion of an account over the Redis transport. */
@Controller()
export class AccountDataMessagesController {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  @MessagePattern(accountDataPattern('waitlist', 'export'))
  export(@Payload() payload: unknown): Promise<AccountExportReply> {
    return answerAccountExport('waitlist', payload, (subject) => exportUserRows(this.dataSource.manager, WAITLIST_USER_TABLES, subject));
  }

  @MessagePattern(accountDataPattern('waitlist', 'delete'))
  delete(@Payload() payload: unknown): Promise<AccountDeleteReply> {
    return answerAccountDelete('waitlist', payload, (subject) =>
      this.dataSource.transaction((manager) => deleteUserRows(manager, WAITLIST_USER_TABLES, subject)),
    );
  }
}
