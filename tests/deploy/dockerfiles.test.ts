// One multi-stage, non-root Dockerfile per kind of app (docker/service.Dockerfile, docker/frontend.Dockerfile),
// the app chosen by a build arg that docker-compose.yml passes. Checked statically: no Docker engine runs on
// these machines, so images are not built here.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  containerPort,
  imageBuild,
  imageTargets,
  repoRoot,
  workspaceApps,
} from '../contract/kong-config.loader.js';
import {
  contextSources,
  declaredArgs,
  declaredEnv,
  finalStage,
  instructions,
  stageNamed,
  stages,
  substitute,
  variablesIn,
  type Instruction,
} from './dockerfile.parser.js';

type Kind = 'services' | 'frontends';

const dockerfileOf = { services: imageBuild.services.dockerfile, frontends: imageBuild.frontends.dockerfile };
const appArgOf = { services: imageBuild.services.appArg, frontends: imageBuild.frontends.appArg };
const kinds: Kind[] = ['services', 'frontends'];
const rootUsers = new Set(['root', '0', '0:0', 'root:root']);
// Instructions whose arguments Docker itself expands (RUN is expanded by the shell, which also sees its own
// variables); CMD and HEALTHCHECK run in the container, where only ENV is set.
const buildTimeExpanded = new Set(['ADD', 'COPY', 'ENV', 'EXPOSE', 'LABEL', 'USER', 'VOLUME', 'WORKDIR']);
const runTimeExpanded = new Set(['CMD', 'ENTRYPOINT', 'HEALTHCHECK']);

const read = (file: string) => instructions(fs.readFileSync(path.join(repoRoot, file), 'utf8'));

const apps = kinds.flatMap((kind) =>
  workspaceApps(kind).map((name) => ({ kind, name, dir: `${kind}/${name}` })),
);

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const compose: { services: Record<string, any> } = parse(
  fs.readFileSync(path.join(repoRoot, 'docker-compose.yml'), 'utf8'),
  { merge: true },
);
const buildArgsOf = (name: string): Record<string, string> => compose.services[name]?.build?.args ?? {};

/** The values every ARG takes when this app is built: its compose build args, else the Dockerfile default. */
function argValues(
  all: Instruction[],
  buildArgs: Record<string, string>,
): Record<string, string | undefined> {
  const values: Record<string, string | undefined> = {};
  for (const stage of stages(all)) {
    for (const [name, fallback] of declaredArgs(stage)) values[name] = buildArgs[name] ?? fallback;
  }
  return values;
}

const ignoredEntries = fs
  .readFileSync(path.join(repoRoot, '.dockerignore'), 'utf8')
  .split(/\r?\n/)
  .filter((line) => line !== '' && !line.startsWith('#'));
