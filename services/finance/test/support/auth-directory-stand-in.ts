import { Controller, Module, type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { AUTH_DIRECTORY_PATTERNS, type DirectoryUser, type UsersByIdsReply } from '@paycadence/contracts';
import { redisTransportOptions } from '@paycadence/nest-kit';

/**
 * auth's directory answer (AUTH_DIRECTORY_PATTERNS.usersByIds) played by a real Nest microservice on the test's
 * Redis, so finance's worker asks for e-mail addresses over the real transport (auth's handler is tested in auth).
 */
export interface AuthDirectoryStandIn {
  users: Map<string, DirectoryUser>;
  asked: number;
  close(): Promise<void>;
}

export async function startAuthDirectoryStandIn(redisUrl: string): Promise<AuthDirectoryStandIn> {
  const state = { users: new Map<string, DirectoryUser>(), asked: 0 };

  @Controller()
  class DirectoryController {
    @MessagePattern(AUTH_DIRECTORY_PATTERNS.usersByIds)
    usersByIds(@Payload() message: { ids: string[] }): UsersByIdsReply {
      state.asked += 1;
      return { ok: true, users: message.ids.flatMap((id) => state.users.get(id) ?? []) };
    }
  }

  @Module({ controllers: [DirectoryController] })
  class DirectoryModule {}

  const app: INestMicroservice = await NestFactory.createMicroservice(DirectoryModule, { ...redisTransportOptions(redisUrl), logger: false });
  await app.listen();
  return Object.assign(state, { close: () => app.close() });
}
