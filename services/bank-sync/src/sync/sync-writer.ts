import { SCHEDULED_SYNC_EVERY_MS } from '@paycadence/contracts';
import type { Transaction } from 'plaid';
import type { QueryRunner } from 'typeorm';
import { merchantKey } from '../detection/merchant-key.js';
import type { PassChanges } from './sync-pass.js';
import { nextSlotSql } from './sync-slot.js';

/** Rows per INSERT ... SELECT FROM unnest(...) statement. */
const BATCH = 5_000;
/** Joins a transaction's categories in one text element (unnest flattens nested arrays). */
const CATEGORY_SEPARATOR = '\u001f';

export interface WriteTarget {
  itemId: string;
  userId: string;
  now: Date;
}

export interface WriteOutcome {
  upserted: number;
  deleted: number;
  /** A sync was asked for after the pass started (SyncRequests set 'queued'): the item stays 'queued'. */
  askedAgain: boolean;
}

/**
 * After a complete pass, however it was asked for (Plaid's webhook, the screen, the sweep), the item's next
 * scheduled sync is its first slot (sync-slot.ts) at least 3/4 of a period later. So an item whose webhooks keep
 * coming is never polled; one gone quiet is polled 0.75 to 1.75 periods after its last sync, still on its own
 * slot; and a swept item whose job ran within a quarter period of its slot keeps the next slot the sweep gave
 * it (a queue longer than that skips one poll rather than polling twice).
 */
const QUIET_AFTER_SYNC_MS = (SCHEDULED_SYNC_EVERY_MS * 3) / 4;

/**
 * Applies one complete pass inside the caller's transaction: accounts and balances, deletes (removed, and
 * pending rows their posted transaction replaces), bulk upserts by (item, Plaid transaction id), then the
 * cursor. Applying the same pass twice leaves the same rows.
 */
export async function writePass(db: QueryRunner, target: WriteTarget, changes: PassChanges): Promise<WriteOutcome> {
  const accountIds = await upsertAccounts(db, target, changes);
  const replacedPending = [...changes.upserts.values()].map((t) => t.pending_transaction_id).filter((id): id is string => Boolean(id) && !changes.upserts.has(id!));
  const toDelete = [...new Set([...changes.removed, ...replacedPending])];
  let deleted = 0;
  if (toDelete.length) {
    const result = await db.query(`DELETE FROM bank_transactions WHERE item_id = $1 AND plaid_transaction_id = ANY($2::text[])`, [target.itemId, toDelete], true);
    deleted = result.affected ?? 0;
  }
  const rows = [...changes.upserts.values()].filter((t) => accountIds.has(t.account_id));
  for (let start = 0; start < rows.length; start += BATCH) await upsertTransactions(db, target, rows.slice(start, start + BATCH), accountIds);
  // 'queued' here was set by a request during this pass: its follow-up pass still runs, so the screen keeps polling.
  const [[state]]: [{ sync_state: string }[]] = await db.query(
    `UPDATE plaid_items SET cursor = $2, last_synced_at = $3, last_error = NULL, updated_at = now(),
            sync_state = CASE WHEN sync_state = 'queued' THEN 'queued' ELSE 'idle' END,
            next_sync_at = GREATEST(next_sync_at, ${nextSlotSql('id', `$3::timestamptz + $4::float8 * interval '1 millisecond'`, '$5')})
     WHERE id = $1 RETURNING sync_state`,
    [target.itemId, changes.nextCursor, target.now, QUIET_AFTER_SYNC_MS, SCHEDULED_SYNC_EVERY_MS],
  );
  return { upserted: rows.length, deleted, askedAgain: state?.sync_state === 'queued' };
}

/**
 * Accounts of this item not stored yet that are copies of an account of a newer link of the same bank by the
 * user (same institution, mask, type, subtype, name: the rule of POST /cleanup-duplicates, accounts.service.ts).
 * The cleanup deleted them; a sync must not bring them back.
 */
