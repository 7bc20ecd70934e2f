import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';
import { TOKEN_AUDIENCE, TOKEN_ISSUER, type AssuranceLevel, type Role, type TokenUse } from '../auth/token-claims.js';

export interface TokenOptions {
  role?: Role;
  aal?: AssuranceLevel;
  tokenUse?: TokenUse;
  /** Seconds from now; negative for an expired token. */
  expiresInSeconds?: number;
  issuer?: string;
}

/** A signed-in caller: its id and a valid access token. */
export interface TestUser {
  id: string;
  token: string;
}

/**
 * A stand-in for the auth service's signing side: an ES256 key pair, its JWKS served over HTTP (services
 * verify against AUTH_JWKS_URL) and tokens with the claims auth issues.
 */
export interface TestAuth {
  jwksUrl: string;
  sign(userId: string, options?: TokenOptions): Promise<string>;
  /** A new user id with a valid access token of that role. */
  user(role?: Role): Promise<TestUser>;
  /** A token signed by a key the JWKS does not hold (same `kid`). */
  signWithForeignKey(userId: string): Promise<string>;
  close(): Promise<void>;
}

const KID = 'test-signing-key';

async function signToken(key: CryptoKey, userId: string, options: TokenOptions = {}): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const expiresIn = options.expiresInSeconds ?? 900;
  return new SignJWT({ role: options.role ?? 'user', aal: options.aal ?? 'aal1', token_use: options.tokenUse ?? 'access' })
    .setProtectedHeader({ alg: 'ES256', kid: KID })
    .setSubject(userId)
    .setIssuer(options.issuer ?? TOKEN_ISSUER)
    .setAudience(TOKEN_AUDIENCE)
    .setIssuedAt(expiresIn < 0 ? now + expiresIn - 60 : now)
    .setExpirationTime(now + expiresIn)
    .setJti(randomUUID())
    .sign(key);
}

export async function startTestAuth(): Promise<TestAuth> {
  const { publicKey, privateKey } = await generateKeyPair('ES256');
  const foreign = await generateKeyPair('ES256');
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid: KID, alg: 'ES256', use: 'sig' };
  const server: Server = createServer((request, response) => {
    if (request.url === '/.well-known/jwks.json') {
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [jwk] }));
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const sign = (userId: string, options?: TokenOptions) => signToken(privateKey, userId, options);
  return {
    jwksUrl: `http://127.0.0.1:${port}/.well-known/jwks.json`,
    sign,
    user: async (role = 'user') => {
      const id = randomUUID();
      return { id, token: await sign(id, { role }) };
    },
    signWithForeignKey: (userId) => signToken(foreign.privateKey, userId),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
