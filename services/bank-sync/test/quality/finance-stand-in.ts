import { Controller, Module, type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  FINANCE_PATTERNS,
  UpsertSuggestionsMessageSchema,
  type UpsertSuggestionsCommand,
  type UpsertSuggestionsReply,
} from '@payday/contracts';
import { redisTransportOptions } from '@payday/nest-kit';

export interface FinanceStandIn {
  /** Every message received, after finance's own schema accepted it. */
  received: UpsertSuggestionsCommand[];
  close(): Promise<void>;
}

/**
 * finance's upsertSuggestions handler as bank-sync sees it, on the test's own Redis: a real Nest
 * microservice that validates each message with finance's schema, records it and answers the counts (a
 * service does not import another; finance's handling of accepted and dismissed suggestions per externalKey
 * is tested in services/finance).
 */
export async function startFinanceStandIn(redisUrl: string): Promise<FinanceStandIn> {
  const received: UpsertSuggestionsCommand[] = [];
  @Controller()
  class FinanceSuggestionsStandIn {
    @MessagePattern(FINANCE_PATTERNS.upsertSuggestions)
    upsert(@Payload() payload: unknown): UpsertSuggestionsReply {
      const parsed = UpsertSuggestionsMessageSchema.safeParse(payload);
      if (!parsed.success) return { ok: false, message: parsed.error.message, errors: {} };
      received.push(parsed.data);
      return { ok: true, bills: parsed.data.bills.length, income: parsed.data.income.length };
    }
  }
  @Module({ controllers: [FinanceSuggestionsStandIn] })
  class FinanceStandInModule {}
  const app: INestMicroservice = await NestFactory.createMicroservice(FinanceStandInModule, {
    ...redisTransportOptions(redisUrl),
    logger: false,
  });
  await app.listen();
  return { received, close: () => app.close() };
}
