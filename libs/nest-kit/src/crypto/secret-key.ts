import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

const HEX_KEY = /^[0-9a-fA-F]{64}$/;

/**
 * A 32-byte key from configuration (64 hex), else generated once into `file` (mode 0600) so restarts and
 * every process sharing that directory keep the same key. Production services refuse to start without a
 * configured key unless explicitly opted in (see each service's config), since replicas on separate disks
 * would each invent their own.
 */
export function loadSecretKey(configured: string | undefined, file: string): Buffer {
  if (!configured && !existsSync(file)) {
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    try {
      writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
      chmodSync(file, 0o600);
    } catch (error) {
      // Another process wrote it first (flag 'wx'): read theirs.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  const hex = (configured ?? readFileSync(file, 'utf8')).trim();
  if (!HEX_KEY.test(hex)) throw new Error('The key must be 64 hex characters');
  return Buffer.from(hex, 'hex');
}
