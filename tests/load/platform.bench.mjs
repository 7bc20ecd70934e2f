// Issue 2 §10: POST /api/waitlist/join and GET / through the gateway vs straight to the service / a plain
// static server; 50 connections, 10 s each. Run with `npm run bench`.
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import {
  BENCH_RATE_LIMIT_FACTOR,
  REPO_ROOT,
  printComparison,
  runAutocannon,
  startPlainStaticServer,
  startStackForBench,
  writeResults,
} from './bench-kit.mjs';

const CONNECTIONS = 50;
const DURATION_SECONDS = Number(process.env.BENCH_DURATION ?? 10);

export async function runPlatformBench() {
  const stack = await startStackForBench();
  const staticServer = await startPlainStaticServer(join(REPO_ROOT, 'frontends/shell/dist/index.html'));
  const runId = randomBytes(4).toString('hex');
  try {
    // Every join is a new e-mail, so the service does real inserts rather than idempotent repeats.
    let sequence = 0;
    const join = (url) =>
      runAutocannon({
        url,
        path: '/api/waitlist/join',
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        makeBody: () => JSON.stringify({ email: `bench-${runId}-${(sequence += 1)}@example.com`, source: 'homepage' }),
        connections: CONNECTIONS,
        duration: DURATION_SECONDS,
      });
    const page = (url) => runAutocannon({ url, path: '/', headers: { 'accept-encoding': 'gzip' }, connections: CONNECTIONS, duration: DURATION_SECONDS });

    console.log(`\nBenchmark: ${CONNECTIONS} connections, ${DURATION_SECONDS} s per run (after a 2 s warm-up)`);
    const joinComparison = printComparison('POST /api/waitlist/join', {
      gateway: await join(stack.gatewayUrl),
      direct: await join(stack.services.waitlist.url),
      directLabel: 'waitlist direct',
    });
    const pageComparison = printComparison('GET / (shell index.html)', {
      gateway: await page(stack.gatewayUrl),
      direct: await page(staticServer.url),
      directLabel: 'plain node:http',
    });
    const path = writeResults('platform.json', {
      date: new Date().toISOString(),
      node: process.version,
      connections: CONNECTIONS,
      durationSeconds: DURATION_SECONDS,
      rateLimitFactor: BENCH_RATE_LIMIT_FACTOR,
      results: [joinComparison, pageComparison],
    });
    console.log(`\nResults written to ${path}`);
    return [joinComparison, pageComparison];
  } finally {
    await staticServer.stop();
    await stack.stop();
  }
}

await runPlatformBench();
