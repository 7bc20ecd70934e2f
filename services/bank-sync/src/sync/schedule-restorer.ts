import { Inject, Injectable, Logger, Module, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { SyncModule } from './sync.module.js';
import { SyncRequests } from './sync-requests.service.js';

/**
 * At worker start-up, every active item without a 6-hourly job scheduler gets one (existing ones are kept as
 * they are, next run included), so a scheduler lost with Redis data, or never written, comes back without anyone relinking.
 */
@Injectable()
export class ScheduleRestorer implements OnApplicationBootstrap {
  private readonly logger = new Logger(ScheduleRestorer.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(SyncRequests) private readonly syncs: SyncRequests,
  ) {}

  async onApplicationBootstrap() {
    const items: { id: string; user_id: string }[] = await this.dataSource.query(`SELECT id, user_id FROM plaid_items WHERE status = 'active'`);
    for (const item of items) await this.syncs.scheduleItem(item.user_id, item.id, { keepExisting: true });
    if (items.length) this.logger.log(`job schedulers checked for ${items.length} item(s)`);
  }
}

/** Imported by the worker only (service-definition.ts). */
@Module({ imports: [SyncModule], providers: [ScheduleRestorer] })
export class ScheduleRestorerModule {}
