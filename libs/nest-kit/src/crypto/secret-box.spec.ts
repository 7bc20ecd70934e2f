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

  it('pins the 16-byte GCM tag: a truncated prefix of the genuine tag is refused', () => {
    const sealed = box.encrypt('secret', 'totp');
    const [version, iv, tag, ciphertext] = sealed.split('.');
    const fullTag = Buffer.from(tag, 'base64url');
    expect(fullTag).toHaveLength(16);
    for (const length of [4, 8, 12, 15]) {
      const truncated = [version, iv, fullTag.subarray(0, length).toString('base64url'), ciphertext].join('.');
      expect(() => box.decrypt(truncated, 'totp')).toThrow('Unreadable sealed value');
    }
    const padded = [version, iv, Buffer.concat([fullTag, Buffer.alloc(1)]).toString('base64url'), ciphertext].join('.');
    expect(() => box.decrypt(padded, 'totp')).toThrow('Unreadable sealed value');
    expect(box.decrypt(sealed, 'totp')).toBe('secret');
  });

  it('refuses an IV of another length', () => {
    const [version, , tag, ciphertext] = box.encrypt('secret', 'totp').split('.');
    expect(() => box.decrypt([version, randomBytes(16).toString('base64url'), tag, ciphertext].join('.'), 'totp')).toThrow('Unreadable');
  });

  it('needs a 32-byte key', () => {
    expect(() => new SecretBox(randomBytes(16))).toThrow('32-byte');
  });
});
