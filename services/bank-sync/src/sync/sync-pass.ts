import type { AccountBase, Transaction } from 'plaid';
import { PlaidCallError } from '../plaid/plaid-call-error.js';
import type { PlaidGateway } from '../plaid/plaid-gateway.js';

/** Plaid's largest /transactions/sync page. */
export const SYNC_PAGE_SIZE = 500;
/** A pass whose data keeps moving under it is given up (and retried by the job) after this many restarts. */
const MAX_RESTARTS = 5;

/** What one complete pass from a cursor found, each transaction at its latest state. */
export interface PassChanges {
  /** Added or modified, by Plaid transaction id. */
  upserts: Map<string, Transaction>;
  /** Plaid transaction ids removed (and not added again later in the pass). */
  removed: Set<string>;
  /** The item's accounts with their balances as the last page reported them. */
  accounts: Map<string, AccountBase>;
  nextCursor: string;
  pages: number;
  restarts: number;
}

/**
 * Pages /transactions/sync from `cursor` while has_more. Nothing is written until the pass is complete, so
 * on TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION the whole pass restarts from its first cursor, as Plaid asks.
 */
export async function fetchPass(plaid: PlaidGateway, accessToken: string, cursor: string | null): Promise<PassChanges> {
  for (let restarts = 0; ; restarts += 1) {
    try {
      return { ...(await fetchPages(plaid, accessToken, cursor)), restarts };
    } catch (error) {
      const moved = error instanceof PlaidCallError && error.code === 'TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION';
      if (!moved) throw error;
      if (restarts >= MAX_RESTARTS) throw new PlaidCallError(error.code, error.status, true, 'data kept changing during pagination');
    }
  }
}

async function fetchPages(plaid: PlaidGateway, accessToken: string, firstCursor: string | null) {
  const upserts = new Map<string, Transaction>();
  const removed = new Set<string>();
  const accounts = new Map<string, AccountBase>();
  let cursor = firstCursor;
  let pages = 0;
  for (let hasMore = true; hasMore; ) {
    const page = await plaid.syncTransactions(accessToken, cursor, SYNC_PAGE_SIZE);
    pages += 1;
    // Later pages win: a transaction modified (or removed) after it was added ends at its last state.
    for (const transaction of [...page.added, ...page.modified]) {
      upserts.set(transaction.transaction_id, transaction);
      removed.delete(transaction.transaction_id);
    }
    for (const { transaction_id: id } of page.removed) {
      if (!id) continue;
      upserts.delete(id);
      removed.add(id);
    }
    for (const account of page.accounts) accounts.set(account.account_id, account);
    cursor = page.nextCursor;
    hasMore = page.hasMore;
  }
  return { upserts, removed, accounts, nextCursor: cursor ?? '', pages };
}
