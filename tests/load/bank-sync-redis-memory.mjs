// Redis memory per linked bank item, and what a bank-sync worker's start-up costs at 100,000 items.
// Run with `node tests/load/bank-sync-redis-memory.mjs` (ITEMS=<n> links, default 100). Not part of npm test.
//
// Starts the built bank-sync HTTP entry and worker (as tests/load/bank-sync.bench.mjs does) on a throwaway
// database and a random Redis key prefix, then:
//  1. links ITEMS items through the HTTP routes (the Plaid emulator in this process), waits until their first
//     imports are done and the queue is empty, and compares the bytes under the prefix (MEMORY USAGE of every
//     key, by SCAN) before and after: the cost per linked item at rest. The queue's event stream is shown
//     apart: BullMQ caps it (10,000 events) for the whole queue, whatever the number of items;
//  2. for comparison, the per-item job schedulers of the earlier design, and `sync-item` jobs waiting in the
//     queue (what each due item costs between a sweep and its import), each on a scratch prefix;
//  3. adds 100,000 more items straight into PostgreSQL (slots spread over the period, none due yet),
//     restarts the worker and times its start-up, measures Redis again, and EXPLAIN ANALYZEs one sweep batch
//     (rolled back).
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { REPO_ROOT } from './bench-kit.mjs';
import { bootstrap } from '../../tools/lib/bootstrap.mjs';
import { createThrowawayDatabase } from '../../tools/lib/e2e-database.mjs';
import { findFreePort, isListening, waitForHttpOk } from '../../tools/lib/network.mjs';
import { forEachLine, runCommand, stopChild } from '../../tools/lib/processes.mjs';
import { EMULATOR_CLIENT_ID, EMULATOR_SECRET, startPlaidEmulator } from '../../tools/plaid-emulator/plaid-emulator.mjs';

const ITEMS = Number(process.env.ITEMS ?? 100);
const BULK_ITEMS = 100_000;
const PERIOD_MS = 6 * 60 * 60 * 1000;
const TARGET_BYTES_PER_ITEM = 2048;

async function post(baseUrl, path, body, token) {
  const response = await fetch(baseUrl + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${path}: ${response.status} ${text}`);
  return JSON.parse(text);
}

function startProcess(name, script, env, port) {
  const started = performance.now();
  const child = spawn(process.execPath, [join(REPO_ROOT, 'services/bank-sync/dist', script)], {
    cwd: join(REPO_ROOT, 'services/bank-sync'),
    env: { ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = [];
  forEachLine(child.stdout, (line) => output.push(line));
  forEachLine(child.stderr, (line) => output.push(line));
  const ready = waitForHttpOk(`http://127.0.0.1:${port}/health/ready`, {
    timeoutMs: 60_000,
    shouldStop: () => (child.exitCode !== null ? `${name} exited: ${output.slice(-8).join('\n')}` : null),
  }).then(() => Math.round(performance.now() - started));
  return { child, ready, url: `http://127.0.0.1:${port}` };
}

/** Bytes Redis reports for every key under `prefix` (MEMORY USAGE, all samples), the event stream apart. */
async function bytesUnder(redis, prefix) {
  const result = { keys: 0, bytes: 0, eventStreamBytes: 0 };
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
    cursor = next;
    for (const key of keys) {
      const bytes = Number((await redis.memory('USAGE', key, 'SAMPLES', '0')) ?? 0);
      if (key.endsWith(':events')) result.eventStreamBytes += bytes;
      else {
        result.bytes += bytes;
        result.keys += 1;
      }
    }
  } while (cursor !== '0');
  return result;
}

/** No job but the sweep's next run (its scheduler always keeps one delayed). */
async function queueIsEmpty(queue) {
  const jobs = await queue.getJobs(['waiting', 'active', 'delayed', 'prioritized', 'waiting-children']);
  return jobs.every((job) => job?.name === 'sweep-syncs');
}

/** Bytes per entry of `count` entries made by `make(queue, i)` on a scratch prefix. */
async function scratchCost(redis, redisUrl, count, make) {
  const prefix = `bank-sync-memory-scratch-${randomBytes(4).toString('hex')}`;
  const queue = new Queue('bank-sync', { connection: { url: redisUrl }, prefix });
  try {
    await queue.waitUntilReady();
    const before = await bytesUnder(redis, prefix);
    for (let i = 0; i < count; i += 100) await Promise.all(Array.from({ length: Math.min(100, count - i) }, (_, k) => make(queue, i + k)));
    const after = await bytesUnder(redis, prefix);
    return Math.round((after.bytes - before.bytes) / count);
  } finally {
    await queue.obliterate({ force: true }).catch(() => undefined);
    await queue.close();
  }
}

