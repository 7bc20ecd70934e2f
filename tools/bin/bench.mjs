#!/usr/bin/env node
// `npm run bench`: runs every tests/load/*.bench.mjs in name order, each in its own process, then regenerates
// docs/performance.md from tests/load/results/*.json. `npm run bench -- auth blog` runs only those benches
// (the page still shows every bench, the others with their recorded figures).
// A bench that ends without writing its results (a crash, a missing browser) gets its failure and the last
// lines of its output recorded in its results file, so the page says why instead of silently showing old
// figures. A bench that wrote its results and then exited non-zero only missed a target: its figures stand.
import { spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { writePerformanceDoc } from '../bench/performance-doc.mjs';
import { LOAD_DIR, RESULTS_DIR, benchNames, outputTail, recordBenchFailure } from '../bench/results.mjs';
import { REPO_ROOT } from '../lib/paths.mjs';

/** Runs one bench with its output shown as it comes; resolves to its exit code and its last output lines. */
function runBench(file) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(LOAD_DIR, file)], {
      cwd: REPO_ROOT,
      stdio: ['inherit', 'pipe', 'pipe'],
    });
    const lines = [];
    let pending = '';
    const keep = (chunk) => {
      pending += chunk;
      const complete = pending.split('\n');
      pending = complete.pop();
      lines.push(...complete);
      lines.splice(0, Math.max(0, lines.length - 200));
    };
    child.stdout.on('data', (chunk) => (process.stdout.write(chunk), keep(chunk.toString())));
    child.stderr.on('data', (chunk) => (process.stderr.write(chunk), keep(chunk.toString())));
    child.on('error', (error) => resolve({ code: 127, lines: [...lines, error.message] }));
    child.on('close', (code, signal) =>
      resolve({ code: code ?? (signal ? 128 : 1), lines: [...lines, pending] }),
    );
  });
}

const all = benchNames();
const asked = process.argv.slice(2).map((name) => name.replace(/\.bench\.mjs$/, ''));
const unknown = asked.filter((name) => !all.includes(name));
if (unknown.length > 0) {
  console.error(`No such bench: ${unknown.join(', ')} (tests/load has ${all.join(', ')})`);
  process.exit(2);
}
const selected = asked.length > 0 ? all.filter((name) => asked.includes(name)) : all;

let failures = 0;
for (const bench of selected) {
  console.log(`\n━━━ ${bench}.bench.mjs ━━━`);
  const startedAt = Date.now();
  const { code, lines } = await runBench(`${bench}.bench.mjs`);
  if (code === 0) continue;
  failures += 1;
  const resultsFile = join(RESULTS_DIR, `${bench}.json`);
  const wroteResults = existsSync(resultsFile) && statSync(resultsFile).mtimeMs >= startedAt;
  if (!wroteResults) {
    recordBenchFailure(bench, { exitCode: code, output: outputTail(lines) });
    console.log(
      `${bench} ended with code ${code} before writing its results; its failure is kept in ${resultsFile}`,
    );
  }
}

const doc = writePerformanceDoc();
console.log(`\n${doc} regenerated from ${RESULTS_DIR}`);
process.exit(failures > 0 ? 1 : 0);
