import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { DetectedStream, DetectionTransaction } from './core/detect-recurring.js';
import { keysToWithdraw, streamKeysWhere } from './suggestion-key.js';
import type { StoredStream } from './suggestions.js';

/**
 * Told the suggestion keys of the user's streams that were not found this run (inside the run's transaction,
 * before they are deleted): answers whether to delete them now. Throwing undoes the whole run.
 */
export type SettleGoneStreams = (externalKeys: string[]) => Promise<boolean>;

/**
 * The database side of detection, every query scoped by the user id: the transactions it reads and the
 * recurring_streams rows it replaces.
 */
@Injectable()
export class RecurringStreamStore {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * One detection run under a per-user lock held to the commit: read the user's posted transactions from
   * `since` to `until`, detect, replace their streams. Two runs for one user (the job and a direct call)
   * therefore take turns, and the later one reads what the earlier one saw or newer.
   */
  async detectAndReplace(
    userId: string,
    window: { since: string; until: string },
    detect: (transactions: DetectionTransaction[]) => DetectedStream[],
    settleGone: SettleGoneStreams,
  ): Promise<{ streams: StoredStream[]; transactions: number; gone: string[] }> {
    return this.dataSource.transaction(async (manager) => {
      await lockUserStreams(manager, userId);
      const transactions = await postedTransactions(manager, userId, window.since, window.until);
      const streams = await upsertStreams(manager, userId, detect(transactions));
      const gone = await deleteGoneStreams(manager, userId, streams, settleGone);
      return { streams, transactions: transactions.length, gone };
    });
  }

  /**
   * Changes whenever the user's transactions do (a row added, changed or removed): a sync that lands while
   * detection runs is caught by comparing it before and after (its own detect job collapsed into ours).
   */
  async dataVersion(userId: string): Promise<string> {
    const [row]: { version: string }[] = await this.dataSource.query(
      `SELECT count(*)::text || '/' || coalesce(max(updated_at)::text, '') AS version
       FROM bank_transactions WHERE user_id = $1`,
      [userId],
    );
    return row.version;
  }
}

/**
 * The per-user lock of detection runs, held to the end of the caller's transaction. Disconnect and the
 * duplicate cleanup take it too, so no run re-suggests streams they are withdrawing and deleting.
 */
export async function lockUserStreams(manager: Pick<EntityManager, 'query'>, userId: string): Promise<void> {
  await manager.query(`SELECT pg_advisory_xact_lock(hashtext('recurring-detection'), hashtext($1))`, [userId]);
}

/** The user's posted transactions dated from `since` to `until` (YYYY-MM-DD, both included). */
async function postedTransactions(
  manager: EntityManager,
  userId: string,
  since: string,
  until: string,
): Promise<DetectionTransaction[]> {
  const rows: {
    id: string;
    account_id: string;
    date: string;
    amount: string;
    name: string;
    merchant_name: string | null;
    merchant_key: string;
    category: string[] | null;
  }[] = await manager.query(
    `SELECT id, account_id, to_char(date, 'YYYY-MM-DD') AS date, amount::text AS amount, name, merchant_name,
            merchant_key, category
     FROM bank_transactions
     WHERE user_id = $1 AND NOT pending AND date BETWEEN $2::date AND $3::date
     ORDER BY date, id`,
    [userId, since, until],
  );
  return rows.map((row) => ({
    id: row.id,
    accountId: row.account_id,
    date: row.date,
    amount: Number(row.amount),
    name: row.name,
    merchantName: row.merchant_name,
    // The key the rows were stored with: analytics joins streams to transactions on it.
    merchantKey: row.merchant_key,
    categories: row.category ?? [],
    pending: false,
  }));
}

/**
 * Upserts the detected streams by (user, account, direction, merchant): a stream found again keeps its row.
 */
