import { KeyObject, sign as signWithNode } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey, type JWK } from 'jose';
import { InvalidTokenError, JwtVerifier } from './jwt-verifier.js';
import { TOKEN_AUDIENCE, TOKEN_ISSUER } from './token-claims.js';

let es256: { privateKey: CryptoKey; publicJwk: JWK };
let rs256: { privateKey: CryptoKey; publicJwk: JWK };
let stranger: CryptoKey;
let server: Server;
let jwksUrl: string;
let fetches = 0;

async function keyPair(alg: 'ES256' | 'RS256', kid: string) {
  const { privateKey, publicKey } = await generateKeyPair(alg, { extractable: true });
  return { privateKey, publicJwk: { ...(await exportJWK(publicKey)), kid, alg, use: 'sig' } };
}

beforeAll(async () => {
  es256 = await keyPair('ES256', 'es-1');
  rs256 = await keyPair('RS256', 'rs-1');
  stranger = (await generateKeyPair('ES256')).privateKey;
  // A tiny JWKS server that counts how often verifiers fetch it.
  server = createServer((_request, response) => {
    fetches += 1;
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ keys: [es256.publicJwk, rs256.publicJwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  jwksUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/.well-known/jwks.json`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

interface SignOptions {
  claims?: Record<string, unknown>;
  key?: CryptoKey;
  alg?: string;
  kid?: string;
  issuer?: string;
  audience?: string;
  expiresIn?: number;
}

function sign(options: SignOptions = {}) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ token_use: 'access', role: 'user', aal: 'aal1', email: 'ann@example.com', sid: 'fam-1', ...options.claims })
    .setProtectedHeader({ alg: options.alg ?? 'ES256', kid: options.kid ?? 'es-1' })
    .setSubject('user-1')
    .setIssuer(options.issuer ?? TOKEN_ISSUER)
    .setAudience(options.audience ?? TOKEN_AUDIENCE)
    .setIssuedAt(now - 10)
    .setExpirationTime(now + (options.expiresIn ?? 900))
    .sign(options.key ?? es256.privateKey);
}

const local = () => new JwtVerifier({ jwks: { keys: [es256.publicJwk, rs256.publicJwk] } });

describe('JwtVerifier', () => {
  it('accepts a valid ES256 access token and exposes id, role, assurance level', async () => {
    const user = await local().verifyAccessToken(await sign({ claims: { role: 'admin', aal: 'aal2' } }));
    expect(user).toEqual({ id: 'user-1', role: 'admin', aal: 'aal2', email: 'ann@example.com', sessionId: 'fam-1' });
  });

  it('maps unknown role and aal values to the least privilege', async () => {
    const user = await local().verifyAccessToken(await sign({ claims: { role: 'root', aal: 'aal9' } }));
    expect(user).toMatchObject({ role: 'user', aal: 'aal1' });
  });

  it('accepts RS256 from a key in the set (docs/product/accounts.md §9: RS256 and ES256)', async () => {
    const user = await local().verifyAccessToken(await sign({ key: rs256.privateKey, alg: 'RS256', kid: 'rs-1' }));
    expect(user.id).toBe('user-1');
  });

  it.each<[string, () => Promise<string>]>([
    ['expired', () => sign({ expiresIn: -5 })],
    ['signed by a key not in the set', () => sign({ key: stranger })],
    ['from another issuer', () => sign({ issuer: 'someone-else' })],
    ['for another audience', () => sign({ audience: 'other-app' })],
    ['an mfa challenge', () => sign({ claims: { token_use: 'mfa' } })],
    ['a recovery token', () => sign({ claims: { token_use: 'recovery' } })],
    ['without token_use', () => sign({ claims: { token_use: undefined } })],
  ])('refuses a token %s', async (_label, make) => {
    await expect(local().verifyAccessToken(await make())).rejects.toBeInstanceOf(InvalidTokenError);
  });

  it('refuses a tampered payload or signature', async () => {
    const token = await sign();
    const [header, payload, signature] = token.split('.');
    const elevated = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), role: 'admin' })).toString('base64url');
    await expect(local().verifyAccessToken(`${header}.${elevated}.${signature}`)).rejects.toBeInstanceOf(InvalidTokenError);
    const flipped = `${signature.slice(0, 10)}${signature[10] === 'A' ? 'B' : 'A'}${signature.slice(11)}`;
    await expect(local().verifyAccessToken(`${header}.${payload}.${flipped}`)).rejects.toBeInstanceOf(InvalidTokenError);
  });

  it('refuses alg none and HS256 signed with the public key as secret', async () => {
    const claims = { sub: 'user-1', iss: TOKEN_ISSUER, aud: TOKEN_AUDIENCE, token_use: 'access', exp: Math.floor(Date.now() / 1000) + 600 };
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const none = `${encode({ alg: 'none', kid: 'es-1' })}.${encode(claims)}.`;
    await expect(local().verifyAccessToken(none)).rejects.toBeInstanceOf(InvalidTokenError);
    const hs = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', kid: 'es-1' })
      .sign(new TextEncoder().encode(JSON.stringify(es256.publicJwk)));
    await expect(local().verifyAccessToken(hs)).rejects.toBeInstanceOf(InvalidTokenError);
  });

  it('ties each algorithm to its key type: ES256 only with the EC key, RS256 only with the RSA key', async () => {
    const unlabelled = new JwtVerifier({ jwks: { keys: [es256.publicJwk, rs256.publicJwk].map(({ alg: _alg, ...jwk }) => jwk) } });
    // Signed correctly, but naming the other key: the signature would have to verify with a key of the wrong type.
    const rsNamingEcKey = await sign({ key: rs256.privateKey, alg: 'RS256', kid: 'es-1' });
    const esNamingRsaKey = await sign({ alg: 'ES256', kid: 'rs-1' });
    for (const verifier of [local(), unlabelled]) {
      await expect(verifier.verifyAccessToken(rsNamingEcKey)).rejects.toBeInstanceOf(InvalidTokenError);
      await expect(verifier.verifyAccessToken(esNamingRsaKey)).rejects.toBeInstanceOf(InvalidTokenError);
    }
    await expect(unlabelled.verifyAccessToken(await sign())).resolves.toMatchObject({ id: 'user-1' });
  });

  it('refuses a critical header extension and a token without expiry', async () => {
    const now = Math.floor(Date.now() / 1000);
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const signed = `${encode({ alg: 'ES256', kid: 'es-1', crit: ['x-ext'], 'x-ext': true })}.${encode({ sub: 'user-1', iss: TOKEN_ISSUER, aud: TOKEN_AUDIENCE, token_use: 'access', exp: now + 600 })}`;
    const signature = signWithNode('sha256', Buffer.from(signed), { key: KeyObject.from(es256.privateKey), dsaEncoding: 'ieee-p1363' });
    await expect(local().verifyAccessToken(`${signed}.${signature.toString('base64url')}`)).rejects.toThrow('Unsupported header');
    const forever = await new SignJWT({ token_use: 'access' })
      .setProtectedHeader({ alg: 'ES256', kid: 'es-1' })
      .setSubject('user-1')
      .setIssuer(TOKEN_ISSUER)
      .setAudience(TOKEN_AUDIENCE)
      .sign(es256.privateKey);
    await expect(local().verifyAccessToken(forever)).rejects.toThrow('No expiry');
  });

  it('refuses what is not a token', async () => {
    for (const token of ['', 'not-a-jwt', 'a.b.c', `${Buffer.from('{"alg":"ES256"}').toString('base64url')}.e30.`]) {
      await expect(local().verifyAccessToken(token)).rejects.toBeInstanceOf(InvalidTokenError);
    }
  });

  it('verifyClaims checks the kind asked for', async () => {
    const mfa = await sign({ claims: { token_use: 'mfa' } });
    await expect(local().verifyClaims(mfa, 'mfa')).resolves.toMatchObject({ sub: 'user-1', token_use: 'mfa' });
    await expect(local().verifyClaims(mfa, 'access')).rejects.toThrow('Wrong token kind');
  });

  it('fetches the remote JWKS once per key id and serves later checks from its cache', async () => {
    fetches = 0;
    // Memory of verified tokens off: every check looks the key up, as a first request does.
    const verifier = new JwtVerifier({ jwksUrl }, { rememberVerified: 0 });
    const es = await sign();
    const rs = await sign({ key: rs256.privateKey, alg: 'RS256', kid: 'rs-1' });
    for (let i = 0; i < 50; i += 1) await verifier.verifyAccessToken(es);
    expect(fetches).toBe(1);
    for (let i = 0; i < 50; i += 1) await verifier.verifyAccessToken(rs);
    expect(fetches).toBe(2);
  });

  it('refuses a key id the set does not hold, looking it up again only within the rate limit', async () => {
    fetches = 0;
    const verifier = new JwtVerifier({ jwksUrl }, { rememberVerified: 0 });
    for (let i = 0; i < 15; i += 1) {
      await expect(verifier.verifyAccessToken(await sign({ kid: `forged-${i}` }))).rejects.toBeInstanceOf(InvalidTokenError);
    }
    expect(fetches).toBe(10); // jwks-rsa: 10 JWKS requests a minute at most
    await expect(local().verifyAccessToken(await sign({ kid: 'nobody' }))).rejects.toBeInstanceOf(InvalidTokenError);
  });

  it('refuses every token when the JWKS cannot be fetched', async () => {
    const verifier = new JwtVerifier({ jwksUrl: 'http://127.0.0.1:9/.well-known/jwks.json' });
    await expect(verifier.verifyAccessToken(await sign())).rejects.toBeInstanceOf(InvalidTokenError);
  });

  it('remembers a verified token until it expires, and only for its own kind', async () => {
    const verifier = local();
    const token = await sign({ expiresIn: 2 });
    await expect(verifier.verifyAccessToken(token)).resolves.toMatchObject({ id: 'user-1' });
    await expect(verifier.verifyClaims(token, 'recovery')).rejects.toThrow('Wrong token kind');
    await new Promise((resolve) => setTimeout(resolve, 2100));
    await expect(verifier.verifyAccessToken(token)).rejects.toThrow('Expired');
  });

  it('skips the signature check for a token it remembers, and forgets the oldest beyond its size', async () => {
    const verifier = new JwtVerifier({ jwks: { keys: [es256.publicJwk] } }, { rememberVerified: 2 });
    const keyLookups = vi.spyOn(verifier.keys, 'keyFor');
    const [first, second, third] = await Promise.all([sign(), sign({ claims: { sid: 'b' } }), sign({ claims: { sid: 'c' } })]);
    await verifier.verifyAccessToken(first);
    await verifier.verifyAccessToken(first);
    expect(keyLookups).toHaveBeenCalledTimes(1);
    await verifier.verifyAccessToken(second);
    await verifier.verifyAccessToken(third); // the memory holds two: `first` goes
    await verifier.verifyAccessToken(third);
    expect(keyLookups).toHaveBeenCalledTimes(3);
    await verifier.verifyAccessToken(first);
    expect(keyLookups).toHaveBeenCalledTimes(4);
  });

  it('never remembers a refused token', async () => {
    const verifier = local();
    const keyLookups = vi.spyOn(verifier.keys, 'keyFor');
    const forged = await sign({ key: stranger });
    await expect(verifier.verifyAccessToken(forged)).rejects.toBeInstanceOf(InvalidTokenError);
    await expect(verifier.verifyAccessToken(forged)).rejects.toBeInstanceOf(InvalidTokenError);
    expect(keyLookups).toHaveBeenCalledTimes(2);
  });

  it('for sign-out, accepts a genuine token expired within the grace, never a forged, foreign or older one, and never remembers it', async () => {
    const verifier = local();
    const expired = await sign({ expiresIn: -600 });
    await expect(verifier.verifyAccessToken(expired)).rejects.toBeInstanceOf(InvalidTokenError);
    await expect(verifier.verifyAccessTokenAllowingExpiry(expired, 3600)).resolves.toMatchObject({ id: 'user-1', sessionId: 'fam-1' });
    await expect(verifier.verifyAccessTokenAllowingExpiry(expired, 60)).rejects.toBeInstanceOf(InvalidTokenError);
    await expect(verifier.verifyAccessTokenAllowingExpiry(await sign({ expiresIn: -600, key: stranger }), 3600)).rejects.toBeInstanceOf(InvalidTokenError);
    await expect(verifier.verifyAccessTokenAllowingExpiry(await sign({ expiresIn: -600, audience: 'other' }), 3600)).rejects.toBeInstanceOf(InvalidTokenError);
    await expect(
      verifier.verifyAccessTokenAllowingExpiry(await sign({ expiresIn: -600, claims: { token_use: 'mfa' } }), 3600),
    ).rejects.toBeInstanceOf(InvalidTokenError);
    await expect(verifier.verifyAccessToken(expired)).rejects.toBeInstanceOf(InvalidTokenError);
  });
});
