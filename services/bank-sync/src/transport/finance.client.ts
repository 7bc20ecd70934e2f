import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import type { ClientProxy } from '@nestjs/microservices';
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
} from '@payday/contracts';
import { createRedisClient, InjectServiceConfig, REDIS } from '@payday/nest-kit';
import type { Redis } from 'ioredis';
import { firstValueFrom, timeout } from 'rxjs';
import type { BankSyncConfig } from '../config.js';
import { BankSyncError } from '../errors.js';

/** How long a call waits for finance: GET /suggestions then answers 503, a detection job fails and is retried. */
export const FINANCE_REPLY_TIMEOUT_MS = 5000;

/** Finance did not take what detection sent (no answer in time, or a refusal): the job is retried. */
export class SuggestionsNotDeliveredError extends Error {}

const messageOf = (error: unknown) => String((error as { message?: unknown } | null)?.message ?? error);

/**
 * bank-sync's one Redis-transport client to finance (docs/architecture.md), connected on first use. Finance owns whether
 * a suggestion is pending, accepted or dismissed: detection sends and withdraws suggestions, the bank screen
 * lists the pending ones from there.
 */
@Injectable()
export class FinanceClient implements OnModuleDestroy {
  private readonly logger = new Logger(FinanceClient.name);
  private client: ClientProxy | null = null;

  constructor(
    @InjectServiceConfig() private readonly config: BankSyncConfig,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  /**
   * Whether a finance instance listens for suggestions now. The Redis transport subscribes each request
   * pattern as a channel, so this is one PUBSUB NUMSUB: when finance is down, detection does not hold a
   * worker slot for the whole reply timeout (imports wait behind it) only to fail.
   */
  async financeListening(pattern: string = FINANCE_PATTERNS.upsertSuggestions): Promise<boolean> {
    const reply = (await this.redis.pubsub('NUMSUB', pattern)) as [string, number];
    return Number(reply[1]) > 0;
  }

  /** Detection's suggestions. Resolves with finance's counts; rejects (SuggestionsNotDeliveredError) otherwise. */
  async upsertSuggestions(message: UpsertSuggestionsCommand): Promise<{ bills: number; income: number }> {
    const reply = UpsertSuggestionsReplySchema.safeParse(await this.send(FINANCE_PATTERNS.upsertSuggestions, message));
    if (!reply.success) throw new SuggestionsNotDeliveredError('finance answered the suggestions with an unexpected reply');
    if (!reply.data.ok) throw new SuggestionsNotDeliveredError(`finance refused the suggestions: ${reply.data.message}`);
    return { bills: reply.data.bills, income: reply.data.income };
  }

  /**
   * The streams behind these suggestions are gone: finance deletes the ones still pending (accepted and
   * dismissed ones stay as the user left them). Resolves with how many went; rejects like upsertSuggestions.
   */
  async withdrawSuggestions(userId: string, externalKeys: readonly string[]): Promise<number> {
    let withdrawn = 0;
    for (let start = 0; start < externalKeys.length; start += MAX_SUGGESTIONS_PER_MESSAGE) {
      const message: WithdrawSuggestionsMessage = { userId, externalKeys: externalKeys.slice(start, start + MAX_SUGGESTIONS_PER_MESSAGE) };
      const reply = WithdrawSuggestionsReplySchema.safeParse(await this.send(FINANCE_PATTERNS.withdrawSuggestions, message));
      if (!reply.success) throw new SuggestionsNotDeliveredError('finance answered the withdrawal with an unexpected reply');
      if (!reply.data.ok) throw new SuggestionsNotDeliveredError(`finance refused to withdraw suggestions: ${reply.data.message}`);
      withdrawn += reply.data.withdrawn;
    }
    return withdrawn;
  }

  /**
   * The linked banks' figures for the dashboard (analytics/bank-summary.publisher.ts). Resolves with whether finance
   * stored them (false: it holds a newer summary); rejects (SuggestionsNotDeliveredError) like upsertSuggestions.
   */
  async storeBankSummary(message: BankSummaryMessage): Promise<boolean> {
    const reply = BankSummaryReplySchema.safeParse(await this.send(FINANCE_PATTERNS.storeBankSummary, message));
    if (!reply.success) throw new SuggestionsNotDeliveredError('finance answered the bank summary with an unexpected reply');
    if (!reply.data.ok) throw new SuggestionsNotDeliveredError(`finance refused the bank summary: ${reply.data.message}`);
    return reply.data.stored;
  }

  /** The user's recent payments out (analytics/bill-payments.publisher.ts); like storeBankSummary. */
  async storeBillPayments(message: BillPaymentsMessage): Promise<boolean> {
    const reply = BillPaymentsReplySchema.safeParse(await this.send(BILL_PAYMENTS_PATTERN, message));
    if (!reply.success) throw new SuggestionsNotDeliveredError('finance answered the bill payments with an unexpected reply');
    if (!reply.data.ok) throw new SuggestionsNotDeliveredError(`finance refused the bill payments: ${reply.data.message}`);
    return reply.data.stored;
  }

  /** GET /suggestions/{userId}: the user's pending suggestions; FINANCE_UNAVAILABLE (503) when finance does not answer. */
  async listPendingSuggestions(userId: string): Promise<SuggestionsResponse> {
    const message: ListPendingSuggestionsMessage = { userId };
    try {
      return SuggestionsResponseSchema.parse(await this.send(FINANCE_PATTERNS.listPendingSuggestions, message));
    } catch (error) {
      this.logger.warn(`finance did not list suggestions: ${messageOf(error)}`);
      throw new BankSyncError('FINANCE_UNAVAILABLE');
    }
  }

  async onModuleDestroy(): Promise<void> {
    await this.client?.close();
    this.client = null;
  }

  private async send(pattern: string, message: unknown): Promise<unknown> {
    this.client ??= createRedisClient(this.config.REDIS_URL);
    try {
      return await firstValueFrom(this.client.send(pattern, message).pipe(timeout(FINANCE_REPLY_TIMEOUT_MS)));
    } catch (error) {
      throw new SuggestionsNotDeliveredError(`finance did not answer ${pattern}: ${messageOf(error)}`);
    }
  }
}
