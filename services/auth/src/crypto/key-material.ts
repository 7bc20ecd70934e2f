import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, randomBytes, type JsonWebKey, type KeyObject } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The ES256 signing key and its public half as published in the JWKS. */
export interface SigningKey {
  privateKey: KeyObject;
  kid: string;
  publicJwk: JsonWebKey & { kid: string; alg: 'ES256'; use: 'sig' };
}

/** RFC 7638 thumbprint of an EC public key: a stable `kid`. */
export function jwkThumbprint(jwk: JsonWebKey): string {
  const canonical = JSON.stringify({ crv: jwk.crv, kty: jwk.kty, x: jwk.x, y: jwk.y });
  return createHash('sha256').update(canonical).digest('base64url');
}

/** Reads a PKCS#8/SEC1 PEM or a private JWK (JSON); only P-256 keys are accepted (we issue ES256). */
export function parsePrivateKey(text: string): KeyObject {
  const trimmed = text.trim();
  const key = trimmed.startsWith('{')
    ? createPrivateKey({ key: JSON.parse(trimmed) as JsonWebKey, format: 'jwk' })
    : createPrivateKey(trimmed.replace(/\\n/g, '\n'));
  if (key.asymmetricKeyType !== 'ec' || key.asymmetricKeyDetails?.namedCurve !== 'prime256v1') {
    throw new Error('JWT_PRIVATE_KEY must be an EC P-256 private key (ES256)');
  }
  return key;
}

export function signingKeyFrom(privateKey: KeyObject): SigningKey {
  const jwk = createPublicKey(privateKey).export({ format: 'jwk' });
  const kid = jwkThumbprint(jwk);
  return { privateKey, kid, publicJwk: { kty: jwk.kty, crv: jwk.crv, x: jwk.x, y: jwk.y, kid, alg: 'ES256', use: 'sig' } };
}

function writeSecretFile(file: string, content: string) {
  mkdirSync(join(file, '..'), { recursive: true, mode: 0o700 });
  writeFileSync(file, content, { mode: 0o600, flag: 'wx' });
  chmodSync(file, 0o600);
}

/** Reads a key file, or creates it once with `create()` (mode 0600) so restarts keep the same key. */
function keptFile(file: string, create: () => string): string {
  if (!existsSync(file)) {
    try {
      writeSecretFile(file, create());
    } catch (error) {
      // Another process wrote it first (flag 'wx'): read theirs.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  return readFileSync(file, 'utf8');
}

/** docs/security.md: the signing key from configuration, else generated once under `${DATA_DIR}/auth/jwt-private.jwk`. */
export function loadSigningKey(configured: string | undefined, dataDir: string): SigningKey {
  if (configured) return signingKeyFrom(parsePrivateKey(configured));
  const text = keptFile(join(dataDir, 'auth', 'jwt-private.jwk'), () => {
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    return JSON.stringify(privateKey.export({ format: 'jwk' }));
  });
  return signingKeyFrom(parsePrivateKey(text));
}

/** AES-256 key from ENCRYPTION_KEY (64 hex), else generated once under `${DATA_DIR}/auth/encryption.key`. */
export function loadEncryptionKey(configured: string | undefined, dataDir: string): Buffer {
  const hex = configured ?? keptFile(join(dataDir, 'auth', 'encryption.key'), () => randomBytes(32).toString('hex')).trim();
  if (!/^[0-9a-fA-F]{64}$/.test(hex)) throw new Error('The encryption key must be 64 hex characters');
  return Buffer.from(hex, 'hex');
}
