import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { BankSyncError } from '../errors.js';
import { ItemAccessService } from '../items/item-access.service.js';
import { rowSuggestionKey } from '../detection/suggestion-key.js';
import { PlaidCallError } from '../plaid/plaid-call-error.js';
import { PlaidGateway } from '../plaid/plaid-gateway.js';
import { SyncRequests } from '../sync/sync-requests.service.js';
import { FinanceClient } from '../transport/finance.client.js';

/** Plaid answers these when the item is already gone there: nothing left to remove, so not a failure. */
const ALREADY_REMOVED_AT_PLAID = new Set(['ITEM_NOT_FOUND', 'INVALID_ACCESS_TOKEN']);

type StreamRow = { user_id: string; account_id: string; direction: string; merchant_key: string };

/**
 * Disconnecting a bank (spec part 2 §7 DELETE /disconnect): the item is removed at Plaid first (so no
 * token stays alive for a connection the user ended), its scheduled sync forgotten, then its rows deleted;
 * accounts, transactions and recurring streams follow by ON DELETE CASCADE.
 */
@Injectable()
export class ItemRemovalService {
  private readonly logger = new Logger(ItemRemovalService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(ItemAccessService) private readonly items: ItemAccessService,
    @Inject(PlaidGateway) private readonly plaid: PlaidGateway,
    @Inject(SyncRequests) private readonly syncRequests: SyncRequests,
    @Inject(FinanceClient) private readonly finance: FinanceClient,
  ) {}

  /** Another user's or an unknown item: ITEM_NOT_FOUND (404) from findOwned, before anything changes. */
  async remove(userId: string, itemId: string): Promise<void> {
    const item = await this.items.findOwned(userId, itemId);
    try {
      await this.plaid.removeItem(await this.items.accessTokenOf(item));
    } catch (error) {
      if (!(error instanceof PlaidCallError) || !ALREADY_REMOVED_AT_PLAID.has(error.code)) {
        this.logger.warn(`Plaid refused to remove item ${item.id}: ${error instanceof PlaidCallError ? error.code : 'unknown error'}`);
        throw new BankSyncError('PLAID_UNAVAILABLE');
      }
    }
    await this.syncRequests.forgetItem(item.id);
    // The item's streams: their suggestions in finance go too (keyed by streamSuggestionKey).
    const [streams]: [StreamRow[], number] = await this.dataSource.query(
      `DELETE FROM recurring_streams s USING bank_accounts a
       WHERE s.account_id = a.id AND a.item_id = $1 AND s.user_id = $2 AND a.user_id = $2
       RETURNING s.user_id, s.account_id, s.direction, s.merchant_key`,
      [item.id, userId],
    );
    await this.dataSource.query(`DELETE FROM plaid_items WHERE id = $1 AND user_id = $2`, [item.id, userId]);
    this.withdrawSuggestions(userId, streams.map(rowSuggestionKey));
  }

  /**
   * Suggestions of streams that are gone (disconnect, duplicate cleanup) go from finance as well. Not awaited:
   * the user's answer does not wait for finance; a failure is logged (the suggestion stays pending).
   */
  withdrawSuggestions(userId: string, externalKeys: string[]): void {
    if (externalKeys.length === 0) return;
    this.finance.withdrawSuggestions(userId, externalKeys).catch((error: unknown) => {
      this.logger.warn(`finance did not withdraw ${externalKeys.length} suggestions: ${String((error as Error)?.message ?? error)}`);
    });
  }
}
