#!/usr/bin/env node
// `npm test`: bootstrap → build → lint → type-check → unit → integration → root suites → e2e → reliability → embedded
// PostgreSQL proof. Build, lint, type-check, unit and integration are Nx targets of every project
// (`nx run-many`, cached except test:int). Every step runs (failures do not stop the run); the summary
// counts steps. Select steps while developing: `npm test -- --only=unit,e2e` or `npm test -- --skip=lint`.
// It keeps its own PostgreSQL and Redis (.data/test, free ports), so it runs beside a running `npm start`.
import { mkdirSync, createWriteStream } from 'node:fs';
import { join, relative } from 'node:path';
import { BootstrapExit, bootstrap } from '../lib/bootstrap.mjs';
import { selectSteps } from '../lib/cli-args.mjs';
import { describeNxRun, runTargets } from '../lib/nx.mjs';
import { REPO_ROOT } from '../lib/paths.mjs';
import { formatDuration, runCommand } from '../lib/processes.mjs';

const bin = (name) => join(REPO_ROOT, 'node_modules/.bin', name);
const results = [];
let services = null;
let cleanupStack = null;

let steps;
try {
  steps = selectSteps(process.argv.slice(2));
} catch (error) {
  console.error(error.message);
  process.exit(2);
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    await cleanupStack?.().catch(() => {});
    await services?.stop().catch(() => {});
    process.exit(130);
  });
}

async function step(name, title, run) {
  if (!steps.includes(name)) return;
  console.log(`\n━━━ ${title} ━━━`);
  const started = Date.now();
  let ok = false;
  let note = '';
  let failedTests = [];
  try {
    const outcome = await run();
    ok = outcome === true || outcome?.ok === true;
    note = outcome?.note ?? '';
    failedTests = outcome?.failedTests ?? [];
  } catch (error) {
    note = error instanceof BootstrapExit ? error.message.split('\n')[0] : error.message.split('\n')[0];
    console.error(error instanceof BootstrapExit ? error.message : (error.stack ?? error.message));
  }
  const duration = Date.now() - started;
  results.push({ title, ok, duration, note, failedTests });
  console.log(`━━━ ${title}: ${ok ? 'passed' : 'FAILED'} in ${formatDuration(duration)}${note ? ` (${note})` : ''}`);
}

const succeeded = async (command, args, options) => (await runCommand(command, args, options)).code === 0;

/** A step that runs Nx targets; its note says how much came from the cache, or which tasks (and tests) failed. */
async function nxStep(targets, env) {
  const run = await runTargets(targets, { env });
  return { ok: run.ok, note: describeNxRun(run.summary), failedTests: run.summary.failedTests };
}

await step('bootstrap', 'Bootstrap (dependencies, PostgreSQL, Redis, Chromium)', async () => {
  services = await bootstrap({ withChromium: steps.includes('e2e'), isolated: true });
  return { ok: true, note: services.embeddedPostgres ? 'embedded PostgreSQL' : 'DATABASE_URL' };
});

await step('build', 'Build (nx run-many -t build)', () => nxStep(['build']));

await step('lint', 'Lint (nx run-many -t lint)', () => nxStep(['lint']));

await step('typecheck', 'Type-check (nx run-many -t typecheck)', () => nxStep(['typecheck']));

await step('unit', 'Unit tests (nx run-many -t test)', () => nxStep(['test']));

await step('integration', 'Integration tests (nx run-many -t test:int)', async () => {
  if (!services) throw new BootstrapExit('needs the bootstrap step (PostgreSQL and Redis)');
  return nxStep(['test:int'], { ...process.env, DATABASE_URL: services.databaseUrl, REDIS_URL: services.redisUrl });
});

await step('root', 'Contract and deployment suites (tests/vitest.config.ts)', () =>
  // With the bootstrap's servers the deployment suite also runs the PostgreSQL role script and the Redis ACL file.
  succeeded(bin('vitest'), ['run', '--config', 'tests/vitest.config.ts'], {
    env: { ...process.env, ...(services ? { DATABASE_URL: services.databaseUrl, REDIS_URL: services.redisUrl } : {}) },
  }),
);

/**
 * Starts the whole stack (every built service, worker and the gateway) on a throwaway database and free ports,
 * hands `run` the environment that points a suite at it, and stops it afterwards. `name` labels the database,
 * the Redis key prefix and the log file (tests/e2e/.artifacts/<name>-stack.log).
 */
