import { KeyObject, verify as verifySignature } from 'node:crypto';
import { createRemoteJWKSet, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import {
  ACCEPTED_ALGORITHMS,
  JWKS_CACHE_MS,
  TOKEN_AUDIENCE,
  TOKEN_ISSUER,
  type AuthenticatedUser,
  type TokenUse,
} from './token-claims.js';

export class InvalidTokenError extends Error {}

function decodeSegment(segment: string): Record<string, unknown> {
  const value = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new InvalidTokenError('Malformed token');
  return value as Record<string, unknown>;
}

/** The key types each accepted algorithm may use (no algorithm confusion: an EC key never checks RS256). */
const KEY_TYPE: Record<string, { type: string; curve?: string }> = {
  ES256: { type: 'ec', curve: 'prime256v1' },
  RS256: { type: 'rsa' },
};

/**
 * Verifies bearer tokens against the auth service's JWKS (fetched over HTTP and cached 10 minutes), so
 * services never call auth to check a token. services/auth passes its own key set instead of a URL.
 *
 * jose resolves and caches the keys; the signature is checked with node:crypto synchronously, because
 * WebCrypto's async verify costs more than the ES256 maths itself (issue 3 target: ≥ 5,000 checks/s a core).
 */
export class JwtVerifier {
  private readonly keys: JWTVerifyGetKey;
  private readonly keyObjects = new WeakMap<object, KeyObject>();
  /**
   * Tokens already verified, kept until they expire: a signed token cannot change, and the signature check
   * is the largest cost of a typical request. Like the JWKS cache, a key withdrawn from the set stops
   * mattering only when the tokens it signed expire (15 minutes at most).
   */
  private readonly verified = new Map<string, JWTPayload>();
  private readonly rememberVerified: number;

  /** `rememberVerified`: how many verified tokens to keep (0 turns the memory off; benchmarks use that). */
  constructor(source: { jwksUrl: string } | { keys: JWTVerifyGetKey }, options: { rememberVerified?: number } = {}) {
    this.rememberVerified = options.rememberVerified ?? 10_000;
    this.keys =
      'jwksUrl' in source
        ? createRemoteJWKSet(new URL(source.jwksUrl), { cacheMaxAge: JWKS_CACHE_MS, cooldownDuration: 30_000 })
        : source.keys;
  }

  /** Verifies signature, issuer, audience, expiry and kind; returns the raw claims. */
  async verifyClaims(token: string, use: TokenUse): Promise<JWTPayload> {
    const known = this.verified.get(token);
    if (known) {
      if (known.token_use !== use) throw new InvalidTokenError('Wrong token kind');
      if ((known.exp as number) > Math.floor(Date.now() / 1000)) return known;
      this.verified.delete(token); // expired: the full check below refuses it
    }
    const payload = await this.verifySignedClaims(token, use);
    if (this.rememberVerified > 0) {
      if (this.verified.size >= this.rememberVerified) this.verified.delete(this.verified.keys().next().value as string);
      this.verified.set(token, payload);
    }
    return payload;
  }

  private async verifySignedClaims(token: string, use: TokenUse): Promise<JWTPayload> {
    try {
      const parts = token.split('.');
      if (parts.length !== 3 || !parts[2]) throw new InvalidTokenError('Malformed token');
      const [encodedHeader, encodedPayload, encodedSignature] = parts;
      const header = decodeSegment(encodedHeader);
      const alg = header.alg;
      if (typeof alg !== 'string' || !ACCEPTED_ALGORITHMS.includes(alg)) throw new InvalidTokenError('Algorithm not accepted');
      if (header.crit !== undefined || header.b64 === false) throw new InvalidTokenError('Unsupported header');

      const key = this.keyObject(
        await this.keys(header as Parameters<JWTVerifyGetKey>[0], { payload: encodedPayload, signature: encodedSignature, protected: encodedHeader }),
      );
      const expected = KEY_TYPE[alg];
      if (key.type !== 'public' || key.asymmetricKeyType !== expected.type || (expected.curve && key.asymmetricKeyDetails?.namedCurve !== expected.curve)) {
        throw new InvalidTokenError('Key does not match the algorithm');
      }
      const signed = Buffer.from(`${encodedHeader}.${encodedPayload}`);
      const signature = Buffer.from(encodedSignature, 'base64url');
      const valid = verifySignature('sha256', signed, alg === 'ES256' ? { key, dsaEncoding: 'ieee-p1363' } : key, signature);
      if (!valid) throw new InvalidTokenError('Bad signature');

      const payload = decodeSegment(encodedPayload) as JWTPayload;
      const now = Math.floor(Date.now() / 1000);
      if (payload.iss !== TOKEN_ISSUER) throw new InvalidTokenError('Wrong issuer');
      const audiences = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
      if (!audiences.includes(TOKEN_AUDIENCE)) throw new InvalidTokenError('Wrong audience');
      if (typeof payload.exp !== 'number' || payload.exp <= now) throw new InvalidTokenError('Expired');
      if (payload.nbf !== undefined && (typeof payload.nbf !== 'number' || payload.nbf > now)) throw new InvalidTokenError('Not yet valid');
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

  /** jose hands back WebCrypto keys; node:crypto wants KeyObjects (converted once per key). */
  private keyObject(key: unknown): KeyObject {
    if (key instanceof KeyObject) return key;
    if (key instanceof Uint8Array || !key || typeof key !== 'object') throw new InvalidTokenError('Unusable key');
    let converted = this.keyObjects.get(key);
    if (!converted) {
      converted = KeyObject.from(key as Parameters<typeof KeyObject.from>[0]);
      this.keyObjects.set(key, converted);
    }
    return converted;
  }
}
