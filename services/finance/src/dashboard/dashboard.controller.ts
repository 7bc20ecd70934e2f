import { Controller, Get, Header, Inject, Query, Req, Res, UseGuards } from '@nestjs/common';
import { DashboardQuerySchema, TimelineQuerySchema, type DashboardQuery, type TimelineQuery, type TimelineResponse } from '@paycadence/contracts';
import { AuthGuard, CurrentUser, ZodValidationPipe, type AuthenticatedUser } from '@paycadence/nest-kit';
import { acceptsGzip } from './cached-json.js';
import { DashboardService } from './dashboard.service.js';

@Controller('api/financial')
@UseGuards(AuthGuard)
export class DashboardController {
  constructor(@Inject(DashboardService) private readonly dashboard: DashboardService) {}

  /**
   * Answers DashboardResponse (libs/contracts): the cached JSON text, gzipped when accepted.
   * `?today=` is the browser's local date (DashboardQuerySchema); the cache key holds the day used.
   */
  @Get('dashboard-with-insights')
  @Header('content-type', 'application/json; charset=utf-8')
  @Header('cache-control', 'private, no-store')
  @Header('vary', 'Accept-Encoding')
  async get(
    @CurrentUser() user: AuthenticatedUser,
    @Query(new ZodValidationPipe(DashboardQuerySchema)) query: DashboardQuery,
    @Req() request: { headers: Record<string, string | string[] | undefined> },
    @Res({ passthrough: true }) reply: { header(name: string, value: string): unknown },
  ): Promise<string | Buffer> {
    const body = await this.dashboard.forUserJson(user.id, query);
    if (!acceptsGzip(request.headers['accept-encoding'])) return body.text;
    reply.header('content-encoding', 'gzip');
    return body.gzipped();
  }

  /** The Calendar and Planner range (TimelineResponse in libs/contracts); `?today=` as above. */
  @Get('timeline')
  @Header('cache-control', 'private, no-store')
  timeline(@CurrentUser() user: AuthenticatedUser, @Query(new ZodValidationPipe(TimelineQuerySchema)) query: TimelineQuery): Promise<TimelineResponse> {
    return this.dashboard.timeline(user.id, query);
  }
}
