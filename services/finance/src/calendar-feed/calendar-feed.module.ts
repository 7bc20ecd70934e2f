import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DashboardModule } from '../dashboard/dashboard.module.js';
import { RemindersModule } from '../reminders/reminders.module.js';
import { CalendarFeedFileController } from './calendar-feed-file.controller.js';
import { CalendarFeed } from './calendar-feed.entity.js';
import { CalendarFeedController } from './calendar-feed.controller.js';
import { CalendarFeedService } from './calendar-feed.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([CalendarFeed]), DashboardModule, RemindersModule],
  controllers: [CalendarFeedController, CalendarFeedFileController],
  providers: [CalendarFeedService],
})
export class CalendarFeedModule {}
