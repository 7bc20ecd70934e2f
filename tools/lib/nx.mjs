// Nx runs the per-project targets (build, lint, typecheck, test, test:int) with its cache; the launcher,
// `npm test` and `npm run build` call it through here.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { REPO_ROOT } from './paths.mjs';

const NX_BIN = join(REPO_ROOT, 'node_modules/nx/dist/bin/nx.js');

/** No Nx Cloud, no daemon, no terminal UI: plain output that logs and CI can read. */
export function nxEnv(env = process.env) {
  return { ...env, NX_NO_CLOUD: 'true', NX_DAEMON: 'false', NX_TUI: 'false' };
}

/** `nx run-many -t <targets...>` arguments; `force` ignores the cache, `projects` narrows the run. */
export function runManyArgs(targets, { projects = [], force = false } = {}) {
  const args = ['run-many', '-t', ...targets, '--outputStyle=stream'];
  if (projects.length > 0) args.push('-p', ...projects);
  if (force) args.push('--skipNxCache');
  return args;
}

/** The most failing tests a summary names: enough to start from, short enough for the end of a CI log. */
const MOST_FAILED_TESTS = 30;

/**
 * Reads an `nx run-many` report: how many tasks came from the cache, which failed, and which tests failed in
 * them, as Jest (`● suite › test`, `FAIL file`) and Vitest (`FAIL file > suite > test`) print them behind
 * Nx's `project:` prefix. Resolves to `{ cached, total, failed: ['project:target', ...], failedTests:
 * ['project: suite › test', ...] }` (numbers are null when not printed). The tests are repeated at the end of
 * `npm test` because a CI log is often read from its end, far below the lines that first reported them.
 */
export function summarizeNxOutput(output) {
  const plain = stripVTControlCharacters(output);
  const cache = /Cache:\s+(\d+)\/(\d+) hit/.exec(plain);
  const failedBlock = /Failed tasks:\s*((?:- \S+\s*)+)/.exec(plain);
  const failed = failedBlock ? [...failedBlock[1].matchAll(/- (\S+)/g)].map((match) => match[1]) : [];
  const failedTests = new Set();
  for (const [, project, jestTest, file] of plain.matchAll(/^([\w-]+):[ \t]+(?:● (.+)|FAIL[ \t]+(.+))$/gm)) {
    const test = (jestTest ?? file).trim();
    if (test !== 'Console' && failedTests.size < MOST_FAILED_TESTS) failedTests.add(`${project}: ${test}`);
  }
  return { cached: cache ? Number(cache[1]) : null, total: cache ? Number(cache[2]) : null, failed, failedTests: [...failedTests] };
}

/** One line for a step's note: "9/12 from cache" or "failed: auth:test, shell:lint". */
export function describeNxRun({ cached, total, failed }) {
  if (failed.length > 0) return `failed: ${failed.join(', ')}`;
  return total === null ? '' : `${cached}/${total} from cache`;
}

/**
 * Runs Nx with its output shown live (unless `quiet`) and kept for the summary.
 * Resolves to `{ ok, code, output, summary }`; never rejects on a failed task.
 */
export function runNx(args, { env = process.env, quiet = false } = {}) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [NX_BIN, ...args], {
      cwd: REPO_ROOT,
      env: nxEnv(env),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const keep = (target) => (chunk) => {
      output += chunk;
      if (!quiet) target.write(chunk);
    };
    child.stdout.on('data', keep(process.stdout));
    child.stderr.on('data', keep(process.stderr));
    child.on('error', (error) =>
      resolve({
        ok: false,
        code: 127,
        output: `${output}${error.message}\n`,
        summary: summarizeNxOutput(output),
      }),
    );
    child.on('close', (code, signal) => {
      const exitCode = code ?? (signal ? 128 : 1);
      resolve({ ok: exitCode === 0, code: exitCode, output, summary: summarizeNxOutput(output) });
    });
  });
}

/** `nx run-many -t <targets...>` for every project that has them. */
export function runTargets(targets, { env, quiet, projects, force } = {}) {
  return runNx(runManyArgs(targets, { projects, force }), { env, quiet });
}
