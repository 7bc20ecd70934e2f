import { Controller, HttpCode, Inject, Param, Post, UseGuards } from '@nestjs/common';
import {
  BANK_SYNC_MESSAGES,
  CreateLinkTokenRequestSchema,
  ExchangeTokenRequestSchema,
  SandboxPublicTokenRequestSchema,
  type CreateLinkTokenRequest,
  type CreateLinkTokenResponse,
  type ExchangeTokenRequest,
  type ExchangeTokenResponse,
  type SandboxPublicTokenRequest,
  type SandboxPublicTokenResponse,
  type SyncStartedResponse,
} from '@paycadence/contracts';
import { AuthGuard, CurrentUser, ZodBody, type AuthenticatedUser } from '@paycadence/nest-kit';
import { assertOwnUserId } from '../common/own-user.js';
import { SyncRequests } from '../sync/sync-requests.service.js';
import { LinkService } from './link.service.js';

/** docs/product/signed-in.md §7: linking and import requests. Every `user_id` / `{userId}` must be the token's (403). */
@Controller('api/plaid-production')
@UseGuards(AuthGuard)
export class ItemsController {
  constructor(
    @Inject(LinkService) private readonly link: LinkService,
    @Inject(SyncRequests) private readonly syncs: SyncRequests,
  ) {}

  @Post('create-link-token')
  @HttpCode(200)
  createLinkToken(@CurrentUser() user: AuthenticatedUser, @ZodBody(CreateLinkTokenRequestSchema) body: CreateLinkTokenRequest): Promise<CreateLinkTokenResponse> {
    assertOwnUserId(user, body.user_id);
    return this.link.createLinkToken(user.id, body.item_id);
  }

  @Post('sandbox/public-token')
  @HttpCode(200)
  sandboxPublicToken(@CurrentUser() user: AuthenticatedUser, @ZodBody(SandboxPublicTokenRequestSchema) body: SandboxPublicTokenRequest): Promise<SandboxPublicTokenResponse> {
    assertOwnUserId(user, body.user_id);
    return this.link.sandboxSignIn(user.id, body);
  }

  @Post('exchange-token')
  @HttpCode(200)
  async exchangeToken(@CurrentUser() user: AuthenticatedUser, @ZodBody(ExchangeTokenRequestSchema) body: ExchangeTokenRequest): Promise<ExchangeTokenResponse> {
    assertOwnUserId(user, body.user_id);
    const { itemId } = await this.link.exchange(user.id, body);
    return { success: true, item_id: itemId, message: BANK_SYNC_MESSAGES.syncQueued };
  }

  /**
   * POST /repaired/{itemId} (ours): the screen calls it after Plaid Link's update mode succeeded; the item is
   * active again and syncs. Another user's item: 404.
   */
  @Post('repaired/:itemId')
  @HttpCode(200)
  async repaired(@CurrentUser() user: AuthenticatedUser, @Param('itemId') itemId: string): Promise<SyncStartedResponse> {
    await this.link.markRepaired(user.id, itemId);
    return { success: true, message: BANK_SYNC_MESSAGES.syncQueued, queued: 1 };
  }

  @Post('sync/:userId')
  @HttpCode(200)
  sync(@CurrentUser() user: AuthenticatedUser, @Param('userId') userId: string): Promise<SyncStartedResponse> {
    return this.queueUser(user, userId);
  }

  @Post('import-transactions/:userId')
  @HttpCode(200)
  importTransactions(@CurrentUser() user: AuthenticatedUser, @Param('userId') userId: string): Promise<SyncStartedResponse> {
    return this.queueUser(user, userId);
  }

  private async queueUser(user: AuthenticatedUser, userId: string): Promise<SyncStartedResponse> {
    assertOwnUserId(user, userId);
    const queued = await this.syncs.queueUser(user.id);
    return { success: true, message: BANK_SYNC_MESSAGES.syncQueued, queued };
  }
}
