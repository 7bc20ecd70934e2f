import type { TokenClaims } from './token-claims.js';

/**
 * Tokens already verified, kept until they expire: a signed token cannot change, and the signature check
 * is the largest cost of a typical request. Like the JWKS cache, a key withdrawn from the set stops
 * mattering only when the tokens it signed expire (15 minutes at most). Bounded: the oldest entry goes.
 */
export class VerifiedTokenCache {
  private readonly entries = new Map<string, TokenClaims>();

  /** `capacity` 0 turns the memory off (benchmarks measure the full check that way). */
  constructor(private readonly capacity: number) {}

  /** The claims of a token verified before and not yet expired. */
  recall(token: string): TokenClaims | undefined {
    const claims = this.entries.get(token);
    if (!claims) return undefined;
    if (claims.exp > Math.floor(Date.now() / 1000)) return claims;
    this.entries.delete(token); // expired: the full check refuses it from now on
    return undefined;
  }

  remember(token: string, claims: TokenClaims): void {
    if (this.capacity <= 0) return;
    if (this.entries.size >= this.capacity) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(token, claims);
  }
}
