import { CALENDAR_FEED_TOKEN_PATTERN } from '@paycadence/contracts';
import { hashFeedToken, newFeedToken, wellFormedFeedToken } from './feed-token.js';

describe('feed tokens', () => {
  it('are 32 random bytes in base64url, never the same twice', () => {
    const tokens = new Set(Array.from({ length: 200 }, newFeedToken));
    expect(tokens.size).toBe(200);
    for (const token of tokens) {
      expect(token).toMatch(CALENDAR_FEED_TOKEN_PATTERN);
      expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    }
  });

  it('are stored as their SHA-256, which never contains the token', () => {
    const token = newFeedToken();
    expect(hashFeedToken(token)).toBe(hashFeedToken(token));
    expect(hashFeedToken(token)).toHaveLength(43);
    expect(hashFeedToken(token)).not.toBe(token);
    expect(hashFeedToken(token)).not.toBe(hashFeedToken(newFeedToken()));
  });

  it.each([
    '',
    'short',
    `${'a'.repeat(42)}=`,
    `${'a'.repeat(44)}`,
    `${'a'.repeat(42)}/`,
    `${'a'.repeat(42)}.`,
    `${'a'.repeat(42)}\u00e9`,
  ])('refuses %p before any lookup', (text) => {
    expect(wellFormedFeedToken(text)).toBeNull();
  });
});
