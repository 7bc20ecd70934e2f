import { Controller, Delete, Get, HttpCode, Inject, Param, Post, Put, UseGuards } from '@nestjs/common';
import {
  IncomeCreateSchema,
  IncomeUpdateSchema,
  type IncomeCreateInput,
  type IncomeSourceDto,
  type IncomeUpdateInput,
} from '@paycadence/contracts';
import { AuthGuard, CurrentUser, ZodBody, type AuthenticatedUser } from '@paycadence/nest-kit';
import { IncomeService } from './income.service.js';

/** docs/product/signed-in.md §7: /api/financial/income. */
@Controller('api/financial/income')
@UseGuards(AuthGuard)
export class IncomeController {
  constructor(@Inject(IncomeService) private readonly incomes: IncomeService) {}

  @Get()
  list(@CurrentUser() user: AuthenticatedUser): Promise<IncomeSourceDto[]> {
    return this.incomes.list(user.id);
  }

  @Post()
  create(@CurrentUser() user: AuthenticatedUser, @ZodBody(IncomeCreateSchema) body: IncomeCreateInput): Promise<IncomeSourceDto> {
    return this.incomes.create(user.id, body);
  }

  @Put(':id')
  update(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id') id: string,
    @ZodBody(IncomeUpdateSchema) body: IncomeUpdateInput,
  ): Promise<IncomeSourceDto> {
    return this.incomes.update(user.id, id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  async remove(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string): Promise<void> {
    await this.incomes.remove(user.id, id);
  }
}