/** Whether .dockerignore keeps a context path out (plain entries only; the globs cover generated files). */
const ignored = (source: string) =>
  ignoredEntries.some(
    (entry) => !/[*?[]/.test(entry) && (source === entry || source.startsWith(`${entry}/`)),
  );

describe.each(kinds.map((kind) => [dockerfileOf[kind], kind] as const))('%s', (file, kind) => {
  const all = fs.existsSync(path.join(repoRoot, file)) ? read(file) : [];

  it('exists and is multi-stage, the final stage taking its build output from an earlier one', () => {
    expect(all.length, `${file} is missing`).toBeGreaterThan(0);
    expect(all.filter((i) => i.keyword === 'FROM').length).toBeGreaterThanOrEqual(2);
    expect(finalStage(all).some((i) => i.keyword === 'COPY' && /--from=/.test(i.args))).toBe(true);
  });

  it('runs as a non-root user in its final stage', () => {
    const users = finalStage(all)
      .filter((i) => i.keyword === 'USER')
      .map((i) => i.args);
    expect(users.length, 'no USER in the final stage').toBeGreaterThan(0);
    expect(rootUsers.has(users.at(-1)!)).toBe(false);
  });

  it('exposes its container port and checks its health', () => {
    const final = finalStage(all);
    const exposed = final.filter((i) => i.keyword === 'EXPOSE').flatMap((i) => i.args.split(/\s+/));
    expect(exposed).toContain(String(containerPort[kind]));
    const healthcheck = final.find((i) => i.keyword === 'HEALTHCHECK');
    expect(healthcheck, 'no HEALTHCHECK').toBeDefined();
    if (kind === 'services') expect(healthcheck!.args).toContain('/health');
  });

  it(`declares ${appArgOf[kind]} in every stage that uses it, and fails early without it`, () => {
    // an ARG does not cross FROM, and at run time only ENV exists: a missing declaration expands to ''
    for (const stage of stages(all)) {
      const args = declaredArgs(stage);
      const env = declaredEnv(stage);
      for (const instruction of stage.slice(1)) {
        for (const name of variablesIn(instruction.args)) {
          const label = `${stage[0].args}: ${instruction.keyword} uses ${name}`;
          if (buildTimeExpanded.has(instruction.keyword))
            expect(args.has(name) || env.has(name), label).toBe(true);
          if (runTimeExpanded.has(instruction.keyword)) expect(env.has(name), label).toBe(true);
        }
      }
    }
    const first = stages(all)[0];
    expect(declaredArgs(first).has(appArgOf[kind])).toBe(true);
    expect(first.some((i) => i.keyword === 'RUN' && i.args.includes(`test -n "\${${appArgOf[kind]}}"`))).toBe(
      true,
    );
  });

  if (kind === 'services') {
    it('starts node as PID 1 on the chosen service, so SIGTERM reaches it', () => {
      const cmd = finalStage(all).find((i) => i.keyword === 'CMD');
      expect(cmd?.args).toContain('exec node services/${SERVICE}/dist/main.js');
    });
  } else {
    it('serves the Vite build from unprivileged nginx with a config from docker/nginx/', () => {
      const final = finalStage(all);
      expect(final[0].args).toMatch(/^nginxinc\/nginx-unprivileged[:@]/);
      expect(final.some((i) => i.keyword === 'COPY' && i.args.startsWith('docker/nginx/${NGINX_CONF}'))).toBe(
        true,
      );
    });
  }
});

describe.each(apps.map((app) => [app.dir, app] as const))('the image of %s', (_dir, app) => {
  const dockerfile = dockerfileOf[app.kind];
  const all = read(dockerfile);
  const values = argValues(all, buildArgsOf(app.name));

  it(`is built by docker-compose.yml from ${dockerfile} with ${appArgOf[app.kind]}=${app.name}`, () => {
    const build = compose.services[app.name]?.build;
    expect(build, `no compose service ${app.name} with a build`).toBeDefined();
    expect(build.context).toBe('.');
    expect(build.dockerfile).toBe(dockerfile);
    expect(build.args?.[appArgOf[app.kind]]).toBe(app.name);
  });

  it('finds every file it copies from the build context', () => {
    for (const instruction of all) {
      for (const source of contextSources(instruction)) {
        const resolved = substitute(source, values);
        expect(variablesIn(resolved), `${source}: an ARG without a value`).toEqual([]);
        expect(fs.existsSync(path.join(repoRoot, resolved)), `${resolved} is missing`).toBe(true);
        expect(ignored(resolved), `${resolved} is left out by .dockerignore`).toBe(false);
      }
    }
  });

  if (app.kind === 'frontends') {
    it('gets the nginx config of its role, listening on 8080', () => {
      const conf = fs.readFileSync(path.join(repoRoot, 'docker/nginx', values.NGINX_CONF ?? ''), 'utf8');
      expect(conf).toMatch(/listen\s+8080;/);
      if (app.name === 'shell') {
        // docs/product/accounts.md §2: client-side routes are answered with the shell's page, a public page with its
        // prerendered copy when the build made one, / included
        expect(conf).toMatch(/try_files\s+\$uri\s+\/prerendered\$uri\.html\s+\$uri\/\s+\/index\.html;/);
        expect(conf).toMatch(/location = \/ \{[^}]*try_files\s+\/prerendered\/index\.html\s+\/index\.html;/s);
        // every blog post's page: the posts' shared copy (the dev gateway's rule, gateway/dev/src/static-files.mjs)
        expect(conf).toMatch(/location ~ \^\/blog\/\[a-z0-9-\]\+\$ \{[^}]*try_files\s+\/prerendered\/blog-post\.html\s+\/index\.html;/s);
        expect(conf).toMatch(/location = \/remotes-manifest\.json/);
      } else {
        // the host loads remoteEntry.js, possibly from another origin
        expect(conf).toMatch(/location = \/remoteEntry\.js[^}]*Access-Control-Allow-Origin/s);
      }
    });
  }
});

