#!/usr/bin/env node
// `npm run build`: installs dependencies when stale, then `nx run-many -t build` (libraries and services with
// tsc -p from a clean dist, frontends with vite build; Nx's cache skips what has not changed). `--force` ignores the cache.
import { BootstrapExit, ensureDependencies } from '../lib/bootstrap.mjs';

try {
  await ensureDependencies();
  const { runTargets } = await import('../lib/nx.mjs');
  process.exit((await runTargets(['build'], { force: process.argv.includes('--force') })).ok ? 0 : 1);
} catch (error) {
  console.error(error instanceof BootstrapExit ? error.message : (error.stack ?? error.message));
  process.exit(error.exitCode ?? 1);
}
