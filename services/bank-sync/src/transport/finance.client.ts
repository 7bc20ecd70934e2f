import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import type { ClientProxy } from '@nestjs/microservices';
import { FINANCE_PATTERNS, SuggestionsResponseSchema, type ListPendingSuggestionsMessage, type SuggestionsResponse } from '@payday/contracts';
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

  async onModuleDestroy(): Promise<void> {
    await this.client?.close();
    this.client = null;
  }
}
