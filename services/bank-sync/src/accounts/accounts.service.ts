import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { AccountsResponse, BankAccountDto, BankItemDto, ItemSource, ItemStatus, SyncState } from '@paycadence/contracts';
import { isoOrNull, numericToNumber } from '../common/numeric.js';
import { lockUserStreams } from '../detection/recurring-stream.store.js';
import { keysToWithdraw, streamKeysWhere } from '../detection/suggestion-key.js';

interface AccountRow {
  id: string;
  name: string;
  type: string;
  subtype: string | null;
  mask: string | null;
  current_balance: string | null;
  available_balance: string | null;
  currency_code: string;
  balance_updated_at: Date | null;
  item_id: string;
  institution_name: string;
  last_synced_at: Date | null;
}

interface ItemRow {
  id: string;
  institution_id: string | null;
  institution_name: string;
  status: ItemStatus;
  sync_state: SyncState;
  last_synced_at: Date | null;
  last_error: string | null;
  transaction_count: string;
  source: ItemSource;
}

/** Oldest link first, then the account names: a stable order for the screen. */
const ACCOUNTS_SQL = `
  SELECT a.id, a.name, a.type, a.subtype, a.mask, a.current_balance, a.available_balance, a.currency_code,
         a.balance_updated_at, a.item_id, i.institution_name, i.last_synced_at
  FROM bank_accounts a JOIN plaid_items i ON i.id = a.item_id
  WHERE a.user_id = $1 AND i.user_id = $1
  ORDER BY i.created_at, i.id, a.name, a.id`;

/** transaction_count uses the (item_id, plaid_transaction_id) unique index. */
const ITEMS_SQL = `
  SELECT i.id, i.institution_id, i.institution_name, i.status, i.sync_state, i.last_synced_at, i.last_error, i.source,
         (SELECT count(*) FROM bank_transactions t WHERE t.item_id = i.id) AS transaction_count
  FROM plaid_items i
  WHERE i.user_id = $1
  ORDER BY i.created_at, i.id`;

/**
 * An account linked twice (the same bank login linked again): same institution, mask, type, subtype and
 * name on another item of the user. Every copy on an item older than the newest holding it is a duplicate.
 * File-fed accounts are never copies: the person made each one.
 */
const DUPLICATES_SQL = `
  WITH ranked AS (
    SELECT a.id, dense_rank() OVER (
      PARTITION BY coalesce(i.institution_id, i.institution_name), coalesce(a.mask, ''), a.type, coalesce(a.subtype, ''), a.name
      ORDER BY i.created_at DESC, i.id DESC) AS item_rank
    FROM bank_accounts a JOIN plaid_items i ON i.id = a.item_id
    WHERE a.user_id = $1 AND i.user_id = $1 AND i.source = 'plaid')
  SELECT id FROM ranked WHERE item_rank > 1`;

/** Items of the user left with no account at all (every account was a duplicate). */
const EMPTIED_ITEMS_SQL = `
  SELECT i.id FROM plaid_items i
  WHERE i.user_id = $1 AND i.id = ANY($2::uuid[])
    AND NOT EXISTS (SELECT 1 FROM bank_accounts a WHERE a.item_id = i.id)`;

@Injectable()
export class AccountsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** docs/product/signed-in.md §3 bank accounts of the user, plus each linked item's status and sync state. */
  async list(userId: string): Promise<AccountsResponse> {
    const [accounts, items] = await Promise.all([
      this.dataSource.query<AccountRow[]>(ACCOUNTS_SQL, [userId]),
      this.dataSource.query<ItemRow[]>(ITEMS_SQL, [userId]),
    ]);
    return { success: true, accounts: accounts.map(toAccountDto), items: items.map(toItemDto) };
  }

  /**
   * Deletes the duplicate accounts in one transaction (their transactions go by cascade) and answers how
   * many and the items that now hold no account (the caller disconnects those). Under detection's per-user
   * lock, `withdraw` is given the suggestion keys of the streams that go with them and no other stream still
   * carries (a copy's stream usually has the same key as the kept account's); if it throws, nothing is deleted.
   */
  async deleteDuplicateAccounts(userId: string, withdraw: (keys: string[]) => Promise<void>): Promise<{ removed: number; emptiedItemIds: string[] }> {
    return this.dataSource.transaction(async (manager) => {
      await lockUserStreams(manager, userId);
      const duplicates: { id: string }[] = await manager.query(DUPLICATES_SQL, [userId]);
      if (duplicates.length === 0) return { removed: 0, emptiedItemIds: [] };
      const ids = duplicates.map((row) => row.id);
      const streams = await streamKeysWhere(manager, userId, `s.account_id = ANY($2::uuid[])`, [ids]);
      await withdraw(await keysToWithdraw(manager, userId, streams));
      const [deleted]: [{ item_id: string }[], number] = await manager.query(
        `DELETE FROM bank_accounts WHERE user_id = $1 AND id = ANY($2::uuid[]) RETURNING item_id`,
        [userId, ids],
      );
      const itemIds = [...new Set(deleted.map((row) => row.item_id))];
      const emptied: { id: string }[] = await manager.query(EMPTIED_ITEMS_SQL, [userId, itemIds]);
      return { removed: deleted.length, emptiedItemIds: emptied.map((row) => row.id) };
    });
  }
}

export function toAccountDto(row: AccountRow): BankAccountDto {
  return {
    id: row.id,
    account_name: row.name,
    account_type: row.type,
    account_subtype: row.subtype,
    mask: row.mask,
    current_balance: numericToNumber(row.current_balance),
    available_balance: numericToNumber(row.available_balance),
    currency_code: row.currency_code,
    // The balance's own time when Plaid gave one, else the item's last completed sync.
    last_updated: isoOrNull(row.balance_updated_at ?? row.last_synced_at),
    plaid_item_id: row.item_id,
    institution_name: row.institution_name,
  };
}

export function toItemDto(row: ItemRow): BankItemDto {
  return {
    id: row.id,
    institution_id: row.institution_id,
    institution_name: row.institution_name,
    status: row.status,
    sync_state: row.sync_state,
    last_synced_at: isoOrNull(row.last_synced_at),
    last_error: row.last_error,
    transaction_count: Number(row.transaction_count),
    source: row.source,
  };
}
