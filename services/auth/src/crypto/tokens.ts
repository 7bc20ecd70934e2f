import { createHash, randomBytes } from 'node:crypto';

/** An opaque random token (256 bits), URL-safe. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Refresh and recovery tokens are stored only as their SHA-256 (docs/security.md: stored hashed). */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('base64url');
}
