import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import type { ClientProxy } from '@nestjs/microservices';
import {
  BANK_SYNC_PATTERNS,
  FullSyncReplySchema,
  type FullSyncReply,
} from '@payday/contracts';
import { createRedisClient, InjectServiceConfig } from '@payday/nest-kit';
import { firstValueFrom, timeout } from 'rxjs';
import type { z } from 'zod';
import type { FinanceConfig } from '../config.js';

/**
 * Finance's side of the Redis transport to bank-sync (docs/architecture.md): finance never reads bank-sync's tables,
 * it asks. Every call has a timeout, and a reply that does not match the contract is a failure.
 */
@Injectable()
export class BankSyncClient implements OnModuleDestroy {
  private readonly logger = new Logger(BankSyncClient.name);
  private client: ClientProxy | null = null;

  constructor(@InjectServiceConfig() private readonly config: FinanceConfig) {}

  /** Queues a sync of every linked item of the user. */
  fullSync(userId: string): Promise<FullSyncReply> {
    return this.ask(BANK_SYNC_PATTERNS.fullSync, userId, FullSyncReplySchema);
  }

  async onModuleDestroy(): Promise<void> {
    await this.client?.close();
    this.client = null;
  }

  private async ask<T extends z.ZodType>(pattern: string, userId: string, schema: T): Promise<z.output<T>> {
    // Connected on first use: finance starts (and serves everything else) while bank-sync or Redis is down.
    this.client ??= createRedisClient(this.config.REDIS_URL);
    const reply: unknown = await firstValueFrom(this.client.send(pattern, { userId }).pipe(timeout(this.config.BANK_SYNC_TIMEOUT_MS)));
    const parsed = schema.safeParse(reply);
    if (!parsed.success) {
      this.logger.warn(`bank-sync answered ${pattern} with an unexpected shape`);
      throw new Error(`Unexpected reply to ${pattern}`);
    }
    return parsed.data;
  }
}
