import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

const VERSION = 'v1';
/**
 * GCM's full 16-byte tag, pinned on both sides: without `authTagLength`, Node accepts any
 * tag length GCM allows (down to 4 bytes), so a forger would only have to guess a truncated tag.
 */
const TAG_LENGTH = 16;
const IV_LENGTH = 12;

/**
 * AES-256-GCM for secrets at rest (docs/security.md: TOTP secrets, SSN last 4; bank-sync: Plaid access tokens). Stored as
 * `v1.<iv>.<tag>.<ciphertext>` (base64url); the purpose is bound as associated data, so a value
 * copied into another column does not decrypt.
 */
export class SecretBox {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error('SecretBox needs a 32-byte key');
  }

  encrypt(plaintext: string, purpose: string): string {
    const iv = randomBytes(IV_LENGTH);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv, { authTagLength: TAG_LENGTH });
    cipher.setAAD(Buffer.from(purpose));
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ciphertext.toString('base64url')].join('.');
  }

  decrypt(sealed: string, purpose: string): string {
    const [version, iv, tag, ciphertext] = sealed.split('.');
    if (version !== VERSION || !iv || !tag || ciphertext === undefined) throw new Error('Unreadable sealed value');
    const ivBytes = Buffer.from(iv, 'base64url');
    const tagBytes = Buffer.from(tag, 'base64url');
    // Checked here too, so a short tag is refused with our message whatever Node's own check says.
    if (ivBytes.length !== IV_LENGTH || tagBytes.length !== TAG_LENGTH) throw new Error('Unreadable sealed value');
    const decipher = createDecipheriv('aes-256-gcm', this.key, ivBytes, { authTagLength: TAG_LENGTH });
    decipher.setAAD(Buffer.from(purpose));
    decipher.setAuthTag(tagBytes);
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
  }

  /** A keyed hash (HMAC-SHA-256) for values looked up by equality, e.g. backup codes. */
  keyedHash(value: string, purpose: string): string {
    return createHmac('sha256', this.key).update(`${purpose}:${value}`).digest('base64url');
  }
}
