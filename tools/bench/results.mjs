// The benchmarks' result files, tests/load/results/<bench>.json: one per tests/load/<bench>.bench.mjs,
// rewritten by each run, committed with docs/performance.md (tools/bench/performance-doc.mjs builds it from
// them). Every file carries the context of its run: a figure means little without the machine and the code
// it came from.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { arch, availableParallelism, cpus, loadavg, release, totalmem, type } from 'node:os';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { REPO_ROOT } from '../lib/paths.mjs';

export const LOAD_DIR = join(REPO_ROOT, 'tests/load');
export const RESULTS_DIR = join(LOAD_DIR, 'results');

/** The bench names of tests/load/*.bench.mjs, in the order `npm run bench` runs them. */
export function benchNames(loadDir = LOAD_DIR) {
  return readdirSync(loadDir)
    .filter((file) => file.endsWith('.bench.mjs'))
    .map((file) => file.slice(0, -'.bench.mjs'.length))
    .sort();
}

/** Output of a read-only git command, or null outside a checkout or without git. */
function git(args) {
  try {
    // No optional locks: `git status` would otherwise refresh the index while someone else may be using it.
    return execFileSync('git', args, {
      cwd: REPO_ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      env: { ...process.env, GIT_OPTIONAL_LOCKS: '0' },
    }).trim();
  } catch {
    return null;
  }
}

/**
 * When, on what code and on what machine a run happened. `uncommittedChanges` says the measured code was the
 * commit plus local edits (tracked files only, results aside). BENCH_MACHINE adds a description a person gives, e.g.
 * "laptop on battery" or "CI runner, shared".
 */
export function benchContext(env = process.env) {
  const commit = git(['rev-parse', 'HEAD']);
  // The results and the page they make are what a run writes, not code it measures: a later bench of the same
  // run would otherwise call the code changed because an earlier one wrote its figures.
  const measured = ['.', ':(exclude)tests/load/results', ':(exclude)docs/performance.md'];
  const changes = commit === null ? null : git(['status', '--porcelain', '--untracked-files=no', '--', ...measured]);
  return {
    date: new Date().toISOString(),
    commit,
    uncommittedChanges: changes === null ? null : changes.length > 0,
    node: process.version,
    cpus: availableParallelism(),
    cpuModel: cpus()[0]?.model.trim() ?? 'unknown',
    memoryGiB: Math.round((totalmem() / 2 ** 30) * 10) / 10,
    os: `${type()} ${release()} ${arch()}`,
    loadAverage: loadavg().map((value) => Math.round(value * 100) / 100),
    ...(env.BENCH_MACHINE ? { machine: env.BENCH_MACHINE } : {}),
  };
}

/** Writes one run's figures as tests/load/results/<bench>.json, with its context first; returns the path. */
export function writeBenchResult(bench, data, { resultsDir = RESULTS_DIR, context = benchContext() } = {}) {
  mkdirSync(resultsDir, { recursive: true });
  const path = join(resultsDir, `${bench}.json`);
  writeFileSync(path, `${JSON.stringify({ bench, context, ...data }, null, 2)}\n`);
  return path;
}

/** The recorded result of one bench, or null when it has none. */
export function readBenchResult(bench, resultsDir = RESULTS_DIR) {
  const path = join(resultsDir, `${bench}.json`);
  return existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : null;
}

/** Every tests/load/results/*.json by bench name (the file's name without .json). */
export function readAllResults(resultsDir = RESULTS_DIR) {
  if (!existsSync(resultsDir)) return {};
  const files = readdirSync(resultsDir)
    .filter((file) => file.endsWith('.json'))
    .sort();
  return Object.fromEntries(
    files.map((file) => [
      file.slice(0, -'.json'.length),
      JSON.parse(readFileSync(join(resultsDir, file), 'utf8')),
    ]),
  );
}

/**
 * A run that ended without writing its figures: the failure goes into the bench's file beside the figures of
 * its last good run (kept, with their own date), so the page says what happened instead of showing nothing or
 * pretending the old figures are new.
 */
export function recordBenchFailure(
  bench,
  { exitCode, output },
  { resultsDir = RESULTS_DIR, context = benchContext() } = {},
) {
  const previous = readBenchResult(bench, resultsDir) ?? { bench };
  const failed = { ...previous, bench, lastFailure: { context, exitCode, output } };
  mkdirSync(resultsDir, { recursive: true });
  const path = join(resultsDir, `${bench}.json`);
  writeFileSync(path, `${JSON.stringify(failed, null, 2)}\n`);
  return path;
}

/** A failed run's tail as its results file keeps it: no colours or blank lines, paths from the repository. */
export function outputTail(lines, kept = 12) {
  return lines
    .map((line) => stripVTControlCharacters(line).replaceAll(REPO_ROOT, '.').trimEnd())
    .filter((line) => line.trim() !== '')
    .slice(-kept);
}
