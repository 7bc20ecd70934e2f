import { Module } from '@nestjs/common';
import { ItemSyncService } from './item-sync.service.js';
import { SyncJobs } from './sync-jobs.js';
import { SyncRequests } from './sync-requests.service.js';

/** Bank sync: the /transactions/sync import (ItemSyncService), its jobs and schedules (SyncRequests). */
@Module({ providers: [ItemSyncService, SyncJobs, SyncRequests], exports: [SyncRequests, ItemSyncService] })
export class SyncModule {}
