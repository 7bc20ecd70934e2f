import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadEncryptionKey, loadSigningKey, parsePrivateKey } from './key-material.js';

describe('key material (docs/security.md)', () => {
  it('generates the signing key once, keeps it 0600 and reloads the same kid', () => {
    const dir = mkdtempSync(join(tmpdir(), 'keys-'));
    const first = loadSigningKey(undefined, dir);
    const file = join(dir, 'auth', 'jwt-private.jwk');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadSigningKey(undefined, dir).kid).toBe(first.kid);
    expect(first.publicJwk).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig', kid: first.kid });
    expect(first.publicJwk).not.toHaveProperty('d');
  });

  it('reads a configured PEM or JWK and refuses an RSA key', () => {
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const pem = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    const jwk = JSON.stringify(privateKey.export({ format: 'jwk' }));
    expect(loadSigningKey(pem, '/nonexistent').kid).toBe(loadSigningKey(jwk, '/nonexistent').kid);
    // Env files often carry the PEM on one line with literal \n.
    expect(loadSigningKey(pem.replace(/\n/g, '\\n'), '/nonexistent').kid).toBeDefined();
    const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    expect(() => parsePrivateKey(rsa)).toThrow('P-256');
  });

  it('generates the encryption key once (64 hex, 0600) unless ENCRYPTION_KEY is set', () => {
    const dir = mkdtempSync(join(tmpdir(), 'keys-'));
    const first = loadEncryptionKey(undefined, dir);
    const file = join(dir, 'auth', 'encryption.key');
    expect(readFileSync(file, 'utf8')).toMatch(/^[0-9a-f]{64}$/);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadEncryptionKey(undefined, dir).equals(first)).toBe(true);
    const configured = randomBytes(32).toString('hex');
    expect(loadEncryptionKey(configured, dir).toString('hex')).toBe(configured);
  });
});
