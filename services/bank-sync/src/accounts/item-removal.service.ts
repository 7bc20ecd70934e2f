import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { BankSyncError } from '../errors.js';
import { ItemAccessService } from '../items/item-access.service.js';
import { PlaidGateway } from '../plaid/plaid-gateway.js';
import { SyncRequests } from '../sync/sync-requests.service.js';
import { FinanceClient } from '../transport/finance.client.js';

/** Plaid answers these when the item is already gone there: nothing left to remove, so not a failure. */
const ALREADY_REMOVED_AT_PLAID = new Set(['ITEM_NOT_FOUND', 'INVALID_ACCESS_TOKEN']);

function plaidErrorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

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
      const code = plaidErrorCode(error);
      if (!code || !ALREADY_REMOVED_AT_PLAID.has(code)) {
        this.logger.warn(`Plaid refused to remove item ${item.id}: ${code ?? 'unknown error'}`);
        throw new BankSyncError('PLAID_UNAVAILABLE');
      }
    }
    await this.syncRequests.forgetItem(item.id);
    // The item's streams are the externalKeys of its suggestions in finance (detection keys them by row id).
    const [streams]: [{ id: string }[], number] = await this.dataSource.query(
      `DELETE FROM recurring_streams s USING bank_accounts a
       WHERE s.account_id = a.id AND a.item_id = $1 AND s.user_id = $2 AND a.user_id = $2 RETURNING s.id`,
      [item.id, userId],
    );
    await this.dataSource.query(`DELETE FROM plaid_items WHERE id = $1 AND user_id = $2`, [item.id, userId]);
    this.withdrawSuggestions(userId, streams.map((stream) => stream.id));
  }

  /**
   * Suggestions of streams that are gone (disconnect, duplicate cleanup) go from finance as well. Not awaited:
   * the user's answer does not wait for finance; the client logs a failure and never throws.
   */
  withdrawSuggestions(userId: string, streamIds: string[]): void {
    void this.finance.withdrawSuggestions(userId, streamIds);
  }
}
