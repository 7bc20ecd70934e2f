// The machine's own noise floor while a benchmark measures: a process of its own that does almost nothing (a
// 1 ms timer, and `SELECT 1` on a PostgreSQL connection every 10 ms) and records how late its timer fires and
// how long the `SELECT 1` takes. Whatever delays it (cores shared with the load, the generator, the workers, a
// virtual machine's host) delays the measured requests too: a latency figure near this floor, or a comparison
// whose sides differ by less than its stalls, says more about the machine than about the code. Not a
// *.bench.mjs file: benches start it through startNoiseProbe.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { percentile } from './open-loop.mjs';

const TIMER_MS = 1;
const QUERY_EVERY_MS = 10;
const round2 = (value) => Math.round(value * 100) / 100;

/** p50, p99 and max of a list of milliseconds (sorted here), or nulls when it is empty. */
function spread(values) {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return { p50Ms: null, p99Ms: null, maxMs: null, samples: 0 };
  return { p50Ms: round2(percentile(sorted, 50)), p99Ms: round2(percentile(sorted, 99)), maxMs: round2(sorted.at(-1)), samples: sorted.length };
}

/**
 * Starts the probe in a child process against `databaseUrl`. `report()` resolves to what it saw since the last
 * report, `{ timerLate: {p50Ms, p99Ms, maxMs, samples}, selectOne: {…} }`, and starts a new period; `stop()`
 * ends it.
 */
export async function startNoiseProbe(databaseUrl) {
  const child = fork(fileURLToPath(import.meta.url), ['--probe'], { env: { ...process.env, NOISE_PROBE_DATABASE_URL: databaseUrl }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  await new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`the noise probe exited with ${code} before it was ready`)));
  });
  return {
    report: () =>
      new Promise((resolve) => {
        child.once('message', resolve);
        child.send('report');
      }),
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.send('stop');
      await exited;
    },
  };
}

async function runProbe() {
  const client = new pg.Client({ connectionString: process.env.NOISE_PROBE_DATABASE_URL });
  await client.connect();
  let timerLate = [];
  let selectOne = [];
  let running = true;

  const timerLoop = async () => {
    while (running) {
      const started = performance.now();
      await new Promise((resolve) => setTimeout(resolve, TIMER_MS));
      timerLate.push(Math.max(0, performance.now() - started - TIMER_MS));
    }
  };
  const queryLoop = async () => {
    while (running) {
      const started = performance.now();
      await client.query('SELECT 1');
      selectOne.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, QUERY_EVERY_MS));
    }
  };
  const loops = Promise.all([timerLoop(), queryLoop()]);

  process.on('message', async (message) => {
    if (message === 'report') {
      process.send({ timerLate: spread(timerLate), selectOne: spread(selectOne) });
      timerLate = [];
      selectOne = [];
    } else if (message === 'stop') {
      running = false;
      await loops;
      await client.end();
      process.exit(0);
    }
  });
  // The parent gone (a crashed bench) ends the probe too.
  process.on('disconnect', () => process.exit(0));
  process.send('ready');
}

if (process.argv.includes('--probe')) await runProbe();
