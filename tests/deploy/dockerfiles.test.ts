// One multi-stage, non-root Dockerfile per kind of app (docker/service.Dockerfile, docker/frontend.Dockerfile),
// the app chosen by a build arg that docker-compose.yml passes. Checked statically: no Docker engine runs on
// these machines, so images are not built here.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { containerPort, imageBuild, repoRoot, workspaceApps } from '../contract/kong-config.loader.js';
import {
  contextSources,
  declaredArgs,
  declaredEnv,
  finalStage,
  instructions,
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
        // spec part 1 §2: client-side routes are answered with the shell's page, a public page with its
        // prerendered copy when the build made one (issue 13 item 9), / included
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

  it('serves the public pages prerendered: it builds public-site first and renders in Debian\'s Chromium (issue 13 item 9)', () => {
    expect(buildArgsOf('shell').PRERENDER_WITH).toBe('public-site');
    // the browser prerender.mjs looks for, installed only where something is prerendered
    expect(prerender).toContain("'/usr/bin/chromium'");
    expect(dockerfile).toMatch(/if \[ -n "\$\{PRERENDER_WITH\}" \]; then\s*\\\s*apt-get update && apt-get install -y --no-install-recommends chromium/);
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

describe('the build context', () => {
  it('leaves out dependencies, build output and local data', () => {
    const lines = fs.readFileSync(path.join(repoRoot, '.dockerignore'), 'utf8').split(/\r?\n/);
    // a copied *.tsbuildinfo without its dist/ would make `tsc -b` skip the emit
    for (const entry of ['**/node_modules', '**/dist', '**/*.tsbuildinfo', '.data', '.git']) {
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
