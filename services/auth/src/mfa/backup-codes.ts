import { randomInt } from 'node:crypto';
import { BACKUP_CODE_COUNT } from '@paycadence/contracts';

/** Unambiguous characters (no 0/O, 1/I/L): 31 symbols, 10 per code = about 49 bits each. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** 10 codes shaped `XXXXX-XXXXX` (docs/product/accounts.md §2: shown in two columns). */
export function generateBackupCodes(count = BACKUP_CODE_COUNT): string[] {
  return Array.from({ length: count }, () => {
    const chars = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** What the user typed, reduced to the stored form: case and separators do not matter. */
export function normalizeBackupCode(input: string): string {
  return input.toUpperCase().replace(/[\s-]/g, '');
}

export function looksLikeBackupCode(input: string): boolean {
  return /^[A-Z0-9]{10}$/.test(normalizeBackupCode(input));
}
