import { Controller, Module, type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { MessagePattern } from '@nestjs/microservices';
import { ACCOUNT_DATA_SERVICES, accountDataPattern, type AccountDataService, type AccountSubject } from '@paycadence/contracts';
import { redisTransportOptions } from '@paycadence/nest-kit';

/**
 * The five other services' side of `<service>.account.export` / `.delete`, played by a real Nest
 * microservice on the test's own Redis, so auth's client, its refusals and its retries run over the real
 * transport. Each service's own handler is tested in that service.
 */
export interface AccountDataStandIn {
  /** Services that refuse (as one whose database is down answers). */
  down: Set<AccountDataService>;
  /** `finance.delete` etc., in the order asked. */
  asked: string[];
  /** Whom each of those asked about, in the same order. */
  subjects: AccountSubject[];
  close(): Promise<void>;
}

export async function startAccountDataStandIn(redisUrl: string): Promise<AccountDataStandIn> {
  const state: Omit<AccountDataStandIn, 'close'> = { down: new Set(), asked: [], subjects: [] };

  class StandInController {}
  for (const service of ACCOUNT_DATA_SERVICES) {
    for (const step of ['export', 'delete'] as const) {
      const key = `${service}_${step}`;
      // A row naming the user with a cell a spreadsheet would run as a formula, to see it neutralised.
      const handler = (subject: AccountSubject) => {
        state.asked.push(`${service}.${step}`);
        state.subjects.push(subject);
        if (state.down.has(service)) return { ok: false, message: `${service} is down` };
        return step === 'export'
          ? { ok: true, tables: { [`${service.replace('-', '_')}_rows`]: [{ user_id: subject.userId, note: `=HYPERLINK("${service}")` }] } }
          : { ok: true, removed: { rows: 1 } };
      };
      Object.defineProperty(StandInController.prototype, key, { value: handler, writable: true, configurable: true });
      MessagePattern(accountDataPattern(service, step))(StandInController.prototype, key, Object.getOwnPropertyDescriptor(StandInController.prototype, key)!);
    }
  }
  Controller()(StandInController);

  @Module({ controllers: [StandInController] })
  class StandInModule {}

  const app: INestMicroservice = await NestFactory.createMicroservice(StandInModule, { ...redisTransportOptions(redisUrl), logger: false });
  await app.listen();
  return Object.assign(state, { close: () => app.close() });
}
