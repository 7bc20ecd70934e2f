import { Inject, Injectable } from '@nestjs/common';
import {
  AUTH_ADMIN_PATTERNS,
  ListUsersReplySchema,
  UserReplySchema,
  type AdminListQuery,
  type ApproveAccountMessage,
  type CreateUserMessage,
  type ListUsersReply,
  type SetUserStatusMessage,
  type UserReply,
} from '@paycadence/contracts';
import { AdminTransport } from '../transport/transport-client.js';

/** The account questions admin asks auth (AUTH_ADMIN_PATTERNS); failures come back as TransportFailure replies. */
@Injectable()
export class AuthAccountsClient {
  constructor(@Inject(AdminTransport) private readonly transport: AdminTransport) {}

  listUsers(query: AdminListQuery): Promise<ListUsersReply> {
    return this.transport.ask(AUTH_ADMIN_PATTERNS.listUsers, query, ListUsersReplySchema);
  }

  createUser(message: CreateUserMessage): Promise<UserReply> {
    return this.transport.ask(AUTH_ADMIN_PATTERNS.createUser, message, UserReplySchema);
  }

  approveAccount(message: ApproveAccountMessage): Promise<UserReply> {
    return this.transport.ask(AUTH_ADMIN_PATTERNS.approveAccount, message, UserReplySchema);
  }

  setUserStatus(message: SetUserStatusMessage): Promise<UserReply> {
    return this.transport.ask(AUTH_ADMIN_PATTERNS.setUserStatus, message, UserReplySchema);
  }
}
