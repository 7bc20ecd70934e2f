import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { JobProducer } from '@paycadence/nest-kit';
import type { DataSource } from 'typeorm';

/**
 * Asks the worker for imports: the HTTP process only produces jobs. Job ids are deterministic (`<item>.sync`),
 * so asking again while an item's sync waits joins that one; while it runs, one follow-up (`<item>.sync.again`)
 * is added, which runs its own pass after it (ItemSyncService's advisory lock).
 */
@Injectable()
export class SyncRequests {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(JobProducer) private readonly jobs: JobProducer,
  ) {}

  /** Queues one item's import (the item must be the user's; callers check with ItemAccessService). */
  async queueItem(userId: string, itemId: string): Promise<void> {
    // Also over 'running': a pass that ends and finds 'queued' keeps it (its follow-up still runs), so the screen
    // keeps polling until the pass that serves this request is done.
    await this.dataSource.query(`UPDATE plaid_items SET sync_state = 'queued', updated_at = now() WHERE id = $1 AND user_id = $2`, [itemId, userId]);
    // Asked while a pass runs (new data at Plaid meanwhile): one more pass after it, not nothing.
    await this.jobs.enqueue('sync-item', { userId, itemId }, { followUpIfActive: true });
  }

  /** Queues every item of the user that can sync (not those waiting for a new sign-in); answers how many. */
  async queueUser(userId: string): Promise<number> {
    const items: { id: string }[] = await this.dataSource.query(
      `SELECT id FROM plaid_items WHERE user_id = $1 AND status = 'active' AND source = 'plaid' ORDER BY created_at`,
      [userId],
    );
    for (const { id } of items) await this.queueItem(userId, id);
    return items.length;
  }
}
