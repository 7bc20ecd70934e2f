import { Controller, Get, Header, Inject, Query, UseGuards } from '@nestjs/common';
import { DashboardQuerySchema } from '@payday/contracts';
import { AuthGuard, CurrentUser, ZodValidationPipe, type AuthenticatedUser } from '@payday/nest-kit';
import { DashboardService } from './dashboard.service.js';

@Controller('api/financial')
@UseGuards(AuthGuard)
export class DashboardController {
  constructor(@Inject(DashboardService) private readonly dashboard: DashboardService) {}

  /** Answers `DashboardWithInsights` (see dashboard.service.ts), sent as the cached JSON text. */
  @Get('dashboard-with-insights')
  @Header('content-type', 'application/json; charset=utf-8')
  @Header('cache-control', 'private, no-store')
  get(
    @CurrentUser() user: AuthenticatedUser,
    @Query(new ZodValidationPipe(DashboardQuerySchema)) query: { laterWindowDays?: number },
  ): Promise<string> {
    return this.dashboard.forUserJson(user.id, query.laterWindowDays);
  }
}
