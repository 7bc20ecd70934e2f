import { createRemoteJWKSet, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import {
  ACCEPTED_ALGORITHMS,
  JWKS_CACHE_MS,
  TOKEN_AUDIENCE,
  TOKEN_ISSUER,
  type AuthenticatedUser,
  type TokenUse,
} from './token-claims.js';

export class InvalidTokenError extends Error {}

/**
 * Verifies bearer tokens against the auth service's JWKS (fetched over HTTP and cached 10 minutes), so
 * services never call auth to check a token. services/auth passes its own key set instead of a URL.
 */
export class JwtVerifier {
  private readonly keys: JWTVerifyGetKey;

  constructor(source: { jwksUrl: string } | { keys: JWTVerifyGetKey }) {
    this.keys =
      'jwksUrl' in source
        ? createRemoteJWKSet(new URL(source.jwksUrl), { cacheMaxAge: JWKS_CACHE_MS, cooldownDuration: 30_000 })
        : source.keys;
  }

  /** Verifies signature, issuer, audience, expiry and kind; returns the raw claims. */
  async verifyClaims(token: string, use: TokenUse): Promise<JWTPayload> {
    try {
      const { payload } = await jwtVerify(token, this.keys, {
        issuer: TOKEN_ISSUER,
        audience: TOKEN_AUDIENCE,
        algorithms: ACCEPTED_ALGORITHMS,
      });
      if (payload.token_use !== use || typeof payload.sub !== 'string') throw new InvalidTokenError('Wrong token kind');
      return payload;
    } catch (error) {
      if (error instanceof InvalidTokenError) throw error;
      throw new InvalidTokenError((error as Error).message);
    }
  }

  async verifyAccessToken(token: string): Promise<AuthenticatedUser> {
    const claims = await this.verifyClaims(token, 'access');
    return {
      id: claims.sub as string,
      role: claims.role === 'admin' ? 'admin' : 'user',
      aal: claims.aal === 'aal2' ? 'aal2' : 'aal1',
      email: typeof claims.email === 'string' ? claims.email : undefined,
      sessionId: typeof claims.sid === 'string' ? claims.sid : undefined,
    };
  }
}
