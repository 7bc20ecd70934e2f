import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { ClientProxy } from '@nestjs/microservices';
import {
  FINANCE_PATTERNS,
  UpsertSuggestionsReplySchema,
  type UpsertSuggestionsCommand,
} from '@payday/contracts';
import { createRedisClient, InjectServiceConfig, REDIS } from '@payday/nest-kit';
import type { Redis } from 'ioredis';
import { firstValueFrom, timeout } from 'rxjs';
import type { BankSyncConfig } from '../config.js';

/** How long detection waits for a listening finance to store the suggestions; the job is retried after. */
export const FINANCE_UPSERT_TIMEOUT_MS = 5_000;

export class SuggestionsNotDeliveredError extends Error {}

/** Sends detected bills and income to finance over the Redis transport (FINANCE_PATTERNS.upsertSuggestions). */
@Injectable()
export class FinanceSuggestionsClient implements OnModuleDestroy {
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
  async financeListening(): Promise<boolean> {
    const reply = (await this.redis.pubsub('NUMSUB', FINANCE_PATTERNS.upsertSuggestions)) as [string, number];
    return Number(reply[1]) > 0;
  }

  /** Resolves with finance's counts; rejects when finance does not answer in time or refuses the message. */
  async upsert(message: UpsertSuggestionsCommand): Promise<{ bills: number; income: number }> {
    this.client ??= createRedisClient(this.config.REDIS_URL);
    const reply = UpsertSuggestionsReplySchema.safeParse(
      await firstValueFrom(
        this.client
          .send(FINANCE_PATTERNS.upsertSuggestions, message)
          .pipe(timeout(FINANCE_UPSERT_TIMEOUT_MS)),
      ),
    );
    if (!reply.success)
      throw new SuggestionsNotDeliveredError('finance answered the suggestions with an unexpected reply');
    if (!reply.data.ok)
      throw new SuggestionsNotDeliveredError(`finance refused the suggestions: ${reply.data.message}`);
    return { bills: reply.data.bills, income: reply.data.income };
  }

  async onModuleDestroy(): Promise<void> {
    await this.client?.close();
    this.client = null;
  }
}
