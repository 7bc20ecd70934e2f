import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import type { ClientProxy } from '@nestjs/microservices';
import {
  FINANCE_PATTERNS,
  SuggestionsResponseSchema,
  WithdrawSuggestionsReplySchema,
  type ListPendingSuggestionsMessage,
  type SuggestionsResponse,
  type WithdrawSuggestionsMessage,
} from '@payday/contracts';
import { createRedisClient, InjectServiceConfig } from '@payday/nest-kit';
import { firstValueFrom, timeout } from 'rxjs';
import type { BankSyncConfig } from '../config.js';
import { BankSyncError } from '../errors.js';

/** How long GET /suggestions waits for finance before answering 503. */
export const FINANCE_REPLY_TIMEOUT_MS = 5000;

/**
 * Asks finance over the Redis transport (DESIGN §1): finance owns whether a suggestion is pending, accepted
 * or dismissed, so the bank screen reads them from there rather than from what detection found.
 */
@Injectable()
export class FinanceClient implements OnModuleDestroy {
  private readonly logger = new Logger(FinanceClient.name);
  private client: ClientProxy | null = null;

  constructor(@InjectServiceConfig() private readonly config: BankSyncConfig) {}

  async listPendingSuggestions(userId: string): Promise<SuggestionsResponse> {
    this.client ??= createRedisClient(this.config.REDIS_URL);
    const message: ListPendingSuggestionsMessage = { userId };
    try {
      const reply: unknown = await firstValueFrom(
        this.client.send(FINANCE_PATTERNS.listPendingSuggestions, message).pipe(timeout(FINANCE_REPLY_TIMEOUT_MS)),
      );
      return SuggestionsResponseSchema.parse(reply);
    } catch (error) {
      this.logger.warn(`finance did not list suggestions: ${(error as { message?: unknown })?.message ?? String(error)}`);
      throw new BankSyncError('FINANCE_UNAVAILABLE');
    }
  }

  /**
   * The streams behind these suggestions are gone (their bank was disconnected): finance drops the pending
   * ones. Best effort: answers false (and logs) when finance does not answer; nothing else depends on it.
   */
  async withdrawSuggestions(userId: string, externalKeys: string[]): Promise<boolean> {
    if (externalKeys.length === 0) return true;
    this.client ??= createRedisClient(this.config.REDIS_URL);
    const message: WithdrawSuggestionsMessage = { userId, externalKeys };
    try {
      const reply = WithdrawSuggestionsReplySchema.parse(
        await firstValueFrom(this.client.send(FINANCE_PATTERNS.withdrawSuggestions, message).pipe(timeout(FINANCE_REPLY_TIMEOUT_MS))),
      );
      if (!reply.ok) this.logger.warn(`finance refused to withdraw suggestions: ${reply.message}`);
      return reply.ok;
    } catch (error) {
      this.logger.warn(`finance did not withdraw suggestions: ${(error as { message?: unknown })?.message ?? String(error)}`);
      return false;
    }
  }

  async onModuleDestroy(): Promise<void> {
    await this.client?.close();
    this.client = null;
  }
}
