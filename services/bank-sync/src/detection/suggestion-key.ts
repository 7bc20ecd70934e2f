import { createHash } from 'node:crypto';

/**
 * What identifies a recurring stream across links of the same bank: the user, the account by what the bank
 * shows of it (institution, mask, type, subtype, name: the rule POST /cleanup-duplicates uses), the direction
 * and the merchant. Not our account's row id: a relink (disconnect, link again) makes new account rows.
 */
export interface StreamIdentity {
  readonly userId: string;
  readonly account: AccountIdentity;
  readonly direction: string;
  readonly merchantKey: string;
}

export interface AccountIdentity {
  /** plaid_items.institution_id, else its institution_name. */
  readonly institution: string;
  readonly mask: string | null;
  readonly type: string;
  readonly subtype: string | null;
  readonly name: string;
}

/**
 * The externalKey finance keeps a stream's suggestion (and the user's answer to it) by. Derived from the
 * stream's identity, never a row id, so a stream found again, or found again after the bank was disconnected
 * and linked anew, maps to the same suggestion, and one the user dismissed stays dismissed. Hashed: merchant
 * keys and account names are bank text of any length; this is 74 characters.
 */
export function streamSuggestionKey(stream: StreamIdentity): string {
  const { account } = stream;
  const identity = [stream.userId, account.institution, account.mask ?? '', account.type, account.subtype ?? '', account.name, stream.direction, stream.merchantKey];
  return `stream2:${createHash('sha256').update(identity.join('\u0000')).digest('hex')}`;
}

/** Anything that runs SQL with parameters (DataSource, EntityManager, QueryRunner). */
interface Queryable {
  query(sql: string, parameters?: unknown[]): Promise<unknown>;
}

/**
 * The suggestion keys of the user's recurring_streams rows that match `where` (SQL on `s` = the stream, `a` =
 * its account, `i` = its item; parameters from $2), by stream id. Run it before the rows are deleted.
 */
export async function streamKeysWhere(db: Queryable, userId: string, where: string, parameters: unknown[] = []): Promise<Map<string, string>> {
  const rows = (await db.query(
    `SELECT s.id, s.direction, s.merchant_key, coalesce(i.institution_id, i.institution_name) AS institution,
            a.mask, a.type, a.subtype, a.name
     FROM recurring_streams s
       JOIN bank_accounts a ON a.id = s.account_id AND a.user_id = s.user_id
       JOIN plaid_items i ON i.id = a.item_id AND i.user_id = s.user_id
     WHERE s.user_id = $1 AND (${where})`,
    [userId, ...parameters],
  )) as { id: string; direction: string; merchant_key: string; institution: string; mask: string | null; type: string; subtype: string | null; name: string }[];
  return new Map(
    rows.map((row) => [
      row.id,
      streamSuggestionKey({
        userId,
        account: { institution: row.institution, mask: row.mask, type: row.type, subtype: row.subtype, name: row.name },
        direction: row.direction,
        merchantKey: row.merchant_key,
      }),
    ]),
  );
}

/**
 * Of the keys of streams about to go, the ones no remaining stream of the user carries: another link of the
 * same bank (a copy the cleanup has not removed yet) keeps the suggestion alive. `goneIds`: the streams going.
 */
export async function keysToWithdraw(db: Queryable, userId: string, gone: Map<string, string>): Promise<string[]> {
  if (gone.size === 0) return [];
  const remaining = await streamKeysWhere(db, userId, `NOT (s.id = ANY($2::uuid[]))`, [[...gone.keys()]]);
  const kept = new Set(remaining.values());
  return [...new Set(gone.values())].filter((key) => !kept.has(key));
}
