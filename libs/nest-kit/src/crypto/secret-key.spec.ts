import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadSecretKey } from './secret-key.js';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'secret-key-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('loadSecretKey', () => {
  it('uses the configured key and writes no file', () => {
    const hex = randomBytes(32).toString('hex');
    const file = join(tempDir(), 'svc', 'key');
    expect(loadSecretKey(hex, file).toString('hex')).toBe(hex);
    expect(() => statSync(file)).toThrow();
  });

  it('generates the key once (0600) and reads the same one afterwards', () => {
    const file = join(tempDir(), 'svc', 'key');
    const first = loadSecretKey(undefined, file);
    expect(first).toHaveLength(32);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadSecretKey(undefined, file).equals(first)).toBe(true);
    expect(readFileSync(file, 'utf8')).toBe(first.toString('hex'));
  });

  it('refuses a file that is not 64 hex characters', () => {
    const file = join(tempDir(), 'key');
    writeFileSync(file, 'not-a-key');
    expect(() => loadSecretKey(undefined, file)).toThrow('64 hex characters');
  });
});
