import { createPublicKey, type KeyObject } from 'node:crypto';
import type { JSONWebKeySet } from 'jose';
import jwksRsa from 'jwks-rsa';
import { InvalidTokenError, asInvalidToken } from './invalid-token.error.js';
import { ACCEPTED_ALGORITHMS, JWKS_CACHE_MS } from './token-claims.js';

/**
 * Where the signing keys come from: the auth service's JWKS URL (every other service), or the key set in
 * memory (services/auth itself, which never calls itself over HTTP).
 */
export type JwksSource = { jwksUrl: string } | { jwks: JSONWebKeySet };

type Done = (error: Error | null, key?: KeyObject) => void;

/**
 * Public keys by `kid` through jwks-rsa, which imports EC P-256 and RSA JWKs (via jose) and caches each
 * key 10 minutes (docs/product/accounts.md §9). An unknown `kid` triggers a fetch; fetches are limited to 10 a minute
 * so forged `kid`s cannot hammer the auth service.
 */
export class JwksKeys {
  private readonly client: jwksRsa.JwksClient;
  /** PEM → KeyObject once per key rather than once per token. */
  private readonly keyObjects = new WeakMap<jwksRsa.SigningKey, KeyObject>();

  constructor(source: JwksSource) {
    const cache = { cache: true, cacheMaxAge: JWKS_CACHE_MS, cacheMaxEntries: 10 };
    if ('jwksUrl' in source) {
      this.client = new jwksRsa.JwksClient({ jwksUri: source.jwksUrl, ...cache, rateLimit: true, jwksRequestsPerMinute: 10, timeout: 5_000 });
    } else {
      const { jwks } = source;
      this.client = new jwksRsa.JwksClient({ fetcher: async () => jwks, ...cache });
    }
  }

  /**
   * The key `token` claims to be signed with. Refuses, before any lookup, an algorithm outside the accepted
   * ones (so no `none`, no HS256 keyed with a public key) and a key published for another algorithm.
   */
  async keyFor(token: string): Promise<KeyObject> {
    const header = protectedHeader(token);
    const signingKey = await this.client.getSigningKey(header.kid).catch((error: unknown) => {
      throw asInvalidToken(error);
    });
    if (signingKey.alg && signingKey.alg !== header.alg) throw new InvalidTokenError('Key does not match the algorithm');
    let key = this.keyObjects.get(signingKey);
    if (!key) {
      key = createPublicKey(signingKey.getPublicKey());
      this.keyObjects.set(signingKey, key);
    }
    return key;
  }

  /** passport-jwt's `secretOrKeyProvider`. */
  readonly secretOrKeyProvider = (_request: unknown, token: string, done: Done): void => {
    this.keyFor(token).then(
      (key) => done(null, key),
      (error: Error) => done(error),
    );
  };
}

function protectedHeader(token: string): { alg: string; kid?: string } {
  let header: Record<string, unknown>;
  try {
    header = JSON.parse(Buffer.from(token.slice(0, token.indexOf('.')), 'base64url').toString('utf8'));
  } catch {
    throw new InvalidTokenError('Malformed token');
  }
  if (!header || typeof header !== 'object') throw new InvalidTokenError('Malformed token');
  const { alg, kid } = header;
  if (typeof alg !== 'string' || !(ACCEPTED_ALGORITHMS as readonly string[]).includes(alg)) throw new InvalidTokenError('Algorithm not accepted');
  // RFC 7515 §4.1.11: a critical extension we do not implement must be refused, not ignored.
  if (header.crit !== undefined) throw new InvalidTokenError('Unsupported header');
  if (kid !== undefined && typeof kid !== 'string') throw new InvalidTokenError('Malformed token');
  return { alg, kid };
}
