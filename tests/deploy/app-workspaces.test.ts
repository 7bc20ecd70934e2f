// docker/app-workspaces.mjs decides which libs reach an image build: held against the real workspace.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { compiledLibs, neededLibs, pruneLibs } from '../../docker/app-workspaces.mjs';
import { repoRoot } from '../contract/kong-config.loader.js';

const manifestOf = (dir: string) =>
  JSON.parse(fs.readFileSync(path.join(repoRoot, dir, 'package.json'), 'utf8'));
const workspaceDeps = (dir: string) =>
  Object.keys({ ...manifestOf(dir).dependencies, ...manifestOf(dir).devDependencies }).filter((name) =>
    name.startsWith('@paycadence/'),
  );

describe('neededLibs', () => {
  it.each([['services/waitlist'], ['frontends/shell']])(
    '%s gets every lib it names, and each of theirs',
    (app) => {
      const needed = neededLibs(repoRoot, app);
      const names = needed.map((dir: string) => manifestOf(dir).name);
      for (const name of workspaceDeps(app)) expect(names).toContain(name);
      for (const dir of needed) for (const name of workspaceDeps(dir)) expect(names).toContain(name);
    },
  );

  it('keeps browser code away from node-only libs and the other way round', () => {
    expect(neededLibs(repoRoot, 'frontends/shell')).not.toContain('libs/nest-kit');
    expect(neededLibs(repoRoot, 'services/waitlist')).not.toContain('libs/web-kit');
  });
});

describe('compiledLibs', () => {
  it('lists only libs whose package exports point into dist/ (web-kit ships its sources)', () => {
    const compiled = compiledLibs(repoRoot, 'frontends/shell');
    expect(compiled).toContain('libs/contracts');
    expect(compiled).not.toContain('libs/web-kit');
  });
});

describe('pruneLibs', () => {
  let scratch: string | undefined;
  afterEach(() => {
    if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
  });

  it('deletes the libs an app does not need and copies the kept package.json files', () => {
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'app-workspaces-'));
    const write = (file: string, json: object) => {
      fs.mkdirSync(path.dirname(path.join(scratch!, file)), { recursive: true });
      fs.writeFileSync(path.join(scratch!, file), JSON.stringify(json));
    };
    write('libs/a/package.json', { name: '@paycadence/a', dependencies: { '@paycadence/b': '*' } });
    write('libs/b/package.json', { name: '@paycadence/b' });
    write('libs/c/package.json', { name: '@paycadence/c' });
    write('services/x/package.json', { name: '@paycadence/x', dependencies: { '@paycadence/a': '*', zod: '^4' } });

    const kept = pruneLibs(scratch, 'services/x', path.join(scratch, 'manifests'));

    expect(kept).toEqual(['libs/a', 'libs/b']);
    expect(fs.readdirSync(path.join(scratch, 'libs')).sort()).toEqual(['a', 'b']);
    for (const dir of ['services/x', 'libs/a', 'libs/b']) {
      expect(fs.existsSync(path.join(scratch, 'manifests', dir, 'package.json')), dir).toBe(true);
    }
  });

  it("keeps what several apps need (the shell and the remote it prerenders) and drops the kind's other apps", () => {
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'app-workspaces-'));
    const write = (file: string, content: object | string) => {
      fs.mkdirSync(path.dirname(path.join(scratch!, file)), { recursive: true });
      fs.writeFileSync(path.join(scratch!, file), typeof content === 'string' ? content : JSON.stringify(content));
    };
    write('libs/kit/package.json', { name: '@paycadence/kit' });
    write('libs/rules/package.json', { name: '@paycadence/rules' });
    write('libs/server/package.json', { name: '@paycadence/server' });
    write('frontends/host/package.json', { name: '@paycadence/host', dependencies: { '@paycadence/kit': '*' } });
    write('frontends/site/package.json', { name: '@paycadence/site', dependencies: { '@paycadence/rules': '*' } });
    write('frontends/admin/package.json', { name: '@paycadence/admin', dependencies: { '@paycadence/kit': '*' } });
    write('frontends/federation.shared.mjs', 'export const shared = {};');

    const kept = pruneLibs(scratch, ['frontends/host', 'frontends/site'], path.join(scratch, 'manifests'));

    expect(kept).toEqual(['libs/kit', 'libs/rules']);
    expect(fs.readdirSync(path.join(scratch, 'frontends')).sort()).toEqual(['federation.shared.mjs', 'host', 'site']);
    for (const dir of ['frontends/host', 'frontends/site', 'libs/kit', 'libs/rules']) {
      expect(fs.existsSync(path.join(scratch, 'manifests', dir, 'package.json')), dir).toBe(true);
    }
    expect(compiledLibs(repoRoot, ['frontends/shell', 'frontends/public-site'])).toEqual(
      compiledLibs(repoRoot, 'frontends/shell').concat(compiledLibs(repoRoot, 'frontends/public-site')).filter((dir: string, at: number, all: string[]) => all.indexOf(dir) === at).sort(),
    );
  });
});
