import { Controller, Delete, Get, HttpCode, Inject, Param, Post, Put, UseGuards } from '@nestjs/common';
import {
  SavingsGoalCreateSchema,
  SavingsGoalUpdateSchema,
  type SavingsGoalCreateInput,
  type SavingsGoalDto,
  type SavingsGoalUpdateInput,
} from '@paycadence/contracts';
import { AuthGuard, CurrentUser, ZodBody, type AuthenticatedUser } from '@paycadence/nest-kit';
import { SavingsGoalsService } from './savings-goals.service.js';

/** docs/product/signed-in.md §7: /api/financial/savings-goals (DELETE is our addition, for symmetry with bills and income). */
@Controller('api/financial/savings-goals')
@UseGuards(AuthGuard)
export class SavingsGoalsController {
  constructor(@Inject(SavingsGoalsService) private readonly goals: SavingsGoalsService) {}

  @Get()
  list(@CurrentUser() user: AuthenticatedUser): Promise<SavingsGoalDto[]> {
    return this.goals.list(user.id);
  }

  @Post()
  create(@CurrentUser() user: AuthenticatedUser, @ZodBody(SavingsGoalCreateSchema) body: SavingsGoalCreateInput): Promise<SavingsGoalDto> {
    return this.goals.create(user.id, body);
  }

  @Put(':id')
  update(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id') id: string,
    @ZodBody(SavingsGoalUpdateSchema) body: SavingsGoalUpdateInput,
  ): Promise<SavingsGoalDto> {
    return this.goals.update(user.id, id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  async remove(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string): Promise<void> {
    await this.goals.remove(user.id, id);
  }
}
