// One multi-stage image per service and per frontend, running as a non-root user (issue 2 §8).
// Checked statically: no Docker engine runs on these machines, so images are not built here.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { containerPort, repoRoot, workspaceApps } from '../contract/kong-config.loader.js';

type Instruction = { keyword: string; args: string };

/** Dockerfile instructions with line continuations joined and comments dropped. */
function instructions(dockerfile: string): Instruction[] {
  return dockerfile
    .replace(/\\\r?\n/g, ' ')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const [keyword, ...rest] = line.split(/\s+/);
      return { keyword: keyword.toUpperCase(), args: rest.join(' ') };
    });
}

/** The instructions of the last stage: what the running image is made of. */
function finalStage(all: Instruction[]): Instruction[] {
  const lastFrom = all.map((i) => i.keyword).lastIndexOf('FROM');
  return all.slice(lastFrom);
}

const rootUsers = new Set(['root', '0', '0:0', 'root:root']);

const apps = (['services', 'frontends'] as const).flatMap((kind) =>
  workspaceApps(kind).map((name) => ({ kind, name, dir: `${kind}/${name}` })),
);

describe('Dockerfiles', () => {
  it('exist for at least one app', () => {
    expect(apps.length).toBeGreaterThan(0);
  });

  it.each(apps.map((app) => [app.dir, app]))('%s has a multi-stage Dockerfile', (_dir, app) => {
    const file = path.join(repoRoot, app.dir, 'Dockerfile');
    expect(fs.existsSync(file), `${app.dir}/Dockerfile is missing`).toBe(true);
    const all = instructions(fs.readFileSync(file, 'utf8'));
    expect(all.filter((i) => i.keyword === 'FROM').length).toBeGreaterThanOrEqual(2);
    // the final stage takes its build output from an earlier stage
    expect(finalStage(all).some((i) => i.keyword === 'COPY' && /--from=/.test(i.args))).toBe(true);
  });

  it.each(apps.map((app) => [app.dir, app]))('%s runs as a non-root user in its final stage', (_dir, app) => {
    const final = finalStage(
      instructions(fs.readFileSync(path.join(repoRoot, app.dir, 'Dockerfile'), 'utf8')),
    );
    const users = final.filter((i) => i.keyword === 'USER').map((i) => i.args);
    expect(users.length, 'no USER in the final stage').toBeGreaterThan(0);
    expect(rootUsers.has(users.at(-1)!)).toBe(false);
  });

  it.each(apps.map((app) => [app.dir, app]))(
    '%s exposes its container port and checks its health',
    (_dir, app) => {
      const final = finalStage(
        instructions(fs.readFileSync(path.join(repoRoot, app.dir, 'Dockerfile'), 'utf8')),
      );
      const exposed = final.filter((i) => i.keyword === 'EXPOSE').flatMap((i) => i.args.split(/\s+/));
      expect(exposed).toContain(String(containerPort[app.kind]));
      const healthcheck = final.find((i) => i.keyword === 'HEALTHCHECK');
      expect(healthcheck, 'no HEALTHCHECK').toBeDefined();
      if (app.kind === 'services') expect(healthcheck!.args).toContain('/health');
    },
  );

  it.each(apps.filter((app) => app.kind === 'frontends').map((app) => [app.dir, app]))(
    '%s serves its Vite build from unprivileged nginx with its own nginx.conf on 8080',
    (_dir, app) => {
      const all = instructions(fs.readFileSync(path.join(repoRoot, app.dir, 'Dockerfile'), 'utf8'));
      expect(finalStage(all)[0].args).toMatch(/^nginxinc\/nginx-unprivileged[:@]/);
      expect(all.some((i) => i.keyword === 'COPY' && i.args.includes(`${app.dir}/nginx.conf`))).toBe(true);
      const conf = fs.readFileSync(path.join(repoRoot, app.dir, 'nginx.conf'), 'utf8');
      expect(conf).toMatch(/listen\s+8080;/);
      if (app.name === 'shell') {
        // spec part 1 §2: client-side routes are answered with the shell's page
        expect(conf).toMatch(/try_files\s+\$uri\s+\$uri\/\s+\/index\.html;/);
      } else {
        // the host loads remoteEntry.js, possibly from another origin
        expect(conf).toMatch(/location = \/remoteEntry\.js[^}]*Access-Control-Allow-Origin/s);
      }
    },
  );

  it('the build context leaves out dependencies, build output and local data', () => {
    const ignored = fs.readFileSync(path.join(repoRoot, '.dockerignore'), 'utf8').split(/\r?\n/);
    // a copied *.tsbuildinfo without its dist/ would make `tsc -b` skip the emit
    for (const entry of ['**/node_modules', '**/dist', '**/*.tsbuildinfo', '.data', '.git']) {
      expect(ignored).toContain(entry);
    }
  });
});
