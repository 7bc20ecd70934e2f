import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { BankSyncError } from '../errors.js';
import { ItemAccessService } from '../items/item-access.service.js';
import { PlaidGateway } from '../plaid/plaid-gateway.js';
import { SyncRequests } from '../sync/sync-requests.service.js';

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
    await this.dataSource.query(`DELETE FROM plaid_items WHERE id = $1 AND user_id = $2`, [item.id, userId]);
  }
}