async function withTestStack(name, run) {
  if (!services) throw new BootstrapExit('needs the bootstrap step (PostgreSQL and Redis)');
  const { createThrowawayDatabase } = await import('../lib/e2e-database.mjs');
  const { startStack, discoverPortedApps } = await import('../lib/stack.mjs');
  const { assignServicePorts } = await import('../lib/service-ports.mjs');
  const { findFreePortOffset } = await import('../lib/network.mjs');
  const GATEWAY_BASE_PORT = 8080;
  const artifacts = join(REPO_ROOT, 'tests/e2e/.artifacts');
  mkdirSync(artifacts, { recursive: true });
  const logFile = join(artifacts, name === 'e2e' ? 'stack.log' : `${name}-stack.log`);
  const stackLog = createWriteStream(logFile);
  const database = await createThrowawayDatabase(services.databaseUrl, name);
  let stack = null;
  cleanupStack = async () => {
    await stack?.stop();
    await database.drop();
    stackLog.end();
  };
  try {
    // The gateway's port is chosen with the services' block, below the ephemeral range: a port the OS handed
    // out as free from that range can be taken by any outgoing connection (to PostgreSQL, Redis) before the
    // gateway listens, which failed a CI run with EADDRINUSE. APP_URL needs the port before the stack starts.
    const portOffset = await findFreePortOffset([...Object.values(assignServicePorts(discoverPortedApps())), GATEWAY_BASE_PORT]);
    stack = await startStack({
      databaseUrl: database.url,
      redisUrl: services.redisUrl,
      dataDir: services.dataDir,
      port: GATEWAY_BASE_PORT + portOffset,
      portOffset,
      // Its own Redis key prefix, like its own database: sign-in throttling counters (per IP, 15 minutes) from
      // an earlier run on the same Redis must not lock this one out.
      // REMINDERS_SCAN_EVERY_MS: the finance worker looks for reminders due every 3 s instead of every 5 minutes,
      // so the reminders journey gets its e-mail while it waits (each reminder is still sent once).
      env: { ...process.env, NODE_ENV: 'test', REDIS_KEY_PREFIX: `auth-${database.name}:`, REMINDERS_SCAN_EVERY_MS: '3000' },
      log: (line) => stackLog.write(`${line}\n`),
      onServiceLog: (service, line) => stackLog.write(`[${service}] ${line}\n`),
    });
    console.log(`Stack at ${stack.url} (database ${database.name}, service logs in ${relative(REPO_ROOT, logFile)})`);
    return await run({
      ...process.env,
      BASE_URL: stack.url,
      // Vitest overwrites BASE_URL (Vite's base path), so the reliability suite reads this one.
      GATEWAY_URL: stack.url,
      DATABASE_URL: database.url,
      REDIS_URL: services.redisUrl,
      REDIS_KEY_PREFIX: `auth-${database.name}:`,
      // The stack's data folder (npm test's own, .data/test): the journeys read the mail outbox there.
      DATA_DIR: services.dataDir,
      E2E_SERVICE_URLS: JSON.stringify(Object.fromEntries(Object.entries(stack.services).map(([service, { url }]) => [service, url]))),
    });
  } finally {
    await cleanupStack();
    cleanupStack = null;
  }
}

// While developing, a space-separated list in E2E_FILES / RELIABILITY_FILES runs only the files whose names match.
const chosenFiles = (variable) => (process.env[variable] ?? '').split(/\s+/).filter(Boolean);

await step('e2e', 'End-to-end (Playwright in Chromium against the launcher stack)', () =>
  withTestStack('e2e', (env) => {
    const playwright = [join(REPO_ROOT, 'node_modules/@playwright/test/cli.js'), 'test', '-c', 'tests/e2e/playwright.config.ts', ...chosenFiles('E2E_FILES')];
    return succeeded(process.execPath, playwright, { env });
  }),
);

// Cross-user matrix, fuzz, framing through the gateway, concurrency, faults (tests/reliability).
await step('reliability', 'Reliability (tests/reliability against the launcher stack)', () =>
  withTestStack('reliability', (env) =>
    succeeded(bin('vitest'), ['run', '--config', 'tests/reliability/vitest.config.ts', ...chosenFiles('RELIABILITY_FILES')], { env }),
  ),
);

await step('embedded', 'Launcher with embedded PostgreSQL (no DATABASE_URL)', () =>
  succeeded(process.execPath, ['--test', '--test-reporter=spec', 'tests/e2e/embedded-postgres.test.mjs']),
);

await services?.stop();

const passed = results.filter((result) => result.ok).length;
const failed = results.length - passed;
const width = Math.max(...results.map((result) => result.title.length), 4);
console.log(`\n${'step'.padEnd(width)}  result  duration`);
for (const result of results) {
  console.log(`${result.title.padEnd(width)}  ${(result.ok ? 'passed' : 'FAILED').padEnd(6)}  ${formatDuration(result.duration).padStart(8)}${result.note ? `  ${result.note}` : ''}`);
}
console.log(`${passed} passed, ${failed} failed`);
// Repeated here, where a CI log is read from: the lines that reported them are far above.
for (const result of results.filter((each) => !each.ok && each.failedTests.length > 0)) {
  console.log(`\nFailing tests in "${result.title}" (their output is above):`);
  for (const test of result.failedTests) console.log(`  ${test}`);
}
process.exit(failed > 0 ? 1 : 0);
