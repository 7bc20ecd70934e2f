import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { LINK_DAYS_REQUESTED, SANDBOX_INSTITUTIONS, SCHEDULED_SYNC_EVERY_MS, type CreateLinkTokenResponse, type ExchangeTokenRequest, type SandboxPublicTokenRequest, type SandboxPublicTokenResponse } from '@paycadence/contracts';
import { CLOCK, type Clock } from '@paycadence/nest-kit';
import type { DataSource } from 'typeorm';
import { BankSyncError } from '../errors.js';
import { PlaidCallError } from '../plaid/plaid-call-error.js';
import { PlaidGateway } from '../plaid/plaid-gateway.js';
import { TokenVault } from '../plaid/token-vault.js';
import { nextSlotAfter } from '../sync/sync-slot.js';
import { SyncRequests } from '../sync/sync-requests.service.js';
import { ItemAccessService } from './item-access.service.js';

/** Plaid refusals the user can fix by entering other sandbox credentials. */
const BAD_CREDENTIALS = new Set(['INVALID_CREDENTIALS', 'INVALID_FIELD', 'INVALID_USERNAME', 'INVALID_PASSWORD']);

/** Linking a bank: link tokens, the sandbox sign-in, the exchange that stores the sealed token, and repair. */
@Injectable()
export class LinkService {
  private readonly logger = new Logger(LinkService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(PlaidGateway) private readonly plaid: PlaidGateway,
    @Inject(TokenVault) private readonly vault: TokenVault,
    @Inject(ItemAccessService) private readonly items: ItemAccessService,
    @Inject(SyncRequests) private readonly syncs: SyncRequests,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** With `itemId`: a link token for update mode on that (own) item. */
  async createLinkToken(userId: string, itemId?: string): Promise<CreateLinkTokenResponse> {
    const accessToken = itemId ? await this.items.accessTokenOf(await this.items.findOwnedLinked(userId, itemId)) : undefined;
    const { linkToken, expiration } = await this.plaidCall(() => this.plaid.createLinkToken(userId, accessToken));
    return { link_token: linkToken, expiration, sandbox: this.plaid.builtInLink };
  }

  async sandboxSignIn(userId: string, request: SandboxPublicTokenRequest): Promise<SandboxPublicTokenResponse> {
    // With real keys (Plaid's sandbox included) the screen uses Plaid Link, not this dialog.
    if (!this.plaid.builtInLink) throw new BankSyncError('SANDBOX_ONLY');
    if (request.item_id) {
      const item = await this.items.findOwnedLinked(userId, request.item_id);
      const accessToken = await this.items.accessTokenOf(item);
      await this.plaidCall(() => this.plaid.repairItem(accessToken, request.username, request.password));
      await this.markRepaired(userId, item.id);
      return { success: true, repaired: true };
    }
    const publicToken = await this.plaidCall(() =>
      this.plaid.sandboxPublicToken({ institutionId: request.institution_id, username: request.username, password: request.password, daysRequested: LINK_DAYS_REQUESTED }),
    );
    return { success: true, public_token: publicToken };
  }

  /**
   * After a new sign-in (Link's update mode with real Plaid, the sandbox dialog's repair): the item syncs again.
   * Plaid's LOGIN_REPAIRED webhook does the same when it comes.
   */
  async markRepaired(userId: string, itemId: string): Promise<void> {
    const item = await this.items.findOwnedLinked(userId, itemId);
    await this.dataSource.query(
      `UPDATE plaid_items SET status = 'active', last_error = NULL, updated_at = now() WHERE id = $1 AND user_id = $2`,
      [item.id, userId],
    );
    // Its scheduled syncs resume by themselves: the sweep takes active items only, and this sync's success moves
    // its next_sync_at on.
    await this.syncs.queueItem(userId, item.id);
  }

  /**
   * Stores the item with its token sealed and its scheduled syncs' slot (`next_sync_at`: within the coming period,
   * at the place a hash of its id gives it, sync-slot.ts), its accounts, and queues the first import.
   */
  async exchange(userId: string, request: ExchangeTokenRequest): Promise<{ itemId: string }> {
    const { accessToken, itemId: plaidItemId } = await this.plaidCall(() => this.plaid.exchangePublicToken(request.public_token));
    const institutionId = request.institution_id ?? null;
    const institutionName = request.institution_name || SANDBOX_INSTITUTIONS.find((bank) => bank.institution_id === institutionId)?.name || 'Bank';
    // The id is made here: the slot is a function of it, written in the same INSERT.
    const id = randomUUID();
    const nextSyncAt = new Date(nextSlotAfter(id, this.clock.now().getTime(), SCHEDULED_SYNC_EVERY_MS));
    const [row]: { id: string }[] = await this.dataSource.query(
      `INSERT INTO plaid_items (id, user_id, plaid_item_id, access_token_sealed, institution_id, institution_name, sync_state, next_sync_at)
       VALUES ($1, $2, $3, $4, $5, $6, 'queued', $7) RETURNING id`,
      [id, userId, plaidItemId, this.vault.seal(accessToken), institutionId, institutionName, nextSyncAt],
    );
    try {
      await this.storeAccounts(userId, row.id, accessToken);
      await this.syncs.queueItem(userId, row.id);
    } catch (error) {
      // All or nothing: an item nobody will import must not stay 'queued' (and a retried link must not duplicate it).
      this.logger.error(`link of item ${row.id} undone: ${(error as Error).message}`);
      try {
        await this.dataSource.query(`DELETE FROM plaid_items WHERE id = $1 AND user_id = $2`, [row.id, userId]);
      } catch (undoError) {
        // The row stays: then so does the item at Plaid, so the row is a working link (the sweep syncs it at its
        // slot; the user sees the bank and can disconnect it), not a dead one.
        this.logger.error(`link of item ${row.id}: the undo could not delete the row, the item is kept: ${(undoError as Error).message}`);
        throw new BankSyncError('PLAID_UNAVAILABLE');
      }
      await this.plaid.removeItem(accessToken).catch(() => undefined);
      throw new BankSyncError('PLAID_UNAVAILABLE');
    }
    return { itemId: row.id };
  }

  /** The accounts right away (the screen shows them before the import ends); the import refreshes them. */
  private async storeAccounts(userId: string, itemId: string, accessToken: string) {
    let accounts;
    try {
      accounts = await this.plaid.getAccounts(accessToken);
    } catch (error) {
      this.logger.warn(`item ${itemId}: accounts not fetched at link (${(error as Error).message}); the import will add them`);
      return;
    }
    for (const account of accounts) {
      await this.dataSource.query(
        `INSERT INTO bank_accounts (user_id, item_id, plaid_account_id, name, official_name, mask, type, subtype,
                                    current_balance, available_balance, currency_code, balance_updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, now())
         ON CONFLICT (item_id, plaid_account_id) DO UPDATE SET current_balance = EXCLUDED.current_balance,
           available_balance = EXCLUDED.available_balance, balance_updated_at = EXCLUDED.balance_updated_at, updated_at = now()`,
        [
          userId,
          itemId,
          account.account_id,
          account.name,
          account.official_name ?? null,
          account.mask ?? null,
          String(account.type),
          account.subtype ? String(account.subtype) : null,
          account.balances.current ?? null,
          account.balances.available ?? null,
          account.balances.iso_currency_code ?? 'USD',
        ],
      );
    }
  }

  /** Plaid's refusals as our answers; the details go to the log, not to the client. */
  private async plaidCall<T>(call: () => Promise<T>): Promise<T> {
    if (!this.plaid.configured) throw new BankSyncError('PLAID_NOT_CONFIGURED');
    try {
      return await call();
    } catch (error) {
      if (!(error instanceof PlaidCallError)) throw error;
      this.logger.warn(`Plaid refused a link call: ${error.code}`);
      if (BAD_CREDENTIALS.has(error.code)) throw new BankSyncError('INVALID_SANDBOX_CREDENTIALS');
      if (error.code === 'INVALID_PUBLIC_TOKEN') throw new BankSyncError('PUBLIC_TOKEN_INVALID');
      if (error.code === 'INVALID_API_KEYS') throw new BankSyncError('PLAID_NOT_CONFIGURED');
      throw new BankSyncError('PLAID_UNAVAILABLE');
    }
  }
}
