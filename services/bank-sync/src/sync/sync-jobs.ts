import { Inject, Injectable } from '@nestjs/common';
import type { SyncItemJob, SyncUserJob } from '@paycadence/contracts';
import { JobHandler, type JobContext } from '@paycadence/nest-kit';
import { UnrecoverableError } from 'bullmq';
import { PlaidCallError } from '../plaid/plaid-call-error.js';
import { ItemSyncService } from './item-sync.service.js';
import { SyncRequests } from './sync-requests.service.js';
import { SyncSweep } from './sync-sweep.js';

/** The bank-sync queue's import jobs (run by worker.ts only; the HTTP process only adds them). */
@Injectable()
export class SyncJobs {
  constructor(
    @Inject(ItemSyncService) private readonly itemSync: ItemSyncService,
    @Inject(SyncRequests) private readonly requests: SyncRequests,
    @Inject(SyncSweep) private readonly sweeper: SyncSweep,
  ) {}

  /** Retried with backoff on Plaid's 429 / 500 / no answer; any other Plaid refusal fails the job for good. */
  @JobHandler('sync-item')
  async syncItem({ userId, itemId }: SyncItemJob, context: JobContext) {
    try {
      // A follow-up (`<item>.sync.again`, added while a pass ran) waits for that pass's lock, then runs its own.
      await this.itemSync.syncItem(userId, itemId, { finalAttempt: context.attempt >= context.maxAttempts });
    } catch (error) {
      if (error instanceof PlaidCallError && !error.retryable) throw new UnrecoverableError(error.message);
      throw error;
    }
  }

  /** docs/product/signed-in.md §7 fullDataSync: one job per item, each collapsing with a sync of that item already queued. */
  @JobHandler('sync-user')
  async syncUser({ userId }: SyncUserJob) {
    await this.requests.queueUser(userId);
  }

  /** Every minute (SyncSweepSchedule): a `sync-item` for each active item whose scheduled time has come. */
  @JobHandler('sweep-syncs')
  async sweepSyncs() {
    await this.sweeper.sweep();
  }
}
