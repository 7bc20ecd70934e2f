import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { frontendSources, listFrontends, orderFrontends } from './build.mjs';

describe('frontend build order', () => {
  it('builds remotes first and the shell last', () => {
    expect(orderFrontends(['shell', 'public-site', 'admin', 'dashboard'])).toEqual(['admin', 'dashboard', 'public-site', 'shell']);
  });
});

describe('listFrontends and frontendSources', () => {
  let dir;
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('lists only folders with a vite config and names the inputs of a build', () => {
    dir = mkdtempSync(join(tmpdir(), 'frontends-'));
    for (const name of ['shell', 'public-site', 'no-config']) mkdirSync(join(dir, 'frontends', name, 'src'), { recursive: true });
    writeFileSync(join(dir, 'frontends/shell/vite.config.ts'), '');
    writeFileSync(join(dir, 'frontends/shell/index.html'), '');
    writeFileSync(join(dir, 'frontends/public-site/vite.config.mts'), '');
    writeFileSync(join(dir, 'frontends/federation-shared.ts'), '');
    expect(listFrontends(dir)).toEqual(['public-site', 'shell']);
    const sources = frontendSources(join(dir, 'frontends/shell'), dir);
    expect(sources).toEqual(
      expect.arrayContaining([
        join(dir, 'frontends/shell/src'),
        join(dir, 'frontends/shell/index.html'),
        join(dir, 'frontends/shell/vite.config.ts'),
        join(dir, 'frontends/federation-shared.ts'),
        join(dir, 'libs/web-kit/src'),
        join(dir, 'libs/contracts/src'),
      ]),
    );
  });
});
