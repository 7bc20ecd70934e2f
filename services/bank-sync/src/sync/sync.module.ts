import { Module } from '@nestjs/common';
import { ItemAccessService } from '../items/item-access.service.js';
import { ItemSyncService } from './item-sync.service.js';
import { SyncJobs } from './sync-jobs.js';
import { SyncRequests } from './sync-requests.service.js';

/** Bank sync: the /transactions/sync import (ItemSyncService), its jobs and schedules (SyncRequests). */
// ItemAccessService (stateless) is provided here too: ItemsModule imports this module, not the other way round.
@Module({ providers: [ItemSyncService, SyncJobs, SyncRequests, ItemAccessService], exports: [SyncRequests, ItemSyncService] })
export class SyncModule {}
