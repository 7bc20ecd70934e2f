import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { SCHEDULED_SYNC_EVERY_MS } from '@paycadence/contracts';
import { CLOCK, JobProducer, type Clock } from '@paycadence/nest-kit';
import type { DataSource } from 'typeorm';
import { nextSlotSql } from './sync-slot.js';

/** How often the sweep looks for due items: an item is polled at most this late after its slot. */
export const SWEEP_EVERY_MS = 60_000;
/** Items claimed (and their jobs added) per transaction. */
const SWEEP_BATCH = 500;
/**
 * Items one sweep queues at most. In steady state a sweep finds 1/360 of the items (278 of 100,000); after the
 * workers were down for hours every item is due at once, and this keeps that catch-up from filling Redis with
 * every waiting job in one minute (100,000 items catch up in five sweeps). Millions of items need it raised.
 */
const SWEEP_MAX_ITEMS = 20_000;

export interface SweepOptions {
  batchSize?: number;
  maxItems?: number;
}

/**
 * The scheduled syncs (the safety net under Plaid's webhooks): PostgreSQL holds each item's `next_sync_at`, on
 * its hash slot of the period (sync-slot.ts), and this queues a `sync-item` for every active item whose time has
 * come. The claim moves `next_sync_at` to the item's next slot in the same transaction as the jobs are added:
 * two sweeps at once skip each other's rows (SKIP LOCKED), so each due item is queued once, and a Redis failure
 * rolls the claim back, so the item stays due for the next sweep. Redis holds nothing per item at rest.
 */
@Injectable()
export class SyncSweep {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(JobProducer) private readonly jobs: JobProducer,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Queues the items due now; resolves with their ids. */
  async sweep({ batchSize = SWEEP_BATCH, maxItems = SWEEP_MAX_ITEMS }: SweepOptions = {}): Promise<string[]> {
    const now = this.clock.now();
    const queued: string[] = [];
    while (queued.length < maxItems) {
      const limit = Math.min(batchSize, maxItems - queued.length);
      const claimed = await this.dataSource.transaction(async (manager) => {
        const [rows]: [{ id: string; user_id: string }[], number] = await manager.query(
          `UPDATE plaid_items SET next_sync_at = ${nextSlotSql('id', '$1::timestamptz', '$3')}
           WHERE id IN (SELECT id FROM plaid_items WHERE status = 'active' AND source = 'plaid' AND next_sync_at <= $1
                        ORDER BY next_sync_at LIMIT $2 FOR UPDATE SKIP LOCKED)
           RETURNING id, user_id`,
          [now, limit, SCHEDULED_SYNC_EVERY_MS],
        );
        // One round trip for the batch; an item already queued or syncing keeps its one job (deterministic ids),
        // which serves this poll too.
        await this.jobs.enqueueMany('sync-item', rows.map((row) => ({ userId: row.user_id, itemId: row.id })));
        return rows;
      });
      queued.push(...claimed.map((row) => row.id));
      // Fewer than asked: nothing more is due, or another sweep holds the rest.
      if (claimed.length < limit) break;
    }
    return queued;
  }
}
