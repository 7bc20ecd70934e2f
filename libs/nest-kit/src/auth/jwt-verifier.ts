import jwt, { type Algorithm, type VerifyOptions } from 'jsonwebtoken';
import { InvalidTokenError, asInvalidToken } from './invalid-token.error.js';
import { JwksKeys, type JwksSource } from './jwks-keys.js';
import {
  ACCEPTED_ALGORITHMS,
  TOKEN_AUDIENCE,
  TOKEN_ISSUER,
  toAuthenticatedUser,
  type AuthenticatedUser,
  type TokenClaims,
  type TokenUse,
} from './token-claims.js';
import { VerifiedTokenCache } from './verified-token-cache.js';

export { InvalidTokenError } from './invalid-token.error.js';

/**
 * What passport-jwt checks besides the signature: issuer, audience and the accepted algorithms (expiry
 * and not-before always). jsonwebtoken also ties each algorithm to its key type: ES256 only with an EC
 * P-256 key, RS256 only with RSA, HS* never with a public key.
 */
export const JWT_VERIFY_OPTIONS = {
  issuer: TOKEN_ISSUER,
  audience: TOKEN_AUDIENCE,
  algorithms: [...ACCEPTED_ALGORITHMS] as Algorithm[],
} satisfies VerifyOptions;

/**
 * Verifies tokens against the auth service's keys, so services never call auth to check one. The guard
 * (AccessTokenStrategy) runs the same keys, options and claim rules through passport-jwt; services/auth
 * uses `verifyClaims` directly for the `mfa` and `recovery` tokens.
 */
export class JwtVerifier {
  readonly keys: JwksKeys;
  private readonly verified: VerifiedTokenCache;

  /** `rememberVerified`: how many verified tokens to keep (0 turns the memory off; benchmarks use that). */
  constructor(source: JwksSource, options: { rememberVerified?: number } = {}) {
    this.keys = new JwksKeys(source);
    this.verified = new VerifiedTokenCache(options.rememberVerified ?? 10_000);
  }

  /** Verifies signature, issuer, audience, expiry and kind; returns the claims. */
  async verifyClaims(token: string, use: TokenUse): Promise<TokenClaims> {
    const known = this.recall(token, use);
    if (known) return known;
    let payload: unknown;
    try {
      // jsonwebtoken's verify, the check passport-jwt runs for the guard, with the same options.
      payload = jwt.verify(token, await this.keys.keyFor(token), JWT_VERIFY_OPTIONS);
    } catch (error) {
      throw asInvalidToken(error);
    }
    return this.acceptVerified(token, payload, use);
  }

  async verifyAccessToken(token: string): Promise<AuthenticatedUser> {
    return toAuthenticatedUser(await this.verifyClaims(token, 'access'));
  }

  /**
   * An access token that is genuine (signature, issuer, audience, kind) and expired at most `graceSeconds`
   * ago. Only for sign-out: ending one's own session must work after the laptop slept past the token's 15
   * minutes. Such a token is never remembered, so it opens nothing else.
   */
  async verifyAccessTokenAllowingExpiry(token: string, graceSeconds: number): Promise<AuthenticatedUser> {
    const known = this.recall(token, 'access');
    if (known) return toAuthenticatedUser(known);
    let payload: unknown;
    try {
      payload = jwt.verify(token, await this.keys.keyFor(token), { ...JWT_VERIFY_OPTIONS, clockTolerance: graceSeconds });
    } catch (error) {
      throw asInvalidToken(error);
    }
    const claims = ofKind(payload as TokenClaims, 'access');
    if (typeof claims.sub !== 'string') throw new InvalidTokenError('No subject');
    return toAuthenticatedUser(claims);
  }

  /**
   * The claims of a token verified before and not expired since, without a signature check; undefined when
   * it is not remembered. A remembered token of another kind is refused.
   */
  recall(token: string, use: TokenUse): TokenClaims | undefined {
    const known = this.verified.recall(token);
    return known && ofKind(known, use);
  }

  /**
   * Claims whose signature, issuer, audience and expiry were just checked: checks the claims the product
   * adds (kind, subject, an expiry at all) and remembers the token.
   */
  acceptVerified(token: string, payload: unknown, use: TokenUse): TokenClaims {
    const claims = ofKind(payload as TokenClaims, use);
    if (typeof claims.sub !== 'string') throw new InvalidTokenError('No subject');
    if (typeof claims.exp !== 'number') throw new InvalidTokenError('No expiry');
    this.verified.remember(token, claims);
    return claims;
  }
}

/** `token_use` keeps the kinds apart: an `mfa` or `recovery` token never opens the API. */
function ofKind(claims: TokenClaims, use: TokenUse): TokenClaims {
  if (!claims || typeof claims !== 'object' || claims.token_use !== use) throw new InvalidTokenError('Wrong token kind');
  return claims;
}
