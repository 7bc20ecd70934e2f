import { Controller, Get, Inject, Param, UseGuards } from '@nestjs/common';
import type { AnalyticsResponse } from '@paycadence/contracts';
import { AuthGuard, CurrentUser, type AuthenticatedUser } from '@paycadence/nest-kit';
import { assertOwnUserId } from '../common/own-user.js';
import { AnalyticsService } from './analytics.service.js';

/** docs/product/signed-in.md §7: GET /analytics/{userId} answers {success, analytics}. */
@Controller('api/plaid-production')
@UseGuards(AuthGuard)
export class AnalyticsController {
  constructor(@Inject(AnalyticsService) private readonly analytics: AnalyticsService) {}

  @Get('analytics/:userId')
  get(@CurrentUser() user: AuthenticatedUser, @Param('userId') userId: string): Promise<AnalyticsResponse> {
    assertOwnUserId(user, userId);
    return this.analytics.forUser(user.id);
  }
}
