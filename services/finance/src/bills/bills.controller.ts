import { Controller, Delete, Get, HttpCode, Inject, Param, Post, Put, UseGuards } from '@nestjs/common';
import { BillCreateSchema, BillUpdateSchema, type BillCreateInput, type BillDto, type BillUpdateInput } from '@paycadence/contracts';
import { AuthGuard, CurrentUser, ZodBody, type AuthenticatedUser } from '@paycadence/nest-kit';
import { BillsService } from './bills.service.js';

/** docs/product/signed-in.md §7: /api/financial/bills. */
@Controller('api/financial/bills')
@UseGuards(AuthGuard)
export class BillsController {
  constructor(@Inject(BillsService) private readonly bills: BillsService) {}

  @Get()
  list(@CurrentUser() user: AuthenticatedUser): Promise<BillDto[]> {
    return this.bills.list(user.id);
  }

  @Post()
  create(@CurrentUser() user: AuthenticatedUser, @ZodBody(BillCreateSchema) body: BillCreateInput): Promise<BillDto> {
    return this.bills.create(user.id, body);
  }

  @Put(':id')
  update(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id') id: string,
    @ZodBody(BillUpdateSchema) body: BillUpdateInput,
  ): Promise<BillDto> {
    return this.bills.update(user.id, id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  async remove(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string): Promise<void> {
    await this.bills.remove(user.id, id);
  }
}
