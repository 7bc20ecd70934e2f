import { Inject, Injectable, Logger } from '@nestjs/common';
import { BANK_SYNC_MESSAGES, FINANCE_MESSAGES, type SyncBankDataResponse } from '@payday/contracts';
import { FinanceError } from '../common/finance-error.js';
import { BankSyncClient } from './bank-sync.client.js';

/** RPC failures arrive as plain `{status, message}` objects, not Errors. */
const reason = (error: unknown) =>
  typeof error === 'object' && error !== null && 'message' in error ? String((error as { message: unknown }).message) : String(error);

/**
 * spec part 2 §7 POST /sync-bank-data and §8: run the full sync; if it fails, a fallback sync (the status
 * check, which also answers the last completed sync) shows 'Bank data synced successfully'; both failing is
 * 'Failed to sync bank data. Please try again.'. No linked bank is an answer (success false), not an error.
 */
@Injectable()
export class SyncBankDataService {
  private readonly logger = new Logger(SyncBankDataService.name);

  constructor(@Inject(BankSyncClient) private readonly bankSync: BankSyncClient) {}

  async sync(userId: string): Promise<SyncBankDataResponse> {
    try {
      const reply = await this.bankSync.fullSync(userId);
      if (reply.itemCount === 0) return { success: false, message: FINANCE_MESSAGES.noBankConnected, lastSyncedAt: null };
      if (reply.ok) return { success: true, message: reply.message || BANK_SYNC_MESSAGES.syncQueued, lastSyncedAt: reply.lastSyncedAt };
      this.logger.warn(`Full bank sync refused: ${reply.message}`);
    } catch (error) {
      this.logger.warn(`Full bank sync failed: ${reason(error)}`);
    }
    try {
      const status = await this.bankSync.syncStatus(userId);
      if (status.itemCount === 0) return { success: false, message: FINANCE_MESSAGES.noBankConnected, lastSyncedAt: null };
      return { success: true, message: FINANCE_MESSAGES.syncFallbackSucceeded, lastSyncedAt: status.lastSyncedAt };
    } catch (error) {
      this.logger.warn(`Fallback bank sync failed: ${reason(error)}`);
      throw new FinanceError('BANK_SYNC_FAILED');
    }
  }
}
