// Shared by the single-service benchmarks (tests/load/auth.bench.mjs, blog.bench.mjs): build one service, give it
// PostgreSQL and Redis with a throwaway database, and run its built main.js in a process of its own, so the load
// generator in the benchmark's process never shares the service's event loop. Not a *.bench.mjs file, so
// `npm run bench` (tools/bin/bench.mjs) does not run it.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { REPO_ROOT, startBenchServers } from '../bench-kit.mjs';
import { createThrowawayDatabase } from '../../../tools/lib/e2e-database.mjs';
import { findFreePort, waitForHttpOk } from '../../../tools/lib/network.mjs';
import { forEachLine, runCommand, stopChild } from '../../../tools/lib/processes.mjs';

/** How many of the service's last output lines a failed start reports. */
const OUTPUT_LINES_KEPT = 20;

/** `tsc -b services/<name>` (and the libraries it references); throws with the compiler's output on failure. */
export async function buildService(name) {
  const build = await runCommand('npx', ['tsc', '-b', `services/${name}`], { quiet: true });
  if (build.code !== 0) throw new Error(`tsc -b services/${name} failed:\n${build.output}`);
}

/**
 * PostgreSQL and Redis (bench-kit's startBenchServers: the machine's PostgreSQL when it runs, as CI's does, else
 * an embedded one of the bench's own) and a throwaway database named after `label`. Resolves to `{ databaseUrl, redisUrl, stop() }`; stop drops the
 * database and stops what bootstrap started.
 */
export async function startBenchInfrastructure(label) {
  const infra = await startBenchServers();
  const database = await createThrowawayDatabase(infra.databaseUrl, label);
  return {
    databaseUrl: database.url,
    redisUrl: infra.redisUrl,
    stop: async () => {
      await database.drop().catch((error) => console.log(`could not drop ${database.name}: ${error.message}`));
      await infra.stop();
    },
  };
}

/** A Redis key prefix of its own for one benchmark run (nothing it writes meets another run's keys). */
export const benchRedisPrefix = (name) => `${name}-bench-${randomBytes(4).toString('hex')}:`;

/**
 * Starts services/<name>/dist/main.js (or another built `script`, e.g. a page server) on a free port of 127.0.0.1 with NODE_ENV=production and LOG_LEVEL=warn
 * (`env` adds to or overrides those and the process's own) and waits for /health/ready. Resolves to
 * `{ url, stop() }`; a service that exits or never gets ready rejects with its last output lines.
 */
export async function startServiceProcess({ name, env = {}, readyTimeoutMs = 60_000, script = join(REPO_ROOT, `services/${name}/dist/main.js`), cwd = join(REPO_ROOT, `services/${name}`) }) {
  const port = await findFreePort();
  const child = spawn(process.execPath, [script], {
    cwd,
    env: { ...process.env, NODE_ENV: 'production', SMTP_URL: 'smtp://127.0.0.1:9', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = [];
  const keep = (line) => {
    output.push(line);
    if (output.length > OUTPUT_LINES_KEPT) output.shift();
  };
  forEachLine(child.stdout, keep);
  forEachLine(child.stderr, keep);
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHttpOk(`${url}/health/ready`, {
      timeoutMs: readyTimeoutMs,
      shouldStop: () => (child.exitCode !== null ? `${name} exited with code ${child.exitCode}` : null),
    });
  } catch (error) {
    await stopChild(child, 2000);
    throw new Error(`${error.message}\nLast output of ${name}:\n${output.join('\n')}`);
  }
  return { url, pid: child.pid, stop: () => stopChild(child, 5000) };
}
