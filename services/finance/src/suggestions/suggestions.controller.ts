import { Controller, Get, HttpCode, Inject, Param, Post, UseGuards } from '@nestjs/common';
import {
  AcceptBillSchema,
  AcceptIncomeSchema,
  SuggestionTargetSchema,
  type AcceptBillInput,
  type AcceptIncomeInput,
  type BillDto,
  type IncomeSourceDto,
  type SuggestionChoiceResponse,
  type SuggestionsResponse,
  type SuggestionTargetInput,
} from '@paycadence/contracts';
import { AuthGuard, CurrentUser, ZodBody, type AuthenticatedUser } from '@paycadence/nest-kit';
import { SuggestionsService } from './suggestions.service.js';

/**
 * GET /suggestions, POST /accept-bill/{id}, POST /accept-income/{id}; ours: POST
 * /dismiss-suggestion/{id}, and POST /suggestions/{id}/link and /replace for a detected item the caller already has.
 */
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

  /**
   * 200 `{kind, bill | income}`: the caller's bill or income source `target_id` now stands for the detected one.
   * 404 for a suggestion or target that is not the caller's, 409 when the suggestion was already answered, 400 for a
   * malformed body.
   */
  @Post('suggestions/:id/link')
  @HttpCode(200)
  link(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id') id: string,
    @ZodBody(SuggestionTargetSchema) body: SuggestionTargetInput,
  ): Promise<SuggestionChoiceResponse> {
    return this.suggestions.link(user.id, id, body.target_id);
  }

  /** As link, and the target takes the detected amount, date and cadence. */
  @Post('suggestions/:id/replace')
  @HttpCode(200)
  replace(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id') id: string,
    @ZodBody(SuggestionTargetSchema) body: SuggestionTargetInput,
  ): Promise<SuggestionChoiceResponse> {
    return this.suggestions.replace(user.id, id, body.target_id);
  }

  /** 204; 404 for an unknown or someone else's id, 409 when already accepted or dismissed. */
  @Post('dismiss-suggestion/:id')
  @HttpCode(204)
  async dismiss(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string): Promise<void> {
    await this.suggestions.dismiss(user.id, id);
  }
}
