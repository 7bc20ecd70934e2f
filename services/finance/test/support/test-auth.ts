import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';
import { TOKEN_AUDIENCE, TOKEN_ISSUER } from '@payday/nest-kit';

export interface TokenOptions {
  role?: 'user' | 'admin';
  tokenUse?: 'access' | 'mfa' | 'recovery';
  /** Seconds from now; negative for an expired token. */
  expiresInSeconds?: number;
  issuer?: string;
}

/**
 * A stand-in for the auth service's signing side: an ES256 key pair, its JWKS served over HTTP (as
 * services verify against AUTH_JWKS_URL), and access tokens with the claims auth issues.
 */
export interface TestAuth {
  jwksUrl: string;
  sign(userId: string, options?: TokenOptions): Promise<string>;
  /** A token signed by a key the JWKS does not hold. */
  signWithForeignKey(userId: string): Promise<string>;
  close(): Promise<void>;
}

async function signToken(key: CryptoKey, kid: string, userId: string, options: TokenOptions = {}): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const expiresIn = options.expiresInSeconds ?? 900;
  return new SignJWT({ role: options.role ?? 'user', aal: 'aal1', token_use: options.tokenUse ?? 'access' })
    .setProtectedHeader({ alg: 'ES256', kid })
    .setSubject(userId)
    .setIssuer(options.issuer ?? TOKEN_ISSUER)
    .setAudience(TOKEN_AUDIENCE)
    .setIssuedAt(expiresIn < 0 ? now + expiresIn - 60 : now)
    .setExpirationTime(now + expiresIn)
    .sign(key);
}

export async function startTestAuth(): Promise<TestAuth> {
  const { publicKey, privateKey } = await generateKeyPair('ES256');
  const foreign = await generateKeyPair('ES256');
  const kid = 'finance-test-key';
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid, alg: 'ES256', use: 'sig' };
  const server: Server = createServer((request, response) => {
    if (request.url === '/.well-known/jwks.json') {
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [jwk] }));
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    jwksUrl: `http://127.0.0.1:${port}/.well-known/jwks.json`,
    sign: (userId, options) => signToken(privateKey, kid, userId, options),
    signWithForeignKey: (userId) => signToken(foreign.privateKey, kid, userId),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
