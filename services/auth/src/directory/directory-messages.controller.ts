import { Controller, Logger } from '@nestjs/common';
import { MessagePattern, Payload, RpcException } from '@nestjs/microservices';
import { InjectRepository } from '@nestjs/typeorm';
import { AUTH_DIRECTORY_PATTERNS, UsersByIdsMessageSchema, type UsersByIdsReply } from '@paycadence/contracts';
import { withValidPayload } from '@paycadence/nest-kit';
import { In, type Repository } from 'typeorm';
import { User } from '../users/user.entity.js';
import { distinctIds, toDirectoryUser } from './directory-users.js';

/**
 * The household service's directory questions over the Redis transport (members' names and e-mails
 * come from auth, never from auth's tables). Unknown ids are left out of the answer; a malformed message gets
 * nest-kit's withValidPayload refusal; a database failure is logged and answered with a bare RPC error, which
 * household turns into its 'try again' answer.
 */
@Controller()
export class DirectoryMessagesController {
  private readonly logger = new Logger('Directory');

  constructor(@InjectRepository(User) private readonly users: Repository<User>) {}

  @MessagePattern(AUTH_DIRECTORY_PATTERNS.usersByIds)
  usersByIds(@Payload() payload: unknown): Promise<UsersByIdsReply> {
    return withValidPayload(UsersByIdsMessageSchema, payload, async (message): Promise<UsersByIdsReply> => {
      const ids = distinctIds(message.ids);
      if (ids.length === 0) return { ok: true, users: [] };
      try {
        const found = await this.users.find({
          select: ['id', 'email', 'firstName', 'lastName', 'emailConfirmedAt'],
          where: { id: In(ids) },
        });
        return { ok: true, users: found.map(toDirectoryUser) };
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        this.logger.error(`${AUTH_DIRECTORY_PATTERNS.usersByIds} failed: ${reason}`);
        const message = 'The accounts service could not complete the request';
        throw new RpcException({ status: 'error', message });
      }
    });
  }
}
