import { Controller, Get, Inject, Param, UseGuards } from '@nestjs/common';
import type { BankSuggestionsResponse } from '@paycadence/contracts';
import { AuthGuard, CurrentUser, type AuthenticatedUser } from '@paycadence/nest-kit';
import { assertOwnUserId } from '../common/own-user.js';
import { FinanceClient } from './finance.client.js';

/** docs/product/signed-in.md §7: GET /suggestions/{userId} answers {success, suggestions: {bills, income}}: pending only. */
@Controller('api/plaid-production')
@UseGuards(AuthGuard)
export class SuggestionsController {
  constructor(@Inject(FinanceClient) private readonly finance: FinanceClient) {}

  @Get('suggestions/:userId')
  async list(@CurrentUser() user: AuthenticatedUser, @Param('userId') userId: string): Promise<BankSuggestionsResponse> {
    assertOwnUserId(user, userId);
    return { success: true, suggestions: await this.finance.listPendingSuggestions(user.id) };
  }
}
