import { hkdfSync } from 'node:crypto';
import type { AuthConfig } from '../config.js';
import { loadEncryptionKey, loadSigningKey, type SigningKey } from '../crypto/key-material.js';
import { SecretBox } from '@paycadence/nest-kit';

/** The service's key material, loaded once at start (synchronously, so modules can be built around it). */
export interface AuthKeys {
  signing: SigningKey;
  box: SecretBox;
  /** HMAC key of the device cookie (throttling/device-cookie.ts), derived from the encryption key by HKDF. */
  deviceCookieKey: Buffer;
  /** The JWKS document served at /.well-known/jwks.json. */
  jwks: { keys: SigningKey['publicJwk'][] };
}

export const AUTH_KEYS = Symbol('AUTH_KEYS');

export function loadAuthKeys(config: Pick<AuthConfig, 'JWT_PRIVATE_KEY' | 'ENCRYPTION_KEY' | 'DATA_DIR'>): AuthKeys {
  const signing = loadSigningKey(config.JWT_PRIVATE_KEY, config.DATA_DIR);
  const encryptionKey = loadEncryptionKey(config.ENCRYPTION_KEY, config.DATA_DIR);
  const box = new SecretBox(encryptionKey);
  // A separate key per purpose (never the AES key itself for MACs).
  const deviceCookieKey = Buffer.from(hkdfSync('sha256', encryptionKey, Buffer.alloc(0), 'paycadence auth device-cookie v1', 32));
  return { signing, box, deviceCookieKey, jwks: { keys: [signing.publicJwk] } };
}
