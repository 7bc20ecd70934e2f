import { createHash, randomBytes } from 'node:crypto';
import { CALENDAR_FEED_TOKEN_BYTES, CALENDAR_FEED_TOKEN_PATTERN } from '@paycadence/contracts';

/** A new feed token: CALENDAR_FEED_TOKEN_BYTES random bytes, base64url (safe in a URL path as is). */
export function newFeedToken(): string {
  return randomBytes(CALENDAR_FEED_TOKEN_BYTES).toString('base64url');
}

/** What is stored and looked up: SHA-256 of the token, base64url. A plain hash suffices: the token is 256 random bits. */
export function hashFeedToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** The token when `text` has a token's exact shape, else null (looked up no further). */
export function wellFormedFeedToken(text: string): string | null {
  return CALENDAR_FEED_TOKEN_PATTERN.test(text) ? text : null;
}
