import { randomBytes } from 'node:crypto';
import { SecretBox } from '@paycadence/nest-kit';
import { generateBackupCodes, looksLikeBackupCode, normalizeBackupCode } from './backup-codes.js';

describe('backup codes', () => {
  it('generates 10 distinct codes shaped XXXXX-XXXXX from an unambiguous alphabet', () => {
    const codes = generateBackupCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[A-HJKMNP-Z2-9]{5}-[A-HJKMNP-Z2-9]{5}$/);
  });

  it('ignores case, spaces and the dash when checking', () => {
    expect(normalizeBackupCode(' abcde-fghjk ')).toBe('ABCDEFGHJK');
    expect(looksLikeBackupCode('abcde fghjk')).toBe(true);
    expect(looksLikeBackupCode('123456')).toBe(false);
  });

  it('stores a keyed hash: equal for the same code and key, different otherwise, never the code', () => {
    const box = new SecretBox(randomBytes(32));
    const [code, other] = generateBackupCodes(2);
    const stored = box.keyedHash(normalizeBackupCode(code), 'backup');
    expect(stored).not.toContain(normalizeBackupCode(code));
    expect(box.keyedHash(normalizeBackupCode(code.toLowerCase()), 'backup')).toBe(stored);
    expect(box.keyedHash(normalizeBackupCode(other), 'backup')).not.toBe(stored);
    expect(new SecretBox(randomBytes(32)).keyedHash(normalizeBackupCode(code), 'backup')).not.toBe(stored);
  });
});
