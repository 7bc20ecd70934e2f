#!/usr/bin/env node
// `npm run bench`: runs every tests/load/*.bench.mjs in name order, each in its own process.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '../lib/paths.mjs';
import { runCommand } from '../lib/processes.mjs';

const loadDir = join(REPO_ROOT, 'tests/load');
const benches = readdirSync(loadDir).filter((file) => file.endsWith('.bench.mjs')).sort();
let failures = 0;
for (const bench of benches) {
  console.log(`\n━━━ ${bench} ━━━`);
  const { code } = await runCommand(process.execPath, [join(loadDir, bench)]);
  if (code !== 0) failures += 1;
}
process.exit(failures > 0 ? 1 : 0);
