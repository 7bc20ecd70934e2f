import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import {
  CALENDAR_FEED_DAYS_BACK,
  CALENDAR_FEED_MONTHS_AHEAD,
  calendarFeedPath,
  type CalendarFeedCreated,
  type CalendarFeedStatus,
} from '@paycadence/contracts';
import { addDays, addMonths } from '@paycadence/finance-rules';
import { CLOCK, type Clock } from '@paycadence/nest-kit';
import { DashboardService } from '../dashboard/dashboard.service.js';
import { ReminderSettingsService } from '../reminders/reminder-settings.service.js';
import { CalendarFeed } from './calendar-feed.entity.js';
import { renderFeedCalendar } from './feed-calendar.js';
import { buildFeedEvents } from './feed-events.js';
import { hashFeedToken, newFeedToken, wellFormedFeedToken } from './feed-token.js';

/**
 * The private calendar feed: one link per user, its token kept only as a SHA-256 hash (so the URL is
 * answered once, when made). Making a link again overwrites the hash, so the old URL stops working at once.
 */
@Injectable()
export class CalendarFeedService {
  constructor(
    @InjectRepository(CalendarFeed) private readonly feeds: Repository<CalendarFeed>,
    @Inject(DashboardService) private readonly dashboard: DashboardService,
    @Inject(ReminderSettingsService) private readonly reminderSettings: ReminderSettingsService,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async status(userId: string): Promise<CalendarFeedStatus> {
    const feed = await this.feeds.findOneBy({ userId });
    return { enabled: feed !== null, created_at: feed?.createdAt.toISOString() ?? null };
  }

  /** Creates the user's link or replaces it; the answer is the only place its token ever appears. */
  async create(userId: string): Promise<CalendarFeedCreated> {
    const token = newFeedToken();
    const createdAt = this.clock.now();
    await this.feeds.upsert({ userId, tokenHash: hashFeedToken(token), createdAt }, ['userId']);
    return { enabled: true, created_at: createdAt.toISOString(), path: calendarFeedPath(token) };
  }

  async revoke(userId: string): Promise<void> {
    await this.feeds.delete({ userId });
  }

  /** The iCalendar text of the feed whose token this is; null for a malformed, unknown or revoked one. */
  async calendarFor(tokenText: string): Promise<string | null> {
    const token = wellFormedFeedToken(tokenText);
    if (token === null) return null;
    const feed = await this.feeds.findOneBy({ tokenHash: hashFeedToken(token) });
    if (feed === null) return null;
    // Calendar apps send no date of their own: the feed's today is the user's, in the time zone finance holds for
    // them (saved with their reminder settings, on their first signed-in page load), else the UTC day.
    const today = await this.reminderSettings.todayOf(feed.userId);
    const { bills, incomes, schedule } = await this.dashboard.scheduleFor(feed.userId, today);
    const from = addDays(today, -CALENDAR_FEED_DAYS_BACK);
    const to = addMonths(today, CALENDAR_FEED_MONTHS_AHEAD);
    return renderFeedCalendar(buildFeedEvents({ bills, incomes, schedule, from, to }), this.clock.now());
  }
}
