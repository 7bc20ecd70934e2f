import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { BANK_SYNC_PATTERNS, FullSyncReplySchema, type FullSyncAnswer } from '@paycadence/contracts';
import { InjectServiceConfig, TransportClient } from '@paycadence/nest-kit';
import type { FinanceConfig } from '../config.js';

/**
 * Finance's side of the Redis transport to bank-sync (docs/architecture.md): finance never reads bank-sync's
 * tables, it asks, through nest-kit's TransportClient. Every call waits at most BANK_SYNC_TIMEOUT_MS; no
 * answer, a reply that does not match the contract or a refusal is a failure (a TransportError, or an Error
 * for the refusal).
 */
@Injectable()
export class BankSyncClient implements OnModuleDestroy {
  private readonly logger = new Logger(BankSyncClient.name);
  private readonly transport: TransportClient;

  constructor(@InjectServiceConfig() private readonly config: FinanceConfig) {
    // Connected on first use: finance starts (and serves everything else) while bank-sync or Redis is down.
    this.transport = new TransportClient(config.REDIS_URL);
  }

  /** Queues a sync of every linked item of the user. */
  async fullSync(userId: string): Promise<FullSyncAnswer> {
    const pattern = BANK_SYNC_PATTERNS.fullSync;
    const timeoutMs = this.config.BANK_SYNC_TIMEOUT_MS;
    const reply = await this.transport.ask(pattern, { userId }, FullSyncReplySchema, { timeoutMs });
    // A refusal says the message was malformed, nothing about the user's banks: the caller falls back.
    if ('code' in reply) {
      this.logger.warn(`bank-sync refused ${pattern}: ${reply.message}`);
      throw new Error(`bank-sync refused ${pattern}`);
    }
    return reply;
  }

  async onModuleDestroy(): Promise<void> {
    await this.transport.onModuleDestroy();
  }
}