export async function measureBankSyncRedisMemory() {
  const build = await runCommand('npx', ['tsc', '-b', 'services/bank-sync'], { quiet: true });
  if (build.code !== 0) throw new Error(`tsc -b services/bank-sync failed:\n${build.output}`);
  const defaultUrl = 'postgres://postgres@127.0.0.1:5432/postgres';
  const databaseUrl = process.env.DATABASE_URL ?? ((await isListening(5432)) ? defaultUrl : undefined);
  const infra = await bootstrap({ env: { ...process.env, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) }, log: () => {} });
  const database = await createThrowawayDatabase(infra.databaseUrl, 'banksyncmemory');
  const dataDir = mkdtempSync(join(tmpdir(), 'bank-sync-memory-'));
  const { startTestAuth } = await import(pathToFileURL(join(REPO_ROOT, 'libs/nest-kit/dist/testing/index.js')).href);
  const { nextSlotSql } = await import(pathToFileURL(join(REPO_ROOT, 'services/bank-sync/dist/sync/sync-slot.js')).href);
  const { default: pg } = await import('pg');
  const auth = await startTestAuth();
  const emulator = await startPlaidEmulator({ port: 0, seed: 'memory', maxPurchasesPerDay: 1, log: () => {} });
  const prefix = `bank-sync-memory-${randomBytes(4).toString('hex')}:`;
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    DATABASE_URL: database.url,
    REDIS_URL: infra.redisUrl,
    REDIS_KEY_PREFIX: prefix,
    AUTH_JWKS_URL: auth.jwksUrl,
    PLAID_BASE_URL: emulator.url,
    PLAID_CLIENT_ID: EMULATOR_CLIENT_ID,
    PLAID_SECRET: EMULATOR_SECRET,
    BANK_TOKEN_KEY: randomBytes(32).toString('hex'),
    DETECT_DEBOUNCE_MS: '0',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
  };
  const processes = [];
  const db = new pg.Client({ connectionString: database.url });
  const redis = new Redis(infra.redisUrl);
  const queue = new Queue('bank-sync', { connection: { url: infra.redisUrl }, prefix: `${prefix}bull` });
  try {
    const http = startProcess('bank-sync', 'main.js', env, await findFreePort());
    processes.push(http);
    await http.ready;
    let worker = startProcess('bank-sync worker', 'worker.js', env, await findFreePort());
    processes.push(worker);
    const firstStartMs = await worker.ready;
    await db.connect();
    const before = await bytesUnder(redis, prefix);

    console.log(`\nbank-sync Redis memory: linking ${ITEMS} items (prefix ${prefix})`);
    const users = await Promise.all(Array.from({ length: Math.min(ITEMS, 20) }, () => auth.user()));
    const itemIds = [];
    for (let i = 0; i < ITEMS; i += 1) {
      const user = users[i % users.length];
      const signIn = await post(http.url, '/api/plaid-production/sandbox/public-token', { user_id: user.id, institution_id: 'ins_109508', username: 'user_good', password: 'pass_good' }, user.token);
      const { item_id } = await post(http.url, '/api/plaid-production/exchange-token', { user_id: user.id, public_token: signIn.public_token, institution_id: 'ins_109508' }, user.token);
      itemIds.push(item_id);
    }
    const deadline = Date.now() + 180_000;
    for (;;) {
      const { rows } = await db.query(`SELECT count(*)::int AS busy FROM bank_sync.plaid_items WHERE sync_state IN ('queued', 'running')`);
      if (rows[0].busy === 0 && (await queueIsEmpty(queue))) break;
      if (Date.now() > deadline) throw new Error('the first imports did not finish in 3 minutes');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const after = await bytesUnder(redis, prefix);
    const perItem = (after.bytes - before.bytes) / ITEMS;
    console.log(`  at rest: ${before.keys} keys / ${before.bytes} B before, ${after.keys} keys / ${after.bytes} B after → ${perItem.toFixed(1)} B per item`);
    console.log(`  queue event stream (capped per queue, not per item): ${before.eventStreamBytes} B → ${after.eventStreamBytes} B`);

    const schedulerBytes = await scratchCost(redis, infra.redisUrl, ITEMS, (scratch) =>
      scratch.upsertJobScheduler(`${randomUUID()}.sync.every`, { every: PERIOD_MS, startDate: Date.now() + PERIOD_MS }, { name: 'sync-item', data: { userId: randomUUID(), itemId: randomUUID() }, opts: { attempts: 6, backoff: { type: 'exponential', delay: 5000 } } }),
    );
    const queuedJobBytes = await scratchCost(redis, infra.redisUrl, ITEMS, (scratch) => {
      const itemId = randomUUID();
      return scratch.add('sync-item', { userId: randomUUID(), itemId }, { jobId: `${itemId}.sync`, attempts: 6, backoff: { type: 'exponential', delay: 5000 }, removeOnComplete: true, removeOnFail: true });
    });
    console.log(`  earlier design, one job scheduler per item: ${schedulerBytes} B per item (at rest, always)`);
    console.log(`  a sync-item job waiting in the queue: ${queuedJobBytes} B (per due item, from its sweep to its import)`);

    console.log(`\n${BULK_ITEMS} more items straight into PostgreSQL, slots spread over the period; the worker restarted`);
    await db.query(
      `INSERT INTO bank_sync.plaid_items (user_id, plaid_item_id, access_token_sealed, institution_name, next_sync_at)
       SELECT gen_random_uuid(), 'bulk-' || n, 'v1.bulk', 'Bulk Bank', now() + (n % 360 + 2) * interval '1 minute' FROM generate_series(1, $1) n`,
      [BULK_ITEMS],
    );
    await db.query(`ANALYZE bank_sync.plaid_items`);
    // Fake tokens: none of them is due yet, so no sweep imports them; the plan below looks 150 s ahead, when
    // 1/360 of them are.
    await stopChild(worker.child, 10_000);
    worker = startProcess('bank-sync worker', 'worker.js', env, await findFreePort());
    processes.push(worker);
    const bulkStartMs = await worker.ready;
    const afterBulk = await bytesUnder(redis, prefix);
    console.log(`  worker start-up: ${firstStartMs} ms with ${ITEMS} items, ${bulkStartMs} ms with ${ITEMS + BULK_ITEMS}`);
    console.log(`  Redis under the prefix: ${afterBulk.keys} keys / ${afterBulk.bytes} B (${after.bytes} B before the bulk rows)`);
    await db.query('BEGIN');
    const plan = await db.query(
      `EXPLAIN (ANALYZE, BUFFERS) UPDATE bank_sync.plaid_items SET next_sync_at = ${nextSlotSql('id', "now() + interval '150 seconds'", String(PERIOD_MS))}
       WHERE id IN (SELECT id FROM bank_sync.plaid_items WHERE status = 'active' AND next_sync_at <= now() + interval '150 seconds'
                    ORDER BY next_sync_at LIMIT 500 FOR UPDATE SKIP LOCKED) RETURNING id, user_id`,
    );
    await db.query('ROLLBACK');
    const planText = plan.rows.map((row) => row['QUERY PLAN']);
    console.log(`  one sweep batch (≤ 500 due of ${BULK_ITEMS + ITEMS}, rolled back): ${planText.at(-1)}`);
    console.log(`    ${planText.filter((line) => /Index|Seq Scan/.test(line)).map((line) => line.trim()).join('\n    ')}`);

    const result = { items: ITEMS, bytesPerItemAtRest: Math.round(perItem), schedulerBytesPerItem: schedulerBytes, queuedJobBytes, workerStartMs: { small: firstStartMs, bulk: bulkStartMs } };
    result.pass = perItem < TARGET_BYTES_PER_ITEM && queuedJobBytes < TARGET_BYTES_PER_ITEM;
    console.log(`\nPer linked item: ${result.bytesPerItemAtRest} B at rest, ${queuedJobBytes} B while queued (target < ${TARGET_BYTES_PER_ITEM} B) → ${result.pass ? 'PASS' : 'FAIL'}`);
    return result;
  } finally {
    await queue.obliterate({ force: true }).catch(() => {});
    await queue.close().catch(() => {});
    redis.disconnect();
    await db.end().catch(() => {});
    for (const { child } of processes.reverse()) await stopChild(child, 10_000);
    await emulator.close();
    await auth.close();
    await database.drop().catch(() => {});
    await infra.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = await measureBankSyncRedisMemory();
  process.exit(result.pass ? 0 : 1);
}