async function upsertStreams(
  manager: EntityManager,
  userId: string,
  streams: readonly DetectedStream[],
): Promise<StoredStream[]> {
  const saved: { id: string; account_id: string; direction: string; merchant_key: string }[] = streams.length
    ? await manager.query(
        `INSERT INTO recurring_streams (user_id, account_id, direction, merchant_key, name, category, frequency,
                                        confidence, occurrences, average_amount, last_amount, last_date, next_date,
                                        price_changed)
         SELECT $1, s.account_id, s.direction, s.merchant_key, s.name, s.category, s.frequency, s.confidence,
                s.occurrences, s.average_amount, s.last_amount, s.last_date, s.next_date, s.price_changed
         FROM unnest($2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::numeric[],
                     $9::int[], $10::numeric[], $11::numeric[], $12::date[], $13::date[], $14::boolean[])
           AS s(account_id, direction, merchant_key, name, category, frequency, confidence, occurrences,
                average_amount, last_amount, last_date, next_date, price_changed)
         -- Only the user's own accounts: the rows came from the user's transactions, this keeps it so.
         WHERE EXISTS (SELECT 1 FROM bank_accounts a WHERE a.id = s.account_id AND a.user_id = $1)
         ON CONFLICT (user_id, account_id, direction, merchant_key) DO UPDATE SET
           name = EXCLUDED.name, category = EXCLUDED.category, frequency = EXCLUDED.frequency,
           confidence = EXCLUDED.confidence, occurrences = EXCLUDED.occurrences,
           average_amount = EXCLUDED.average_amount, last_amount = EXCLUDED.last_amount,
           last_date = EXCLUDED.last_date, next_date = EXCLUDED.next_date, price_changed = EXCLUDED.price_changed,
           updated_at = now()
         RETURNING id, account_id, direction, merchant_key`,
        [
          userId,
          streams.map((stream) => stream.accountId),
          streams.map((stream) => stream.direction),
          streams.map((stream) => stream.merchantKey),
          streams.map((stream) => stream.name),
          streams.map((stream) => stream.category),
          streams.map((stream) => stream.frequency),
          streams.map((stream) => stream.confidence),
          streams.map((stream) => stream.occurrences),
          streams.map((stream) => stream.averageAmount),
          streams.map((stream) => stream.lastAmount),
          streams.map((stream) => stream.lastDate),
          streams.map((stream) => stream.nextDate),
          streams.map((stream) => stream.priceChanged),
        ],
      )
    : [];
  const key = (accountId: string, direction: string, merchantKey: string) =>
    `${accountId}\u0000${direction}\u0000${merchantKey}`;
  const idOf = new Map(saved.map((row) => [key(row.account_id, row.direction, row.merchant_key), row.id]));
  const keyOf = await streamKeysWhere(manager, userId, `s.id = ANY($2::uuid[])`, [saved.map((row) => row.id)]);
  return streams.flatMap((stream) => {
    const id = idOf.get(key(stream.accountId, stream.direction, stream.merchantKey));
    const externalKey = id && keyOf.get(id);
    return id && externalKey ? [{ ...stream, id, externalKey }] : [];
  });
}

/**
 * The user's streams not found this run: their suggestion keys go to `settleGone` (detection withdraws their
 * pending suggestions from finance), then the rows are deleted, unless it answers to keep them for now.
 * Answers the keys deleted.
 */
async function deleteGoneStreams(
  manager: EntityManager,
  userId: string,
  kept: readonly StoredStream[],
  settleGone: SettleGoneStreams,
): Promise<string[]> {
  const gone = await streamKeysWhere(manager, userId, `NOT (s.id = ANY($2::uuid[]))`, [kept.map((stream) => stream.id)]);
  if (gone.size === 0) return [];
  // A key a kept stream still carries (the same stream on another link of the bank) stays in finance.
  const keys = await keysToWithdraw(manager, userId, gone);
  if (keys.length && !(await settleGone(keys))) return [];
  await manager.query(`DELETE FROM recurring_streams WHERE user_id = $1 AND id = ANY($2::uuid[])`, [
    userId,
    [...gone.keys()],
  ]);
  return keys;
}
