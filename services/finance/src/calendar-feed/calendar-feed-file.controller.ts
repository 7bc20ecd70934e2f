import { Controller, Get, Header, Inject, Param } from '@nestjs/common';
import { SecretInPath } from '@paycadence/nest-kit';
import { FinanceError } from '../errors.js';
import { CalendarFeedService } from './calendar-feed.service.js';

/**
 * The feed calendar apps subscribe to. No session: the token in the path is the credential, so the
 * request log shows the route's pattern (SecretInPath), the gateway's and nginx's access logs the path with the
 * token replaced, and every miss is the same bare 404.
 */
@Controller('api/financial/calendar-feed')
export class CalendarFeedFileController {
  constructor(@Inject(CalendarFeedService) private readonly feeds: CalendarFeedService) {}

  @Get(':token.ics')
  @SecretInPath()
  @Header('content-type', 'text/calendar; charset=utf-8')
  @Header('cache-control', 'private, no-store')
  async file(@Param('token') token: string): Promise<string> {
    const calendar = await this.feeds.calendarFor(token);
    if (calendar === null) throw new FinanceError('CALENDAR_FEED_NOT_FOUND');
    return calendar;
  }
}
