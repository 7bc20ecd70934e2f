import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { BankSummaryPublisher } from '../analytics/bank-summary.publisher.js';
import { BillPaymentsPublisher } from '../analytics/bill-payments.publisher.js';
import { BankSyncError } from '../errors.js';
import { ItemAccessService } from '../items/item-access.service.js';
import { lockUserStreams } from '../detection/recurring-stream.store.js';
import { keysToWithdraw, streamKeysWhere } from '../detection/suggestion-key.js';
import { PlaidCallError } from '../plaid/plaid-call-error.js';
import { PlaidGateway } from '../plaid/plaid-gateway.js';
import { FinanceClient } from '../transport/finance.client.js';

/** Plaid answers these when the item is already gone there: nothing left to remove, so not a failure. */
const ALREADY_REMOVED_AT_PLAID = new Set(['ITEM_NOT_FOUND', 'INVALID_ACCESS_TOKEN']);

/**
 * Disconnecting a bank (docs/product/signed-in.md §7 DELETE /disconnect). Under detection's per-user lock, in one
 * transaction: the pending suggestions of the item's recurring streams are withdrawn from finance (awaited:
 * finance failing answers 503 and changes nothing), the item is removed at Plaid (so no token stays alive for
 * a connection the user ended), then its row deleted (its scheduled sync, `next_sync_at`, with it); accounts,
 * transactions and recurring streams follow by ON DELETE CASCADE.
 */
@Injectable()
export class ItemRemovalService {
  private readonly logger = new Logger(ItemRemovalService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(ItemAccessService) private readonly items: ItemAccessService,
    @Inject(PlaidGateway) private readonly plaid: PlaidGateway,
    @Inject(FinanceClient) private readonly finance: FinanceClient,
    @Inject(BankSummaryPublisher) private readonly bankSummary: BankSummaryPublisher,
    @Inject(BillPaymentsPublisher) private readonly billPayments: BillPaymentsPublisher,
  ) {}

  /** Another user's or an unknown item: ITEM_NOT_FOUND (404) from findOwned, before anything changes. */
  async remove(userId: string, itemId: string): Promise<void> {
    const item = await this.items.findOwned(userId, itemId);
    await this.dataSource.transaction(async (manager) => {
      // No detection run re-suggests these streams between the withdrawal and the delete.
      await lockUserStreams(manager, userId);
      const streams = await streamKeysWhere(manager, userId, `a.item_id = $2`, [item.id]);
      await this.withdrawSuggestions(userId, await keysToWithdraw(manager, userId, streams));
      try {
        // A file-fed account's item has nothing at Plaid.
        if (item.accessTokenSealed !== null) await this.plaid.removeItem(await this.items.accessTokenOf({ accessTokenSealed: item.accessTokenSealed }));
      } catch (error) {
        if (!(error instanceof PlaidCallError) || !ALREADY_REMOVED_AT_PLAID.has(error.code)) {
          this.logger.warn(`Plaid refused to remove item ${item.id}: ${error instanceof PlaidCallError ? error.code : 'unknown error'}`);
          // The suggestions withdrawn come back with the next detection run: the streams stay.
          throw new BankSyncError('PLAID_UNAVAILABLE');
        }
      }
      await manager.query(`DELETE FROM plaid_items WHERE id = $1 AND user_id = $2`, [item.id, userId]);
    });
    // The remaining banks' figures to the dashboard (null figures, a clear, when this was the last bank). Not
    // awaited: the user's answer does not wait for finance; publish never rejects.
    void this.bankSummary.publish(userId);
    // The remaining banks' payments (none after the last), so a gone bank's rows stop paying bills.
    void this.billPayments.publish(userId);
  }

  /**
   * Suggestions of streams about to go (disconnect, duplicate cleanup) go from finance first. A finance that
   * listens and fails answers FINANCE_UNAVAILABLE (503), and the caller's transaction deletes nothing. With no
   * finance listening at all the deletion goes ahead (a bank can be disconnected while finance is down); their
   * pending suggestions then stay in finance, which is logged.
   */
  async withdrawSuggestions(userId: string, externalKeys: string[]): Promise<void> {
    if (externalKeys.length === 0) return;
    try {
      if (!(await this.finance.financeListening())) {
        this.logger.warn(`finance is not listening: ${externalKeys.length} suggestions of removed streams stay pending`);
        return;
      }
      await this.finance.withdrawSuggestions(userId, externalKeys);
    } catch (error) {
      this.logger.warn(`finance did not withdraw ${externalKeys.length} suggestions: ${String((error as Error)?.message ?? error)}`);
      throw new BankSyncError('FINANCE_UNAVAILABLE');
    }
  }
}
