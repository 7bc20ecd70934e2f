import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { AccountSubject } from '@paycadence/contracts';
import { deleteUserRows } from '@paycadence/nest-kit';
import type { DataSource } from 'typeorm';
import { lockUserStreams } from '../detection/recurring-stream.store.js';
import { ItemAccessService } from '../items/item-access.service.js';
import { PlaidCallError } from '../plaid/plaid-call-error.js';
import { PlaidGateway } from '../plaid/plaid-gateway.js';
import { BANK_SYNC_USER_TABLES } from './bank-sync-user-tables.js';

/** Plaid answers these when the item is already gone there (a retry after a partial run): nothing to remove. */
const ALREADY_REMOVED_AT_PLAID = new Set(['ITEM_NOT_FOUND', 'INVALID_ACCESS_TOKEN']);

/**
 * Forgetting a deleted account: every linked item is removed AT PLAID first (itemRemove, so no access token
 * stays alive for an account that no longer exists), then every row goes (the items' scheduled syncs,
 * `next_sync_at`, with them), in one transaction under detection's per-user lock (no detection run writes
 * streams meanwhile).
 * Plaid refusing for another reason fails the whole step and deletes nothing here: auth asks again later, and
 * the items already removed at Plaid answer ITEM_NOT_FOUND then. Finance's suggestions are not withdrawn one
 * by one as a disconnect does: finance forgets the whole account itself.
 */
@Injectable()
export class AccountErasureService {
  private readonly logger = new Logger(AccountErasureService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(ItemAccessService) private readonly items: ItemAccessService,
    @Inject(PlaidGateway) private readonly plaid: PlaidGateway,
  ) {}

  async erase(subject: AccountSubject): Promise<Record<string, number>> {
    return this.dataSource.transaction(async (manager) => {
      await lockUserStreams(manager, subject.userId);
      const items: { id: string; access_token_sealed: string }[] = await manager.query(
        // File-fed accounts' items have nothing at Plaid; their rows go with the rest below.
        `SELECT id, access_token_sealed FROM plaid_items WHERE user_id = $1 AND source = 'plaid' ORDER BY created_at FOR UPDATE`,
        [subject.userId],
      );
      for (const item of items) {
        await this.removeAtPlaid(item.id, await this.items.accessTokenOf({ accessTokenSealed: item.access_token_sealed }));
      }
      return deleteUserRows(manager, BANK_SYNC_USER_TABLES, subject);
    });
  }

  private async removeAtPlaid(itemId: string, accessToken: string): Promise<void> {
    try {
      await this.plaid.removeItem(accessToken);
    } catch (error) {
      if (error instanceof PlaidCallError && ALREADY_REMOVED_AT_PLAID.has(error.code)) return;
      this.logger.warn(`Plaid did not remove item ${itemId}: ${error instanceof PlaidCallError ? error.code : 'unknown error'}`);
      throw error;
    }
  }
}
