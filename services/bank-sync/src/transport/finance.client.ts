import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import {
  BILL_PAYMENTS_PATTERN,
  BankSummaryReplySchema,
  BillPaymentsReplySchema,
  FINANCE_PATTERNS,
  MAX_SUGGESTIONS_PER_MESSAGE,
  SuggestionsResponseSchema,
  UpsertSuggestionsReplySchema,
  WithdrawSuggestionsReplySchema,
  type BankSummaryMessage,
  type BillPaymentsMessage,
  type ListPendingSuggestionsMessage,
  type SuggestionsResponse,
  type UpsertSuggestionsCommand,
  type WithdrawSuggestionsMessage,
} from '@paycadence/contracts';
import { channelSubscribers, InjectServiceConfig, REDIS, TransportClient, TransportError, type RedisClient } from '@paycadence/nest-kit';
import type { z } from 'zod';
import type { BankSyncConfig } from '../config.js';
import { BankSyncError } from '../errors.js';

/** How long a call waits for finance: GET /suggestions then answers 503, a detection job fails and is retried. */
export const FINANCE_REPLY_TIMEOUT_MS = 5000;

/** Finance did not take what detection sent (no answer in time, or a refusal): the job is retried. */
export class SuggestionsNotDeliveredError extends Error {}

/**
 * bank-sync's one Redis-transport client to finance (docs/architecture.md), over nest-kit's TransportClient,
 * connected on first use. Finance owns whether a suggestion is pending, accepted or dismissed: detection
 * sends and withdraws suggestions, the bank screen lists the pending ones from there.
 */
@Injectable()
export class FinanceClient implements OnModuleDestroy {
  private readonly transport: TransportClient;

  constructor(
    @InjectServiceConfig() config: BankSyncConfig,
    @Inject(REDIS) private readonly redis: RedisClient,
  ) {
    this.transport = new TransportClient(config.REDIS_URL);
  }

  /**
   * Whether a finance instance listens for suggestions now. The Redis transport subscribes each request
   * pattern as a channel, so this is one PUBSUB NUMSUB: when finance is down, detection does not hold a
   * worker slot for the whole reply timeout (imports wait behind it) only to fail. On a Redis Cluster every
   * primary is asked (docs/redis-cluster.md).
   */
  async financeListening(pattern: string = FINANCE_PATTERNS.upsertSuggestions): Promise<boolean> {
    return (await channelSubscribers(this.redis, pattern)) > 0;
  }

  /** Detection's suggestions. Resolves with finance's counts; rejects (SuggestionsNotDeliveredError) otherwise. */
  async upsertSuggestions(message: UpsertSuggestionsCommand): Promise<{ bills: number; income: number }> {
    const reply = await this.ask(FINANCE_PATTERNS.upsertSuggestions, message, UpsertSuggestionsReplySchema);
    if (!reply.ok) throw this.refused('the suggestions', reply.message);
    return { bills: reply.bills, income: reply.income };
  }

  /**
   * The streams behind these suggestions are gone: finance deletes the ones still pending (accepted and
   * dismissed ones stay as the user left them). Resolves with how many went; rejects like upsertSuggestions.
   */
  async withdrawSuggestions(userId: string, externalKeys: readonly string[]): Promise<number> {
    let withdrawn = 0;
    for (let start = 0; start < externalKeys.length; start += MAX_SUGGESTIONS_PER_MESSAGE) {
      const message: WithdrawSuggestionsMessage = { userId, externalKeys: externalKeys.slice(start, start + MAX_SUGGESTIONS_PER_MESSAGE) };
      const pattern = FINANCE_PATTERNS.withdrawSuggestions;
      const reply = await this.ask(pattern, message, WithdrawSuggestionsReplySchema);
      if (!reply.ok) throw this.refused('to withdraw suggestions', reply.message);
      withdrawn += reply.withdrawn;
    }
    return withdrawn;
  }

  /**
   * The linked banks' figures for the dashboard (analytics/bank-summary.publisher.ts). Resolves with whether finance
   * stored them (false: it holds a newer summary); rejects (SuggestionsNotDeliveredError) like upsertSuggestions.
   */
  async storeBankSummary(message: BankSummaryMessage): Promise<boolean> {
    const reply = await this.ask(FINANCE_PATTERNS.storeBankSummary, message, BankSummaryReplySchema);
    if (!reply.ok) throw this.refused('the bank summary', reply.message);
    return reply.stored;
  }

  /** The user's recent payments out (analytics/bill-payments.publisher.ts); like storeBankSummary. */
  async storeBillPayments(message: BillPaymentsMessage): Promise<boolean> {
    const reply = await this.ask(BILL_PAYMENTS_PATTERN, message, BillPaymentsReplySchema);
    if (!reply.ok) throw this.refused('the bill payments', reply.message);
    return reply.stored;
  }

  /** GET /suggestions/{userId}: the user's pending suggestions; FINANCE_UNAVAILABLE (503) when finance does not answer. */
  async listPendingSuggestions(userId: string): Promise<SuggestionsResponse> {
    const message: ListPendingSuggestionsMessage = { userId };
    try {
      return await this.ask(FINANCE_PATTERNS.listPendingSuggestions, message, SuggestionsResponseSchema);
    } catch (error) {
      if (error instanceof SuggestionsNotDeliveredError) throw new BankSyncError('FINANCE_UNAVAILABLE');
      throw error;
    }
  }

  async onModuleDestroy(): Promise<void> {
    await this.transport.onModuleDestroy();
  }

  /**
   * Finance's reply to `pattern`, or SuggestionsNotDeliveredError: no answer within FINANCE_REPLY_TIMEOUT_MS,
   * or one outside the contract (the TransportClient logged which).
   */
  private async ask<T extends z.ZodType>(pattern: string, message: unknown, schema: T): Promise<z.output<T>> {
    try {
      return await this.transport.ask(pattern, message, schema, { timeoutMs: FINANCE_REPLY_TIMEOUT_MS });
    } catch (error) {
      if (!(error instanceof TransportError)) throw error;
      if (error.reason === 'bad-shape') {
        throw new SuggestionsNotDeliveredError(`finance answered ${pattern} with an unexpected reply`);
      }
      throw new SuggestionsNotDeliveredError(`finance did not answer ${pattern}: ${error.detail}`);
    }
  }

  /** Finance answered with a refusal (a malformed message): nothing was stored. */
  private refused(what: string, message: string): SuggestionsNotDeliveredError {
    return new SuggestionsNotDeliveredError(`finance refused ${what}: ${message}`);
  }
}
