import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SecretBox } from './secret-box.js';

describe('SecretBox (AES-256-GCM)', () => {
  const box = new SecretBox(randomBytes(32));

  it('round-trips and never repeats a ciphertext', () => {
    const a = box.encrypt('1234', 'ssn');
    expect(a).not.toContain('1234');
    expect(a).not.toBe(box.encrypt('1234', 'ssn'));
    expect(box.decrypt(a, 'ssn')).toBe('1234');
  });

  it('refuses another purpose, another key and a tampered value', () => {
    const sealed = box.encrypt('secret', 'totp');
    expect(() => box.decrypt(sealed, 'ssn')).toThrow();
    expect(() => new SecretBox(randomBytes(32)).decrypt(sealed, 'totp')).toThrow();
    const parts = sealed.split('.');
    parts[3] = Buffer.from('other!').toString('base64url');
    expect(() => box.decrypt(parts.join('.'), 'totp')).toThrow();
  });

  it('needs a 32-byte key', () => {
    expect(() => new SecretBox(randomBytes(16))).toThrow('32-byte');
  });
});
