import { Controller, Get, HttpCode, Inject, Param, Post, UseGuards } from '@nestjs/common';
import {
  AcceptBillSchema,
  AcceptIncomeSchema,
  type AcceptBillInput,
  type AcceptIncomeInput,
  type BillDto,
  type IncomeSourceDto,
  type SuggestionsResponse,
} from '@payday/contracts';
import { AuthGuard, CurrentUser, ZodBody, type AuthenticatedUser } from '@payday/nest-kit';
import { SuggestionsService } from './suggestions.service.js';

/** spec part 2 §7: GET /suggestions, POST /accept-bill/{id}, POST /accept-income/{id}; ours: POST /dismiss-suggestion/{id}. */
@Controller('api/financial')
@UseGuards(AuthGuard)
export class SuggestionsController {
  constructor(@Inject(SuggestionsService) private readonly suggestions: SuggestionsService) {}

  @Get('suggestions')
  list(@CurrentUser() user: AuthenticatedUser): Promise<SuggestionsResponse> {
    return this.suggestions.listPending(user.id);
  }

  @Post('accept-bill/:id')
  acceptBill(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id') id: string,
    @ZodBody(AcceptBillSchema) body: AcceptBillInput,
  ): Promise<BillDto> {
    return this.suggestions.acceptBill(user.id, id, body);
  }

  @Post('accept-income/:id')
  acceptIncome(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id') id: string,
    @ZodBody(AcceptIncomeSchema) body: AcceptIncomeInput,
  ): Promise<IncomeSourceDto> {
    return this.suggestions.acceptIncome(user.id, id, body);
  }

  /** 204; 404 for an unknown or someone else's id, 409 when already accepted or dismissed. */
  @Post('dismiss-suggestion/:id')
  @HttpCode(204)
  async dismiss(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string): Promise<void> {
    await this.suggestions.dismiss(user.id, id);
  }
}
