import { Controller, Get, Inject, Param, UseGuards } from '@nestjs/common';
import type { HouseholdItemDto } from '@payday/contracts';
import { AuthGuard, CurrentUser, type AuthenticatedUser } from '@payday/nest-kit';
import { HouseholdService } from './household.service.js';

/** /api/household (libs/contracts/src/routes.ts lists its routes; gateway/kong.yml routes them here). */
@Controller('api/household')
@UseGuards(AuthGuard)
export class HouseholdController {
  constructor(@Inject(HouseholdService) private readonly service: HouseholdService) {}

  @Get('items/:id')
  find(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string): Promise<HouseholdItemDto> {
    return this.service.find(user.id, id);
  }
}
