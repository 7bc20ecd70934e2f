// Both generators, for real, in a temporary copy of the workspace: `nx g @paycadence/tools:service` and
// `nx g @paycadence/tools:remote`, then the contract and deploy suites (tests/vitest.config.ts) in that copy, the
// new service's compile and tests (unit, and integration against the machine's PostgreSQL and Redis), lint,
// and the new remote's type-check and spec. Run: npx vitest run --config tools/generators/vitest.config.mjs
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyWorkspace, run } from './workspace-copy.mjs';

const SERVICE = 'demo-ledger';
const REMOTE = 'demo-portal';
const node = process.execPath;
const bin = {
  nx: 'node_modules/nx/dist/bin/nx.js',
  vitest: 'node_modules/vitest/vitest.mjs',
  tsc: 'node_modules/typescript/bin/tsc',
  jest: 'node_modules/jest/bin/jest.js',
  eslint: 'node_modules/eslint/bin/eslint.js',
};

let copy;
const generated = {};
const read = (file) => fs.readFileSync(path.join(copy, file), 'utf8');
const nx = (...args) => run(node, [bin.nx, 'g', ...args, '--no-interactive'], { cwd: copy });

beforeAll(async () => {
  copy = copyWorkspace();
  generated.service = await nx(`@paycadence/tools:service`, SERVICE);
  generated.remote = await nx(`@paycadence/tools:remote`, REMOTE);
}, 180_000);

afterAll(() => {
  if (copy) fs.rmSync(copy, { recursive: true, force: true });
});

describe(`nx g @paycadence/tools:service ${SERVICE}`, () => {
  it('creates the service and says where it registered it', () => {
    expect(generated.service.code, generated.service.output).toBe(0);
    for (const file of [
      'src/main.ts',
      'src/service-definition.ts',
      `src/${SERVICE}.controller.ts`,
      'project.json',
    ]) {
      expect(fs.existsSync(path.join(copy, 'services', SERVICE, file)), file).toBe(true);
    }
    for (const place of [
      'gateway/kong.yml',
      'docker-compose.yml',
      'k8s/base/kustomization.yaml',
      'tools/lib/service-ports.mjs',
      'libs/contracts/src/routes.ts',
      'tsconfig.json',
    ]) {
      expect(generated.service.output).toContain(place);
    }
  });

  it('gives the service a route, a port and a project reference', () => {
    expect(read('gateway/kong.yml')).toContain(`paths: [/api/${SERVICE}]`);
    expect(read('tools/lib/service-ports.mjs')).toMatch(new RegExp(`'${SERVICE}': \\d+`));
    expect(read('libs/contracts/src/routes.ts')).toContain(
      `'${SERVICE}': ['GET /api/${SERVICE}/items/{id}']`,
    );
    expect(JSON.parse(read('tsconfig.json')).references).toContainEqual({ path: `services/${SERVICE}` });
  });

  it('refuses to run again, changing nothing', async () => {
    const before = read('gateway/kong.yml');
    const again = await nx('@paycadence/tools:service', SERVICE);
    expect(again.code).not.toBe(0);
    expect(again.output).toMatch(/already exists/);
    expect(read('gateway/kong.yml')).toBe(before);
  }, 60_000);

  it('refuses a name that is not kebab-case', async () => {
    const bad = await nx('@paycadence/tools:service', 'Demo_Ledger');
    expect(bad.code).not.toBe(0);
    expect(bad.output).toMatch(/kebab-case/);
    expect(fs.existsSync(path.join(copy, 'services/Demo_Ledger'))).toBe(false);
  }, 60_000);
});

describe(`nx g @paycadence/tools:remote ${REMOTE}`, () => {
  it('creates the remote and registers it with the gateway, compose, Kubernetes and the shell', () => {
    expect(generated.remote.code, generated.remote.output).toBe(0);
    expect(read(`frontends/${REMOTE}/vite.config.ts`)).toContain(`remoteBase('${REMOTE}')`);
    expect(read(`frontends/${REMOTE}/src/main.tsx`)).toContain("import('./bootstrap')");
    expect(JSON.parse(read('frontends/shell/public/remotes-manifest.json'))[REMOTE]).toBe(
      `/remotes/${REMOTE}/remoteEntry.js`,
    );
    // The RemoteRef name type the route table uses (its own file, so routes.tsx and remotes/ need not import each other).
    expect(read('frontends/shell/src/remotes/remote-ref.ts')).toContain(`| '${REMOTE}'`);
    // no route points at it until someone adds one
    expect(read('frontends/shell/src/routes.tsx')).not.toContain(`name: '${REMOTE}', module`);
    expect(generated.remote.output).toMatch(/no routes until you add one/);
  });
});

describe('the generated workspace', () => {
  it('passes the contract and deploy suites', async () => {
    const suites = await run(
      node,
      [bin.vitest, 'run', '--config', 'tests/vitest.config.ts', '--reporter=verbose'],
      {
        cwd: copy,
      },
    );
    expect(suites.code, suites.output.slice(-4000)).toBe(0);
    // the suites did look at the new apps
    expect(suites.output).toContain(`GET /api/${SERVICE}/items/{id} reaches ${SERVICE}`);
    expect(suites.output).toContain(`the image of frontends/${REMOTE}`);
    expect(suites.output).toContain(`Kong upstream ${SERVICE} has a Service on its port`);
  }, 120_000);

  it('compiles the new service with its libs (tsc -b)', async () => {
    const build = await run(node, [bin.tsc, '-b', `services/${SERVICE}`], { cwd: copy });
    expect(build.code, build.output).toBe(0);
    expect(fs.existsSync(path.join(copy, 'services', SERVICE, 'dist/main.js'))).toBe(true);
  }, 180_000);

  it("passes the new service's unit and integration tests", async () => {
    const unit = await run(node, [bin.jest, '-c', `services/${SERVICE}/jest.config.cjs`], { cwd: copy });
    expect(unit.code, unit.output).toBe(0);
    const integration = await run(node, [bin.jest, '-c', `services/${SERVICE}/jest.int.config.cjs`], {
      cwd: copy,
    });
    expect(integration.code, integration.output).toBe(0);
  }, 180_000);

  it('passes the workspace lint rules (module boundaries included) on the generated and edited sources', async () => {
    const sources = [
      `services/${SERVICE}`,
      `frontends/${REMOTE}`,
      `libs/contracts/src/${SERVICE}.ts`,
      'libs/contracts/src/routes.ts',
      'frontends/shell/src/routes.tsx',
      'frontends/shell/src/remotes/remote-ref.ts',
    ];
    const lint = await run(node, [bin.eslint, ...sources], { cwd: copy });
    expect(lint.code, lint.output).toBe(0);
  }, 120_000);

  it('type-checks the new remote and passes its spec', async () => {
    const typecheck = await run(node, [bin.tsc, '--noEmit', '-p', `frontends/${REMOTE}`], { cwd: copy });
    expect(typecheck.code, typecheck.output).toBe(0);
    const spec = await run(node, [bin.vitest, 'run', '--root', `frontends/${REMOTE}`], { cwd: copy });
    expect(spec.code, spec.output).toBe(0);
  }, 120_000);
});
