import { createHash } from 'node:crypto';

/** What identifies a recurring stream: the unique key of recurring_streams. */
export interface StreamIdentity {
  readonly userId: string;
  readonly accountId: string;
  readonly direction: string;
  readonly merchantKey: string;
}

/**
 * The externalKey finance keeps a stream's suggestion by: derived from the stream's identity, not its row id,
 * so a stream that disappears (its row deleted) and is found again maps to the same suggestion, and one the
 * user dismissed stays dismissed. Hashed: merchant keys are bank text of any length; this is 71 characters.
 */
export function streamSuggestionKey(stream: StreamIdentity): string {
  const identity = [stream.userId, stream.accountId, stream.direction, stream.merchantKey].join('\u0000');
  return `stream:${createHash('sha256').update(identity).digest('hex')}`;
}

/** The same key from a recurring_streams row (snake_case columns). */
export const rowSuggestionKey = (row: {
  user_id: string;
  account_id: string;
  direction: string;
  merchant_key: string;
}) =>
  streamSuggestionKey({
    userId: row.user_id,
    accountId: row.account_id,
    direction: row.direction,
    merchantKey: row.merchant_key,
  });
