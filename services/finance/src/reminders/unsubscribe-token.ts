import { createHash, randomBytes } from 'node:crypto';
import { REMINDER_UNSUBSCRIBE_TOKEN_BYTES, REMINDER_UNSUBSCRIBE_TOKEN_PATTERN } from '@paycadence/contracts';

/** A new token for one e-mail's unsubscribe link: random bytes, base64url (safe in a URL path as is). */
export function newUnsubscribeToken(): string {
  return randomBytes(REMINDER_UNSUBSCRIBE_TOKEN_BYTES).toString('base64url');
}

/** What the ledger stores: SHA-256 of the token, base64url. A plain hash suffices: the token is 256 random bits. */
export function hashUnsubscribeToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** The token when `text` has a token's exact shape, else null (looked up no further). */
export function wellFormedUnsubscribeToken(text: string): string | null {
  return REMINDER_UNSUBSCRIBE_TOKEN_PATTERN.test(text) ? text : null;
}
