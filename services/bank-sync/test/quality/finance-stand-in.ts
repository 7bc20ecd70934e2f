import { Controller, Module, type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  FINANCE_PATTERNS,
  UpsertSuggestionsMessageSchema,
  WithdrawSuggestionsMessageSchema,
  type UpsertSuggestionsCommand,
  type UpsertSuggestionsReply,
  type WithdrawSuggestionsMessage,
  type WithdrawSuggestionsReply,
} from '@paycadence/contracts';
import { redisTransportOptions } from '@paycadence/nest-kit';

export interface FinanceStandIn {
  /** Every message received, after finance's own schema accepted it. */
  received: UpsertSuggestionsCommand[];
  /** Every withdrawal received, after finance's own schema accepted it. */
  withdrawn: WithdrawSuggestionsMessage[];
  close(): Promise<void>;
}

/**
 * finance's upsertSuggestions and withdrawSuggestions handlers as bank-sync sees them, on the test's own Redis: a real Nest
 * microservice that validates each message with finance's schema, records it and answers the counts (a
 * service does not import another; finance's handling of accepted and dismissed suggestions per externalKey
 * is tested in services/finance).
 */
export async function startFinanceStandIn(redisUrl: string): Promise<FinanceStandIn> {
  const received: UpsertSuggestionsCommand[] = [];
  const withdrawn: WithdrawSuggestionsMessage[] = [];
  @Controller()
  class FinanceSuggestionsStandIn {
    @MessagePattern(FINANCE_PATTERNS.upsertSuggestions)
    upsert(@Payload() payload: unknown): UpsertSuggestionsReply {
      const parsed = UpsertSuggestionsMessageSchema.safeParse(payload);
      if (!parsed.success) return { ok: false, message: parsed.error.message, errors: {} };
      received.push(parsed.data);
      return { ok: true, bills: parsed.data.bills.length, income: parsed.data.income.length };
    }

    @MessagePattern(FINANCE_PATTERNS.withdrawSuggestions)
    withdraw(@Payload() payload: unknown): WithdrawSuggestionsReply {
      const parsed = WithdrawSuggestionsMessageSchema.safeParse(payload);
      if (!parsed.success) return { ok: false, message: parsed.error.message, errors: {} };
      withdrawn.push(parsed.data);
      return { ok: true, withdrawn: parsed.data.externalKeys.length };
    }
  }
  @Module({ controllers: [FinanceSuggestionsStandIn] })
  class FinanceStandInModule {}
  const app: INestMicroservice = await NestFactory.createMicroservice(FinanceStandInModule, {
    ...redisTransportOptions(redisUrl),
    logger: false,
  });
  await app.listen();
  return { received, withdrawn, close: () => app.close() };
}
