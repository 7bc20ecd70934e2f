import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './paths.mjs';
import { isStale } from './staleness.mjs';
import { formatDuration, runCommand } from './processes.mjs';

export const BUILD_STAMP = '.build-stamp';
const SHARED_WEB_SOURCES = ['libs/web-kit/src', 'libs/contracts/src', 'libs/finance-rules/src'];
const VITE_CONFIG = /^vite\.config\.(m?[jt]s|cjs|cts|mts)$/;

/** Frontends that have a vite config, remotes first and the shell (the host) last. */
export function listFrontends(repoRoot = REPO_ROOT) {
  const dir = join(repoRoot, 'frontends');
  if (!existsSync(dir)) return [];
  const names = readdirSync(dir).filter((name) => {
    const folder = join(dir, name);
    return statSync(folder).isDirectory() && readdirSync(folder).some((file) => VITE_CONFIG.test(file));
  });
  return orderFrontends(names);
}

export function orderFrontends(names) {
  return [...names].sort((a, b) => (a === 'shell') - (b === 'shell') || a.localeCompare(b));
}

/** The inputs of one frontend's build: its own sources and config plus the shared web libraries. */
export function frontendSources(frontendDir, repoRoot = REPO_ROOT) {
  const own = readdirSync(frontendDir)
    .filter((file) => file === 'src' || file === 'public' || file === 'index.html' || file === 'package.json' || VITE_CONFIG.test(file) || /^tsconfig.*\.json$/.test(file))
    .map((file) => join(frontendDir, file));
  // Files directly in frontends/ (e.g. a shared federation map) feed every build.
  const frontendsRoot = join(repoRoot, 'frontends');
  const sharedFiles = readdirSync(frontendsRoot)
    .map((file) => join(frontendsRoot, file))
    .filter((file) => statSync(file).isFile());
  return [...own, ...sharedFiles, ...SHARED_WEB_SOURCES.map((path) => join(repoRoot, path))];
}

/**
 * Builds what is stale: `tsc -b` for libraries and services (incremental by itself), then `vite build`
 * for each frontend whose sources are newer than its dist stamp. Resolves to
 * `{ ok, servicesOk, failedFrontends }`.
 */
export async function buildAll({ log = console.log, force = false, quiet = false } = {}) {
  const tscStarted = Date.now();
  log('Build: tsc -b (libraries and services)');
  const tsc = await runCommand(process.execPath, [join(REPO_ROOT, 'node_modules/typescript/bin/tsc'), '-b'], { quiet });
  if (tsc.code !== 0) {
    if (quiet) log(tsc.output);
    log(`Build failed: tsc -b exited with ${tsc.code}`);
    return { ok: false, servicesOk: false, failedFrontends: [] };
  }
  log(`Build: tsc -b done in ${formatDuration(Date.now() - tscStarted)}`);
  // A broken frontend does not stop the others from building; the result still says the build failed.
  const failed = [];
  for (const name of listFrontends()) {
    const frontendDir = join(REPO_ROOT, 'frontends', name);
    const stamp = join(frontendDir, 'dist', BUILD_STAMP);
    if (!force && !isStale(frontendSources(frontendDir), stamp)) {
      log(`Build: frontends/${name} is up to date`);
      continue;
    }
    const started = Date.now();
    log(`Build: vite build frontends/${name}`);
    // Started directly (not through npx) so the process we wait for is vite itself.
    const vite = await runCommand(process.execPath, [join(REPO_ROOT, 'node_modules/vite/bin/vite.js'), 'build'], { cwd: frontendDir, quiet });
    if (vite.code !== 0) {
      if (quiet) log(vite.output);
      log(`Build failed: vite build in frontends/${name} exited with ${vite.code}`);
      failed.push(name);
      continue;
    }
    writeFileSync(stamp, `${new Date().toISOString()}\n`);
    log(`Build: frontends/${name} done in ${formatDuration(Date.now() - started)}`);
  }
  if (failed.length > 0) log(`Build failed for: ${failed.map((name) => `frontends/${name}`).join(', ')}`);
  return { ok: failed.length === 0, servicesOk: true, failedFrontends: failed };
}
