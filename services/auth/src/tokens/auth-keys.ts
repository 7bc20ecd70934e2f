import type { AuthConfig } from '../config.js';
import { loadEncryptionKey, loadSigningKey, type SigningKey } from '../crypto/key-material.js';
import { SecretBox } from '@payday/nest-kit';

/** The service's key material, loaded once at start (synchronously, so modules can be built around it). */
export interface AuthKeys {
  signing: SigningKey;
  box: SecretBox;
  /** The JWKS document served at /.well-known/jwks.json. */
  jwks: { keys: SigningKey['publicJwk'][] };
}

export const AUTH_KEYS = Symbol('AUTH_KEYS');

export function loadAuthKeys(config: Pick<AuthConfig, 'JWT_PRIVATE_KEY' | 'ENCRYPTION_KEY' | 'DATA_DIR'>): AuthKeys {
  const signing = loadSigningKey(config.JWT_PRIVATE_KEY, config.DATA_DIR);
  const box = new SecretBox(loadEncryptionKey(config.ENCRYPTION_KEY, config.DATA_DIR));
  return { signing, box, jwks: { keys: [signing.publicJwk] } };
}
