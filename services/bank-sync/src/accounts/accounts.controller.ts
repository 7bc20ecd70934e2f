import { Controller, Delete, Logger, Get, HttpCode, Inject, Param, Post, UseGuards } from '@nestjs/common';
import { DisconnectRequestSchema, type AccountsResponse, type CleanupDuplicatesResponse, type DisconnectResponse } from '@paycadence/contracts';
import { AuthGuard, CurrentUser, ZodBody, type AuthenticatedUser } from '@paycadence/nest-kit';
import { z } from 'zod';
import { assertOwnUserId } from '../common/own-user.js';
import { AccountsService } from './accounts.service.js';
import { ItemRemovalService } from './item-removal.service.js';

type DisconnectRequest = z.output<typeof DisconnectRequestSchema>;

/** docs/product/signed-in.md §7: GET /accounts/{userId}, DELETE /disconnect/{plaidItemId}, POST /cleanup-duplicates/{userId}. */
@Controller('api/plaid-production')
@UseGuards(AuthGuard)
export class AccountsController {
  private readonly logger = new Logger(AccountsController.name);

  constructor(
    @Inject(AccountsService) private readonly accounts: AccountsService,
    @Inject(ItemRemovalService) private readonly removal: ItemRemovalService,
  ) {}

  @Get('accounts/:userId')
  list(@CurrentUser() user: AuthenticatedUser, @Param('userId') userId: string): Promise<AccountsResponse> {
    assertOwnUserId(user, userId);
    return this.accounts.list(user.id);
  }

  /** `plaidItemId` is our item id (what GET /accounts answers as plaid_item_id). */
  @Delete('disconnect/:plaidItemId')
  @HttpCode(200)
  async disconnect(
    @CurrentUser() user: AuthenticatedUser,
    @Param('plaidItemId') itemId: string,
    @ZodBody(DisconnectRequestSchema) body: DisconnectRequest,
  ): Promise<DisconnectResponse> {
    assertOwnUserId(user, body.userId);
    await this.removal.remove(user.id, itemId);
    return { success: true };
  }

  @Post('cleanup-duplicates/:userId')
  @HttpCode(200)
  async cleanupDuplicates(@CurrentUser() user: AuthenticatedUser, @Param('userId') userId: string): Promise<CleanupDuplicatesResponse> {
    assertOwnUserId(user, userId);
    const { removed, emptiedItemIds } = await this.accounts.deleteDuplicateAccounts(user.id, (keys) => this.removal.withdrawSuggestions(user.id, keys));
    // An item whose every account was a copy is the same login linked twice: end it at Plaid too, or its
    // next sync would bring the copies back.
    // The copies are already gone: a Plaid hiccup here is logged, the next cleanup retries it.
    for (const itemId of emptiedItemIds) await this.removal.remove(user.id, itemId).catch((error: unknown) => this.logger.warn(`Could not end emptied item ${itemId}: ${String((error as Error)?.message ?? error)}`));
    return { success: true, duplicatesRemoved: removed };
  }
}
