// The registration steps on the real workspace files, in an in-memory Nx tree (nothing is written to disk):
// each adds only its own lines, keeps the rest byte for byte, and refuses what already exists.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FsTree } from 'nx/src/generators/tree.js';
import { describe, expect, it } from 'vitest';
import { appNames, assertNewAppName } from './app-name.mjs';
import { registerServiceInCompose } from './compose.registration.mjs';
import { registerRemoteInKong, registerServiceInKong } from './kong.registration.mjs';
import { choosePort, registerServicePort } from './service-ports.registration.mjs';
import { registerTsconfigReference } from './tsconfig-references.registration.mjs';
import { addUnionMember, appendObjectProperty } from './typescript-source.mjs';
import { insertAfter, parseYaml, seqItems } from './yaml-text.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const workspaceTree = () => new FsTree(repoRoot, false);

/** The lines of `after` that are not in `before`, when `before` is kept whole and in order (else null). */
function addedLines(before, after) {
  const kept = before.split('\n');
  const added = [];
  let next = 0;
  for (const line of after.split('\n')) {
    if (next < kept.length && line === kept[next]) next += 1;
    else added.push(line);
  }
  return next === kept.length ? added : null;
}

describe('app names', () => {
  it.each([['Bank_Sync'], ['bank--sync'], ['1bank'], ['kong'], ['waitlist'], ['shell']])(
    'refuses %s',
    (name) => {
      expect(() => assertNewAppName(workspaceTree(), name)).toThrow();
    },
  );

  it('spells a kebab-case name every way the templates need', () => {
    expect(appNames('bank-sync')).toEqual({
      name: 'bank-sync',
      pascal: 'BankSync',
      camel: 'bankSync',
      snake: 'bank_sync',
      title: 'Bank sync',
      constant: 'BANK_SYNC',
    });
  });
});

describe('gateway/kong.yml', () => {
  it('adds an API service after the last one, with its plugins, and keeps every other byte', () => {
    const tree = workspaceTree();
    const before = tree.read('gateway/kong.yml', 'utf-8');
    registerServiceInKong(tree, 'reports');
    const after = tree.read('gateway/kong.yml', 'utf-8');
    const added = addedLines(before, after);
    expect(added).toContain('  - name: reports');
    expect(added).toContain('        paths: [/api/reports]');
    expect(added).toContain('      - name: rate-limiting');
    expect(tree.read('k8s/base/kong.yml', 'utf-8')).toBe(after);
  });

  it('adds a remote at /remotes/<name>/ with the prefix stripped', () => {
    const tree = workspaceTree();
    registerRemoteInKong(tree, 'reports');
    const services = parseYaml(tree.read('gateway/kong.yml', 'utf-8'), 'kong.yml').toJS().services;
    const remote = services.find((service) => service.name === 'reports');
    expect(remote).toEqual({
      name: 'reports',
      url: 'http://reports:8080',
      routes: [
        { name: 'reports-remote', paths: ['/remotes/reports/'], strip_path: true },
      ],
    });
    // the shell's catch-all stays last
    expect(services.at(-1).name).toBe('shell');
  });
});

describe('docker-compose.yml', () => {
  it('adds the service on the shared anchors and makes Kong wait for it', () => {
    const tree = workspaceTree();
    const before = tree.read('docker-compose.yml', 'utf-8');
    registerServiceInCompose(tree, 'reports', 'reports');
    const after = tree.read('docker-compose.yml', 'utf-8');
    expect(addedLines(before, after)).not.toBeNull();
    const compose = parseYaml(after, 'compose').toJS({ maxAliasCount: -1 });
    expect(compose.services['reports'].build).toEqual({
      context: '.',
      dockerfile: 'docker/service.Dockerfile',
      args: { SERVICE: 'reports' },
    });
    // its own Redis user and PostgreSQL role, the passwords required from .env
    expect(compose.services['reports'].environment.REDIS_URL).toBe(
      'redis://reports:${REDIS_PASSWORD_REPORTS:?set REDIS_PASSWORD_REPORTS}@redis:6379',
    );
    expect(compose.services['reports'].environment.DATABASE_URL).toBe(
      'postgres://reports_service:${DB_PASSWORD_REPORTS:?set DB_PASSWORD_REPORTS}@postgres:5432/${POSTGRES_DB:-paycadence}',
    );
    expect(compose.services.kong.depends_on['reports']).toEqual({ condition: 'service_healthy' });
  });
});

