#!/usr/bin/env node
// `npm run build`: installs dependencies when stale, then `tsc -b` and `vite build` for stale frontends.
// `--force` rebuilds every frontend.
import { BootstrapExit, ensureDependencies } from '../lib/bootstrap.mjs';

try {
  await ensureDependencies();
  const { buildAll } = await import('../lib/build.mjs');
  process.exit((await buildAll({ force: process.argv.includes('--force') })).ok ? 0 : 1);
} catch (error) {
  console.error(error instanceof BootstrapExit ? error.message : (error.stack ?? error.message));
  process.exit(error.exitCode ?? 1);
}