const CLEANED_COPIES_SQL = `
  SELECT r.plaid_id FROM unnest($3::text[], $4::text[], $5::text[], $6::text[], $7::text[]) AS r(plaid_id, name, mask, type, subtype)
  WHERE EXISTS (
    SELECT 1 FROM plaid_items mine, bank_accounts a JOIN plaid_items other ON other.id = a.item_id
    WHERE mine.id = $2 AND a.user_id = $1 AND other.user_id = $1 AND other.id <> mine.id AND other.source = 'plaid'
      AND coalesce(other.institution_id, other.institution_name) = coalesce(mine.institution_id, mine.institution_name)
      AND (other.created_at, other.id) > (mine.created_at, mine.id)
      AND coalesce(a.mask, '') = coalesce(r.mask, '') AND a.type = r.type AND coalesce(a.subtype, '') = coalesce(r.subtype, '')
      AND a.name = r.name)`;

/**
 * Upserts the pass's accounts (balances too) and creates any account a transaction names that we lack, except
 * copies removed by the duplicate cleanup. Answers Plaid account id → our account id; transactions of an
 * account not in it are not stored.
 */
async function upsertAccounts(db: QueryRunner, target: WriteTarget, changes: PassChanges): Promise<Map<string, string>> {
  const stored: { plaid_account_id: string }[] = await db.query(`SELECT plaid_account_id FROM bank_accounts WHERE item_id = $1`, [target.itemId]);
  const known = new Set(stored.map((row) => row.plaid_account_id));
  const unstored = [...changes.accounts.values()].filter((account) => !known.has(account.account_id));
  const cleaned = new Set<string>();
  if (unstored.length) {
    const copies: { plaid_id: string }[] = await db.query(CLEANED_COPIES_SQL, [
      target.userId,
      target.itemId,
      unstored.map((a) => a.account_id),
      unstored.map((a) => a.name),
      unstored.map((a) => a.mask ?? null),
      unstored.map((a) => String(a.type)),
      unstored.map((a) => (a.subtype ? String(a.subtype) : null)),
    ]);
    for (const { plaid_id: id } of copies) cleaned.add(id);
  }
  const reported = [...changes.accounts.values()].filter((account) => !cleaned.has(account.account_id));
  if (reported.length) {
    await db.query(
      `INSERT INTO bank_accounts (user_id, item_id, plaid_account_id, name, official_name, mask, type, subtype,
                                  current_balance, available_balance, currency_code, balance_updated_at)
       SELECT $1, $2, a.plaid_id, a.name, a.official_name, a.mask, a.type, a.subtype, a.current, a.available, a.currency, $3
       FROM unnest($4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::numeric[], $11::numeric[], $12::text[])
         AS a(plaid_id, name, official_name, mask, type, subtype, current, available, currency)
       ON CONFLICT (item_id, plaid_account_id) DO UPDATE SET
         name = EXCLUDED.name, official_name = EXCLUDED.official_name, mask = EXCLUDED.mask, type = EXCLUDED.type,
         subtype = EXCLUDED.subtype, current_balance = EXCLUDED.current_balance, available_balance = EXCLUDED.available_balance,
         currency_code = EXCLUDED.currency_code, balance_updated_at = EXCLUDED.balance_updated_at, updated_at = now()`,
      [
        target.userId,
        target.itemId,
        target.now,
        reported.map((a) => a.account_id),
        reported.map((a) => a.name),
        reported.map((a) => a.official_name ?? null),
        reported.map((a) => a.mask ?? null),
        reported.map((a) => String(a.type)),
        reported.map((a) => (a.subtype ? String(a.subtype) : null)),
        reported.map((a) => a.balances.current ?? null),
        reported.map((a) => a.balances.available ?? null),
        reported.map((a) => a.balances.iso_currency_code ?? 'USD'),
      ],
    );
  }
  // An account only a transaction names (Plaid normally reports them all): a plain row, never over a real one.
  const unnamed = [...new Set([...changes.upserts.values()].map((t) => t.account_id))].filter((id) => !changes.accounts.has(id) && !cleaned.has(id));
  if (unnamed.length) {
    await db.query(
      `INSERT INTO bank_accounts (user_id, item_id, plaid_account_id, name, type)
       SELECT $1, $2, plaid_id, 'Account', 'other' FROM unnest($3::text[]) AS plaid_id
       ON CONFLICT (item_id, plaid_account_id) DO NOTHING`,
      [target.userId, target.itemId, unnamed],
    );
  }
  const rows: { id: string; plaid_account_id: string }[] = await db.query(`SELECT id, plaid_account_id FROM bank_accounts WHERE item_id = $1`, [target.itemId]);
  return new Map(rows.map((row) => [row.plaid_account_id, row.id]));
}

