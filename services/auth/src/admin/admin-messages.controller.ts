import { Controller, Inject, Logger } from '@nestjs/common';
import { MessagePattern, Payload, RpcException } from '@nestjs/microservices';
import { AUTH_ADMIN_PATTERNS, type ListUsersReply, type UserReply } from '@paycadence/contracts';
import { AdminUsersService } from './admin-users.service.js';

/**
 * The admin service's questions over the Redis transport (docs/architecture.md). Refusals are TransportFailure replies;
 * an unexpected failure (database, Redis or mail down) is logged here and answered with a bare RPC error that
 * carries no internals, which the admin service turns into its 'try again' answer.
 */
@Controller()
export class AdminMessagesController {
  private readonly logger = new Logger('AdminMessages');

  constructor(@Inject(AdminUsersService) private readonly admin: AdminUsersService) {}

  @MessagePattern(AUTH_ADMIN_PATTERNS.listUsers)
  listUsers(@Payload() payload: unknown): Promise<ListUsersReply> {
    return this.answer(AUTH_ADMIN_PATTERNS.listUsers, () => this.admin.listUsers(payload));
  }

  @MessagePattern(AUTH_ADMIN_PATTERNS.createUser)
  createUser(@Payload() payload: unknown): Promise<UserReply> {
    return this.answer(AUTH_ADMIN_PATTERNS.createUser, () => this.admin.createUser(payload));
  }

  @MessagePattern(AUTH_ADMIN_PATTERNS.approveAccount)
  approveAccount(@Payload() payload: unknown): Promise<UserReply> {
    return this.answer(AUTH_ADMIN_PATTERNS.approveAccount, () => this.admin.approveAccount(payload));
  }

  @MessagePattern(AUTH_ADMIN_PATTERNS.setUserStatus)
  setUserStatus(@Payload() payload: unknown): Promise<UserReply> {
    return this.answer(AUTH_ADMIN_PATTERNS.setUserStatus, () => this.admin.setUserStatus(payload));
  }

  private async answer<Reply>(pattern: string, work: () => Promise<Reply>): Promise<Reply> {
    try {
      return await work();
    } catch (error) {
      this.logger.error(`${pattern} failed: ${error instanceof Error ? error.message : String(error)}`);
      throw new RpcException({ status: 'error', message: 'The accounts service could not complete the request' });
    }
  }
}
