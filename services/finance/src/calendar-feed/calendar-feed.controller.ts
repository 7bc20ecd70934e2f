import { Controller, Delete, Get, Header, HttpCode, Inject, Post, UseGuards } from '@nestjs/common';
import type { CalendarFeedCreated, CalendarFeedStatus } from '@paycadence/contracts';
import { AuthGuard, CurrentUser, type AuthenticatedUser } from '@paycadence/nest-kit';
import { CalendarFeedService } from './calendar-feed.service.js';

/** The signed-in user's own calendar feed link (FINANCE_ENDPOINTS.calendarFeed and friends). */
@Controller('api/financial/calendar-feed')
@UseGuards(AuthGuard)
export class CalendarFeedController {
  constructor(@Inject(CalendarFeedService) private readonly feeds: CalendarFeedService) {}

  @Get()
  @Header('cache-control', 'private, no-store')
  status(@CurrentUser() user: AuthenticatedUser): Promise<CalendarFeedStatus> {
    return this.feeds.status(user.id);
  }

  /** 201: a new link (replacing any earlier one); the secret path is in this answer only. */
  @Post()
  @Header('cache-control', 'private, no-store')
  create(@CurrentUser() user: AuthenticatedUser): Promise<CalendarFeedCreated> {
    return this.feeds.create(user.id);
  }

  @Delete()
  @HttpCode(204)
  async revoke(@CurrentUser() user: AuthenticatedUser): Promise<void> {
    await this.feeds.revoke(user.id);
  }
}