/**
 * Plaid's legacy category (what the screen shows first), then its personal finance category [primary,
 * detailed]: the legacy 'Transfer' alone cannot tell an own-account transfer from other money moves.
 */
function categoriesOf(transaction: Transaction): string[] {
  const pfc = transaction.personal_finance_category;
  return [...(transaction.category ?? []), ...[pfc?.primary, pfc?.detailed].filter((value): value is string => Boolean(value))];
}

async function upsertTransactions(db: QueryRunner, target: WriteTarget, rows: Transaction[], accountIds: Map<string, string>) {
  await db.query(
    `INSERT INTO bank_transactions (user_id, item_id, account_id, plaid_transaction_id, pending_transaction_id, amount, currency_code,
                                    date, authorized_date, name, merchant_name, merchant_key, category, pending)
     SELECT $1, $2, r.account_id, r.plaid_id, r.pending_id, r.amount, r.currency, r.date, r.authorized_date, r.name, r.merchant_name,
            r.merchant_key, coalesce(string_to_array(nullif(r.category, ''), E'\\x1F'), '{}'), r.pending
     FROM unnest($3::uuid[], $4::text[], $5::text[], $6::numeric[], $7::text[], $8::date[], $9::date[], $10::text[], $11::text[],
                 $12::text[], $13::text[], $14::boolean[])
       AS r(account_id, plaid_id, pending_id, amount, currency, date, authorized_date, name, merchant_name, merchant_key, category, pending)
     ON CONFLICT (item_id, plaid_transaction_id) DO UPDATE SET
       account_id = EXCLUDED.account_id, pending_transaction_id = EXCLUDED.pending_transaction_id, amount = EXCLUDED.amount,
       currency_code = EXCLUDED.currency_code, date = EXCLUDED.date, authorized_date = EXCLUDED.authorized_date, name = EXCLUDED.name,
       merchant_name = EXCLUDED.merchant_name, merchant_key = EXCLUDED.merchant_key, category = EXCLUDED.category,
       pending = EXCLUDED.pending, updated_at = now()
     -- Unchanged rows are not rewritten (a replayed pass costs no writes).
     WHERE (bank_transactions.account_id, bank_transactions.pending_transaction_id, bank_transactions.amount, bank_transactions.currency_code,
            bank_transactions.date, bank_transactions.authorized_date, bank_transactions.name, bank_transactions.merchant_name,
            bank_transactions.merchant_key, bank_transactions.category, bank_transactions.pending)
       IS DISTINCT FROM
           (EXCLUDED.account_id, EXCLUDED.pending_transaction_id, EXCLUDED.amount, EXCLUDED.currency_code, EXCLUDED.date,
            EXCLUDED.authorized_date, EXCLUDED.name, EXCLUDED.merchant_name, EXCLUDED.merchant_key, EXCLUDED.category, EXCLUDED.pending)`,
    [
      target.userId,
      target.itemId,
      rows.map((t) => accountIds.get(t.account_id)),
      rows.map((t) => t.transaction_id),
      rows.map((t) => t.pending_transaction_id ?? null),
      rows.map((t) => t.amount),
      rows.map((t) => t.iso_currency_code ?? t.unofficial_currency_code ?? 'USD'),
      rows.map((t) => t.date),
      rows.map((t) => t.authorized_date ?? null),
      rows.map((t) => t.name ?? ''),
      rows.map((t) => t.merchant_name ?? null),
      rows.map((t) => merchantKey(t.name ?? '', t.merchant_name)),
      rows.map((t) => categoriesOf(t).join(CATEGORY_SEPARATOR)),
      rows.map((t) => Boolean(t.pending)),
    ],
  );
}
