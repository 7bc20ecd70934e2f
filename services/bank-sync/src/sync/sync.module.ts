import { Module } from '@nestjs/common';

/** Bank sync: the /transactions/sync import, its jobs and schedules. */
@Module({})
export class SyncModule {}