describe('service ports', () => {
  const text = [
    'export const FIXED_SERVICE_PORTS = Object.freeze({ waitlist: 3101, auth: 3102, finance: 3103 });',
    'export const FIRST_EXTRA_PORT = 3104;',
  ].join('\n');

  it('picks the next free fixed port, or checks the one asked for', () => {
    expect(choosePort(text)).toBe(3104);
    expect(choosePort(text, 4100)).toBe(4100);
    expect(() => choosePort(text, 3102)).toThrow(/already fixed for auth/);
    expect(() => choosePort(text, 80)).toThrow(/1024/);
  });

  it('quotes a kebab-case key and moves FIRST_EXTRA_PORT past the new port', () => {
    const tree = workspaceTree();
    tree.write('tools/lib/service-ports.mjs', text);
    registerServicePort(tree, 'bank-sync');
    expect(tree.read('tools/lib/service-ports.mjs', 'utf-8')).toBe(
      [
        "export const FIXED_SERVICE_PORTS = Object.freeze({ waitlist: 3101, auth: 3102, finance: 3103, 'bank-sync': 3104 });",
        'export const FIRST_EXTRA_PORT = 3105;',
      ].join('\n'),
    );
  });
});

describe('TypeScript sources', () => {
  it('appends a property after the last one, with or without a trailing comma', () => {
    const withComma = "export const ROUTES = {\n  a: ['x'],\n} as const;\n";
    const withoutComma = "export const ROUTES = {\n  a: ['x']\n} as const;\n";
    const expected = "export const ROUTES = {\n  a: ['x'],\n  'b-c': ['y'],\n} as const;\n";
    expect(appendObjectProperty('r.ts', withComma, 'ROUTES', 'b-c', "['y']")).toBe(expected);
    expect(appendObjectProperty('r.ts', withoutComma, 'ROUTES', 'b-c', "['y']")).toBe(expected);
    expect(() => appendObjectProperty('r.ts', withComma, 'ROUTES', 'a', '[]')).toThrow(/already has "a"/);
  });

  it('adds a member to a string-literal union, once', () => {
    const source = "export interface RemoteRef {\n  name: 'a' | 'b';\n}\n";
    const updated = addUnionMember('r.tsx', source, 'RemoteRef', 'name', 'c');
    expect(updated).toBe("export interface RemoteRef {\n  name: 'a' | 'b' | 'c';\n}\n");
    expect(() => addUnionMember('r.tsx', updated, 'RemoteRef', 'name', 'c')).toThrow(/already includes/);
  });
});

describe('tsconfig references and YAML insertion', () => {
  it('adds a reference on its own line and refuses a second one', () => {
    const tree = workspaceTree();
    registerTsconfigReference(tree, 'services/reports');
    expect(tree.read('tsconfig.json', 'utf-8')).toContain('\n    { "path": "services/reports" }\n');
    expect(() => registerTsconfigReference(tree, 'services/reports')).toThrow(/already references/);
  });

  it('inserts after a sequence item at its indentation, even at the end of a file without a newline', () => {
    const text = 'resources:\n  - a.yaml\n  - b.yaml';
    const items = seqItems(parseYaml(text, 'k.yaml'), ['resources']);
    expect(insertAfter(text, items.at(-1), ['- c.yaml'])).toBe(
      'resources:\n  - a.yaml\n  - b.yaml\n  - c.yaml\n',
    );
    expect(insertAfter(text, items[0], ['- c.yaml'])).toBe('resources:\n  - a.yaml\n  - c.yaml\n  - b.yaml');
  });
});
