import { Module } from '@nestjs/common';

/** Bank sync: analytics and category summary. */
@Module({})
export class AnalyticsModule {}
