import { Controller, Get, Header, Inject, Param, Query, UseGuards } from '@nestjs/common';
import { HouseholdCalendarQuerySchema, type HouseholdCalendarQuery, type HouseholdCalendarResponse } from '@paycadence/contracts';
import { AuthGuard, CurrentUser, ZodValidationPipe, type AuthenticatedUser } from '@paycadence/nest-kit';
import { HouseholdCalendarService } from './household-calendar.service.js';

/** HOUSEHOLD_CALENDAR_PATH (libs/contracts): members of the household only, 404 for anyone else. */
@Controller('api/financial/households')
@UseGuards(AuthGuard)
export class HouseholdCalendarController {
  constructor(@Inject(HouseholdCalendarService) private readonly calendars: HouseholdCalendarService) {}

  @Get(':householdId/calendar')
  @Header('cache-control', 'private, no-store')
  calendar(
    @CurrentUser() user: AuthenticatedUser,
    @Param('householdId') householdId: string,
    @Query(new ZodValidationPipe(HouseholdCalendarQuerySchema)) query: HouseholdCalendarQuery,
  ): Promise<HouseholdCalendarResponse> {
    return this.calendars.calendar(user.id, householdId, query);
  }
}
