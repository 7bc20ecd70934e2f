import { Inject, Injectable, Logger } from '@nestjs/common';
import { BANK_SYNC_MESSAGES, FINANCE_MESSAGES, type SyncBankDataResponse } from '@paycadence/contracts';
import { InjectServiceConfig, JobProducer } from '@paycadence/nest-kit';
import { FinanceError } from '../errors.js';
import type { FinanceConfig } from '../config.js';
import { BankSyncClient } from './bank-sync.client.js';

/** RPC failures arrive as plain `{status, message}` objects, not Errors. */
const reason = (error: unknown) =>
  typeof error === 'object' && error !== null && 'message' in error ? String((error as { message: unknown }).message) : String(error);

/** BullMQ waits for Redis indefinitely; the user's request must not. */
function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer from Redis within ${ms} ms`)), ms);
  });
  return Promise.race([promise, expired]).finally(() => clearTimeout(timer));
}

/**
 * docs/product/signed-in.md §7 POST /sync-bank-data and §8: run the full sync (bank-sync over the Redis transport); if it
 * fails or does not answer, the fallback sync puts the `sync-user` job straight on bank-sync's BullMQ queue,
 * which bank-sync's worker runs even while bank-sync's own process is down, and answers 'Bank data synced
 * successfully'; both failing is 'Failed to sync bank data. Please try again.'. No linked bank, or every
 * bank waiting for a new sign-in, is an answer (success false with its words), not an error.
 */
@Injectable()
export class SyncBankDataService {
  private readonly logger = new Logger(SyncBankDataService.name);

  constructor(
    @Inject(BankSyncClient) private readonly bankSync: BankSyncClient,
    @Inject(JobProducer) private readonly jobs: JobProducer,
    @InjectServiceConfig() private readonly config: FinanceConfig,
  ) {}

  async sync(userId: string): Promise<SyncBankDataResponse> {
    try {
      const reply = await this.bankSync.fullSync(userId);
      if (reply.itemCount === 0) return { success: false, message: FINANCE_MESSAGES.noBankConnected, lastSyncedAt: null };
      if (reply.ok) return { success: true, message: reply.message || BANK_SYNC_MESSAGES.syncQueued, lastSyncedAt: reply.lastSyncedAt };
      // Nothing can import until the user signs in to their bank again: a fallback would not help.
      if (reply.message === BANK_SYNC_MESSAGES.loginRequired) return { success: false, message: reply.message, lastSyncedAt: reply.lastSyncedAt };
      this.logger.warn(`Full bank sync refused: ${reply.message}`);
    } catch (error) {
      this.logger.warn(`Full bank sync failed: ${reason(error)}`);
    }
    try {
      // Deterministic job id: repeated presses while one waits collapse into it.
      await withTimeout(this.jobs.enqueue('sync-user', { userId }), this.config.BANK_SYNC_TIMEOUT_MS);
      return { success: true, message: FINANCE_MESSAGES.syncFallbackSucceeded, lastSyncedAt: null };
    } catch (error) {
      this.logger.warn(`Fallback bank sync failed: ${reason(error)}`);
      throw new FinanceError('BANK_SYNC_FAILED');
    }
  }
}
