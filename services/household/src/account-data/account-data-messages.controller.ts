import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { accountDataPattern, type AccountDeleteReply, type AccountExportReply } from '@paycadence/contracts';
import { answerAccountDelete, answerAccountExport } from '@paycadence/nest-kit';
import { AccountErasureService } from './account-erasure.service.js';

/** Auth's export and deletion of an account over the Redis transport. */
@Controller()
export class AccountDataMessagesController {
  constructor(@Inject(AccountErasureService) private readonly erasure: AccountErasureService) {}

  @MessagePattern(accountDataPattern('household', 'export'))
  export(@Payload() payload: unknown): Promise<AccountExportReply> {
    return answerAccountExport('household', payload, (subject) => this.erasure.export(subject));
  }

  @MessagePattern(accountDataPattern('household', 'delete'))
  delete(@Payload() payload: unknown): Promise<AccountDeleteReply> {
    return answerAccountDelete('household', payload, (subject) => this.erasure.erase(subject));
  }
}