describe("the shell's image", () => {
  const dockerfile = fs.readFileSync(path.join(repoRoot, dockerfileOf.frontends), 'utf8');
  const prerender = fs.readFileSync(path.join(repoRoot, 'frontends/shell/scripts/prerender.mjs'), 'utf8');

  it('serves the public pages prerendered: it builds public-site first and renders them with React on Node, no browser', () => {
    expect(buildArgsOf('shell').PRERENDER_WITH).toBe('public-site');
    // react-dom/static in the build itself: nothing installs a browser or looks for one
    expect(prerender).toContain('render-page.tsx');
    expect(prerender).not.toMatch(/chromium|playwright/i);
    expect(dockerfile).not.toMatch(/chromium/i);
    const remoteBuild = dockerfile.indexOf('npm run build --workspace frontends/${PRERENDER_WITH}');
    const appBuild = dockerfile.indexOf('npm run build --workspace frontends/${APP}');
    expect(remoteBuild).toBeGreaterThan(0);
    expect(appBuild).toBeGreaterThan(remoteBuild);
    // a build that rendered nothing (no browser, no remote) fails instead of shipping unrendered pages
    expect(dockerfile).toContain('[ ! -f frontends/${APP}/dist/prerendered/index.html ]');
  });

  it('leaves the remotes unrendered and without a browser', () => {
    for (const app of apps.filter((candidate) => candidate.kind === 'frontends' && candidate.name !== 'shell')) {
      expect(buildArgsOf(app.name).PRERENDER_WITH, app.name).toBeUndefined();
    }
  });
});

describe("public-site's page server: the frontend image's Node stage (docker build --target pages)", () => {
  const target = imageTargets['public-site-pages'];
  const all = read(dockerfileOf[target.kind]);
  const stage = stageNamed(all, target.target);
  // the ARGs as docker-compose.yml builds this image (compose.test.ts: the same as its app's image)
  const values = argValues(all, buildArgsOf('public-site-pages'));
  const code = (file: string) => fs.readFileSync(path.join(repoRoot, target.code, file), 'utf8');
  const viteConfig = code('vite.server.config.ts');
  const workdir = stage.filter((i) => i.keyword === 'WORKDIR').at(-1)?.args ?? '/';
  /** The stage's copies: source as written and with ARGs as the app's compose build sets them, path in the image. */
  const copies = stage
    .filter((i) => i.keyword === 'COPY')
    .map((i) => {
      const tokens = i.args.split(/\s+/);
      return {
        from: /--from=(\S+)/.exec(i.args)?.[1],
        written: tokens.at(-2)!,
        source: substitute(tokens.at(-2)!, values),
        dest: path.posix.resolve(workdir, tokens.at(-1)!),
      };
    });
  const env: Record<string, string> = Object.fromEntries(
    stage
      .filter((i) => i.keyword === 'ENV')
      .flatMap((i) => [...i.args.matchAll(/(?:^|\s)(\w+)=(\S+)/g)].map((m) => [m[1], m[2]])),
  );
  const outDir = /outDir:\s*'([^']+)'/.exec(viteConfig)?.[1];
  const entry = /entryFileNames:\s*'([^']+)'/.exec(viteConfig)?.[1];
  const bundle = copies.find((c) => c.source === `/app/${target.code}/${outDir}/${entry}`);

  it('is a Node stage before the nginx one, so a build without --target still makes the nginx image', () => {
    expect(stage.length, `no stage ${target.target}`).toBeGreaterThan(0);
    expect(stage[0].args).toMatch(/^node:20[-\w.]*\s/);
    const names = stages(all).map((s) => /\sAS\s+(\S+)$/i.exec(s[0].args)?.[1]);
    expect(names.indexOf(target.target)).toBeLessThan(names.length - 1);
    expect(finalStage(all)[0].args).toMatch(/^nginxinc\/nginx-unprivileged[:@]/);
  });

  it("is built from the page server's app alone: its own args, no prerendering, no other app", () => {
    // the app whose build makes the bundle, and nothing of the shell's build (no second app, no browser)
    expect(values[appArgOf[target.kind]]).toBe(path.posix.basename(target.code));
    expect(values.PRERENDER_WITH ?? '').toBe('');
    expect(stage.some((i) => variablesIn(i.args).includes('PRERENDER_WITH'))).toBe(false);
  });

  it("stops with a clear message, before copying, when the app's build made no page server bundle", () => {
    const copyAt = stage.findIndex((i) => i.keyword === 'COPY');
    const checkAt = stage.findIndex((i) => i.keyword === 'RUN' && i.args.includes('test -f'));
    expect(checkAt, 'no RUN test -f of the bundle').toBeGreaterThan(0);
    expect(checkAt).toBeLessThan(copyAt);
    const check = stage[checkAt].args;
    // it sees the builder's files through a bind mount (a RUN here runs on the Node image, not the builder)
    const mount = /--mount=type=bind,from=(\S+?),source=(\S+?),target=(\S+)/.exec(check);
    expect(mount, 'no --mount=type=bind,from=…,source=…,target=…').not.toBeNull();
    const [, from, source, mountTarget] = mount!;
    // the file it tests is the one the COPY below takes, seen through the mount
    const tested = /test -f "?([^"\s]+)"?/.exec(check)![1];
    expect(path.posix.relative(mountTarget, tested)).not.toMatch(/^\.\./);
    expect(from).toBe(bundle?.from);
    expect(path.posix.join(source, path.posix.relative(mountTarget, tested))).toBe(bundle?.written);
    // and says what to build instead of Docker's "not found"
    const failure = /\|\|\s*\{[^}]*echo "([^"]*)" >&2;\s*exit 1;\s*\}/.exec(check);
    expect(failure, 'no || { echo "…" >&2; exit 1; }').not.toBeNull();
    expect(failure![1]).toContain(`--build-arg ${appArgOf[target.kind]}=${path.posix.basename(target.code)}`);
  });

  it('copies the one-module bundle that vite.server.config.ts writes, and installs nothing', () => {
    // public-site's build (which the builder stage runs) makes it, with every import bundled in
    expect(JSON.parse(code('package.json')).scripts.build).toContain('vite build -c vite.server.config.ts');
    expect(viteConfig).toMatch(/noExternal:\s*true/);
    expect(viteConfig).toMatch(/format:\s*'es'/);
    expect(bundle, `no COPY of /app/${target.code}/${outDir}/${entry}`).toBeDefined();
    expect(bundle!.from).toBe('builder');
    // taken from the build of the app the image is built for (APP), not from a fixed folder
    expect(bundle!.written).toBe(`/app/${target.kind}/\${${appArgOf[target.kind]}}/${outDir}/${entry}`);
    // an ES module with no package.json "type": "module" beside it: Node must see .mjs
    expect(bundle!.dest).toMatch(/\.mjs$/);
    expect(stage.some((i) => i.keyword === 'RUN' && /\bnpm\b/.test(i.args))).toBe(false);
  });

  it("carries the bundle alone: the shell's copies are asked of the shell at run time (SHELL_URL)", () => {
    expect(copies.map((c) => c.source)).toEqual([bundle?.source]);
    expect(stage.filter((i) => ['ADD', 'VOLUME'].includes(i.keyword))).toEqual([]);
    // the server asks the shell for them (page-server.ts) at the address it is given (main.ts)
    expect(code('server/main.ts')).toContain('process.env.SHELL_URL');
    expect(code('server/page-server.ts')).toMatch(/'\/prerendered\/blog\.html'/);
    expect(code('server/page-server.ts')).toMatch(/'\/prerendered\/blog-post\.html'/);
  });

  it('runs the bundle with node as PID 1, as a numeric non-root user, on its port, with a health check', () => {
    const cmd = stage.filter((i) => i.keyword === 'CMD').at(-1);
    expect(JSON.parse(cmd!.args)).toEqual(['node', bundle!.dest]);
    const user = stage.filter((i) => i.keyword === 'USER').at(-1)?.args;
    expect(user, 'no USER').toBeDefined();
    expect(rootUsers.has(user!)).toBe(false);
    // numeric, so Kubernetes' runAsNonRoot can verify it
    expect(user).toMatch(/^[1-9]\d*(:\d+)?$/);
    expect(env.NODE_ENV).toBe('production');
    expect(env.PORT).toBe(String(target.port));
    const exposed = stage.filter((i) => i.keyword === 'EXPOSE').flatMap((i) => i.args.split(/\s+/));
    expect(exposed).toContain(String(target.port));
    expect(stage.find((i) => i.keyword === 'HEALTHCHECK')?.args).toContain('/health');
  });
});

