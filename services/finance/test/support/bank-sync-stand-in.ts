import { Controller, Module, type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { BANK_SYNC_PATTERNS, type FullSyncReply, type UserMessage } from '@paycadence/contracts';
import { redisTransportOptions } from '@paycadence/nest-kit';

/** What the stand-in does for one pattern: answer, fail (the handler throws) or stay silent (a timeout). */
export type StandInBehaviour<Reply> = { reply: (message: UserMessage) => Reply } | { fail: true } | { silent: true };

/**
 * bank-sync's side of the Redis transport, played by a real Nest microservice on the test's own Redis so
 * finance's client, its timeout and its fallback run over the real transport. (bank-sync's own handlers
 * are tested in services/bank-sync/test/transport.int-spec.ts.)
 */
export interface BankSyncStandIn {
  fullSync: StandInBehaviour<FullSyncReply>;
  received: { pattern: string; message: UserMessage }[];
  close(): Promise<void>;
}

const never = new Promise<never>(() => undefined);

export async function startBankSyncStandIn(redisUrl: string): Promise<BankSyncStandIn> {
  const state: Omit<BankSyncStandIn, 'close'> = {
    fullSync: { fail: true },
    received: [],
  };
  const run = async <Reply>(pattern: string, behaviour: StandInBehaviour<Reply>, message: UserMessage): Promise<Reply> => {
    state.received.push({ pattern, message });
    if ('silent' in behaviour) return never;
    if ('fail' in behaviour) throw new Error('bank-sync stand-in failure');
    return behaviour.reply(message);
  };

  @Controller()
  class StandInController {
    @MessagePattern(BANK_SYNC_PATTERNS.fullSync)
    fullSync(@Payload() message: UserMessage) {
      return run(BANK_SYNC_PATTERNS.fullSync, state.fullSync, message);
    }
  }

  @Module({ controllers: [StandInController] })
  class StandInModule {}

  const app: INestMicroservice = await NestFactory.createMicroservice(StandInModule, { ...redisTransportOptions(redisUrl), logger: false });
  await app.listen();
  return Object.assign(state, { close: () => app.close() });
}
