import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { installReason } from './staleness.mjs';

const at = (seconds) => new Date(seconds * 1000);

function touch(path, seconds) {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, 'x');
  utimesSync(path, at(seconds), at(seconds));
}

describe('installReason', () => {
  let dir;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'staleness-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('asks for npm install when node_modules is missing or a package.json / the lockfile is newer', () => {
    touch(join(dir, 'package.json'), 1000);
    touch(join(dir, 'package-lock.json'), 1000);
    touch(join(dir, 'services/waitlist/package.json'), 1000);
    expect(installReason(dir)).toBe('node_modules is missing');
    touch(join(dir, 'node_modules/.package-lock.json'), 2000);
    expect(installReason(dir)).toBeNull();
    touch(join(dir, 'services/waitlist/package.json'), 3000);
    expect(installReason(dir)).toBe('services/waitlist/package.json changed since the last install');
    touch(join(dir, 'node_modules/.package-lock.json'), 4000);
    touch(join(dir, 'package-lock.json'), 5000);
    expect(installReason(dir)).toBe('package-lock.json changed since the last install');
  });
});
