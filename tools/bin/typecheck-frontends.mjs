#!/usr/bin/env node
// `npm run typecheck` (after `tsc -b`): `tsc --noEmit -p` for every frontend with a tsconfig.json and every
// tsconfig.spec.json in libs/, services/ and frontends/.
import { existsSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { REPO_ROOT } from '../lib/paths.mjs';
import { runCommand } from '../lib/processes.mjs';

const projects = [];
for (const group of ['libs', 'services', 'frontends']) {
  const dir = join(REPO_ROOT, group);
  if (!existsSync(dir)) continue;
  for (const name of readdirSync(dir).sort()) {
    if (group === 'frontends' && existsSync(join(dir, name, 'tsconfig.json'))) projects.push(join(dir, name, 'tsconfig.json'));
    if (existsSync(join(dir, name, 'tsconfig.spec.json'))) projects.push(join(dir, name, 'tsconfig.spec.json'));
  }
}
let failed = 0;
for (const project of projects) {
  console.log(`tsc --noEmit -p ${relative(REPO_ROOT, project)}`);
  const { code } = await runCommand(join(REPO_ROOT, 'node_modules/.bin/tsc'), ['--noEmit', '-p', project]);
  if (code !== 0) failed += 1;
}
process.exit(failed > 0 ? 1 : 0);