describe('compose build targets', () => {
  it('name a stage of their Dockerfile', () => {
    const targeted = Object.entries(compose.services).filter(([, service]) => service.build?.target);
    expect(targeted.length).toBeGreaterThan(0);
    for (const [name, service] of targeted) {
      const stage = stageNamed(read(service.build.dockerfile), service.build.target);
      expect(stage.length, `${name}: no stage ${service.build.target}`).toBeGreaterThan(0);
    }
  });
});

describe('the build context', () => {
  it('leaves out dependencies, build output and local data', () => {
    const lines = fs.readFileSync(path.join(repoRoot, '.dockerignore'), 'utf8').split(/\r?\n/);
    // a copied *.tsbuildinfo without its dist/ would make `tsc -b` skip the emit
    const buildOutput = ['**/dist', '**/dist-server', '**/*.tsbuildinfo'];
    for (const entry of ['**/node_modules', ...buildOutput, '.data', '.git']) {
      expect(lines).toContain(entry);
    }
  });

  it('leaves no per-app Dockerfile or nginx.conf behind (one Dockerfile per kind)', () => {
    for (const app of apps) {
      expect(fs.existsSync(path.join(repoRoot, app.dir, 'Dockerfile')), `${app.dir}/Dockerfile`).toBe(false);
      expect(fs.existsSync(path.join(repoRoot, app.dir, 'nginx.conf')), `${app.dir}/nginx.conf`).toBe(false);
    }
  });
});
