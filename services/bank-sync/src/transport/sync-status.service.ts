import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { SyncStatusReply } from '@paycadence/contracts';
import type { DataSource } from 'typeorm';

/** The user's linked-item count and the latest completed sync among them (the dashboard's 'Last updated'). */
@Injectable()
export class SyncStatusService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async of(userId: string): Promise<SyncStatusReply> {
    const [row]: { item_count: string; last_synced_at: Date | null }[] = await this.dataSource.query(
      `SELECT count(*) AS item_count, max(last_synced_at) AS last_synced_at FROM plaid_items WHERE user_id = $1`,
      [userId],
    );
    return { itemCount: Number(row?.item_count ?? 0), lastSyncedAt: row?.last_synced_at ? new Date(row.last_synced_at).toISOString() : null };
  }
}
