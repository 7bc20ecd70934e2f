import { Controller, Get, Inject, Param, Query, UseGuards } from '@nestjs/common';
import { TransactionsQuerySchema, type TransactionsQuery, type TransactionsResponse } from '@paycadence/contracts';
import { AuthGuard, CurrentUser, ZodValidationPipe, type AuthenticatedUser } from '@paycadence/nest-kit';
import { assertOwnUserId } from '../common/own-user.js';
import { TransactionsService } from './transactions.service.js';

/** docs/product/signed-in.md §7: GET /transactions/{userId}?limit&offset[&type][&days]. */
@Controller('api/plaid-production')
@UseGuards(AuthGuard)
export class TransactionsController {
  constructor(@Inject(TransactionsService) private readonly transactions: TransactionsService) {}

  @Get('transactions/:userId')
  list(
    @CurrentUser() user: AuthenticatedUser,
    @Param('userId') userId: string,
    @Query(new ZodValidationPipe(TransactionsQuerySchema)) query: TransactionsQuery,
  ): Promise<TransactionsResponse> {
    assertOwnUserId(user, userId);
    return this.transactions.list(user.id, query);
  }
}
