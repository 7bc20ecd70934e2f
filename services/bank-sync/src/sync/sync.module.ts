import { Module } from '@nestjs/common';
import { ItemAccessService } from '../items/item-access.service.js';
import { ItemSyncService } from './item-sync.service.js';
import { SyncJobs } from './sync-jobs.js';
import { SyncSweep } from './sync-sweep.js';
import { SyncRequests } from './sync-requests.service.js';

/** Bank sync: the /transactions/sync import (ItemSyncService), its jobs (SyncRequests) and the scheduled syncs' sweep (SyncSweep). */
// ItemAccessService (stateless) is provided here too: ItemsModule imports this module, not the other way round.
@Module({ providers: [ItemSyncService, SyncJobs, SyncRequests, SyncSweep, ItemAccessService], exports: [SyncRequests, ItemSyncService, SyncSweep] })
export class SyncModule {}
