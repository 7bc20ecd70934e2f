import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { bullPrefix, SecretBox } from '@paycadence/nest-kit';
import { TEST_DATABASE_URL, TEST_REDIS_URL } from '@paycadence/nest-kit/testing';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import pg from 'pg';
// @ts-expect-error the emulator is plain ESM JavaScript without type declarations
import { EMULATOR_CLIENT_ID, EMULATOR_SECRET, startPlaidEmulator } from '../../../tools/plaid-emulator/plaid-emulator.mjs';
import { expectedRows, type EmulatedItem, type PlaidEmulator } from './support/bank-sync-kit.js';

// Real worker processes (dist/worker.js) importing ~10,400 transactions. SIGKILL one in
// the middle of the pass, start another: the rows are exactly those of a clean run. Two workers on the same
// item at once: the same rows again.
jest.setTimeout(120_000);

const SERVICE_ROOT = path.resolve(__dirname, '..');
const REPO_ROOT = path.resolve(SERVICE_ROOT, '../..');
const serverUrl = process.env.DATABASE_URL || TEST_DATABASE_URL;
const redisUrl = process.env.REDIS_URL || TEST_REDIS_URL;
const databaseName = `bank_sync_fault_${randomBytes(4).toString('hex')}`;
const databaseUrl = (() => {
  const url = new URL(serverUrl);
  url.pathname = `/${databaseName}`;
  return url.toString();
})();
const keyPrefix = `bank-sync-fault-${randomBytes(4).toString('hex')}:`;
const tokenKey = randomBytes(32).toString('hex');
const dataDir = mkdtempSync(path.join(tmpdir(), 'bank-sync-fault-'));

let emulator: PlaidEmulator;
let admin: pg.Client;
let db: pg.Client;
let queue: Queue;
const workers: { child: ChildProcess; log: string[] }[] = [];
let item: { id: string; userId: string; emulated: EmulatedItem };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function until<T>(probe: () => Promise<T | undefined | false | null>, what: string, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}\n${workers.map((w) => w.log.join('')).join('\n---\n').slice(-4000)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** `node dist/worker.js` as deployed, on the throwaway database; resolves once /health/ready answers 200. */
async function startWorker() {
  const port = await freePort();
  const log: string[] = [];
  const child = spawn(process.execPath, [path.join(SERVICE_ROOT, 'dist/worker.js')], {
    cwd: SERVICE_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      REDIS_KEY_PREFIX: keyPrefix,
      PLAID_BASE_URL: emulator.url,
      PLAID_CLIENT_ID: EMULATOR_CLIENT_ID,
      PLAID_SECRET: EMULATOR_SECRET,
      BANK_TOKEN_KEY: tokenKey,
      DATA_DIR: dataDir,
      SYNC_CONCURRENCY: '1',
      SYNC_JOB_LOCK_MS: '2000',
      SYNC_RETRY_DELAY_MS: '50',
      // Detection would compete for the single job slot; it is not what this test is about.
      DETECT_DEBOUNCE_MS: '600000',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => log.push(chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => log.push(chunk.toString()));
  const worker = { child, log };
  workers.push(worker);
  await until(async () => child.exitCode === null && (await fetch(`http://127.0.0.1:${port}/health/ready`)).status === 200, 'the worker to be ready', 30_000);
  return worker;
}

async function stopWorker(worker: { child: ChildProcess }, signal: NodeJS.Signals = 'SIGTERM') {
  if (worker.child.exitCode !== null || worker.child.signalCode !== null) return;
  const exited = new Promise((resolve) => worker.child.once('exit', resolve));
  worker.child.kill(signal);
  await exited;
}

async function syncState() {
  const { rows } = await db.query(`SELECT sync_state, cursor, last_error FROM bank_sync.plaid_items WHERE id = $1`, [item.id]);
  return rows[0] as { sync_state: string; cursor: string | null; last_error: string | null };
}

/** Every row as the product reads it (ids and timestamps aside), in a stable order. */
async function rowsSnapshot() {
  const { rows } = await db.query(
    `SELECT t.plaid_transaction_id, t.pending_transaction_id, t.amount::text, to_char(t.date, 'YYYY-MM-DD') AS date,
            to_char(t.authorized_date, 'YYYY-MM-DD') AS authorized_date, t.name, t.merchant_name, t.merchant_key,
            t.category, t.pending, t.currency_code, a.plaid_account_id
     FROM bank_sync.bank_transactions t JOIN bank_sync.bank_accounts a ON a.id = t.account_id
     WHERE t.item_id = $1 ORDER BY t.plaid_transaction_id`,
    [item.id],
  );
  return rows;
}

async function enqueue(jobId: string) {
  await queue.add('sync-item', { userId: item.userId, itemId: item.id }, { jobId, attempts: 6, backoff: { type: 'exponential', delay: 50 }, removeOnComplete: true, removeOnFail: true });
}

async function importFromScratch(jobIds: string[]) {
  await db.query(`DELETE FROM bank_sync.bank_transactions WHERE item_id = $1`, [item.id]);
  await db.query(`UPDATE bank_sync.plaid_items SET cursor = NULL, sync_state = 'queued' WHERE id = $1`, [item.id]);
  await Promise.all(jobIds.map(enqueue));
  await until(async () => {
    const counts = await queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
    const pending = counts.waiting + counts.active + counts.prioritized + (counts.delayed ?? 0) - (await delayedOthers());
    return pending === 0 && (await syncState()).sync_state === 'idle';
  }, 'the import to finish');
}

/** Delayed jobs that are not this test's imports (the detection debounce, the 6-hourly scheduler's next run). */
async function delayedOthers() {
  return (await queue.getDelayed()).filter((job) => job.name !== 'sync-item' || job.id?.startsWith('repeat:')).length;
}

let cleanRun: Awaited<ReturnType<typeof rowsSnapshot>>;

beforeAll(async () => {
  // The worker under test is the built one: bring dist/ up to date (incremental, quick when it is).
  const build = spawnSync(process.execPath, [path.join(REPO_ROOT, 'node_modules/typescript/bin/tsc'), '-b', SERVICE_ROOT], { cwd: REPO_ROOT, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`build failed:\n${build.stdout}${build.stderr}`);

  admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${databaseName}`);
  db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  queue = new Queue('bank-sync', { connection: { url: redisUrl }, prefix: bullPrefix(keyPrefix) });
  emulator = await startPlaidEmulator({ port: 0, seed: 'fault', maxPurchasesPerDay: 27, log: () => undefined });

  // A linked item, as /exchange-token stores it (the token sealed with the workers' key).
  const plaid = async (route: string, body: object): Promise<Record<string, string>> => {
    const response = await fetch(`${emulator.url}${route}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ client_id: EMULATOR_CLIENT_ID, secret: EMULATOR_SECRET, ...body }) });
    return (await response.json()) as Record<string, string>;
  };
  const { public_token } = await plaid('/sandbox/public_token/create', { institution_id: 'ins_109508', initial_products: ['transactions'], options: { transactions: { days_requested: 730 } } });
  const { access_token, item_id } = await plaid('/item/public_token/exchange', { public_token });
  await startWorker(); // runs the migrations
  const userId = randomUUID();
  const sealed = new SecretBox(Buffer.from(tokenKey, 'hex')).encrypt(access_token, 'plaid-access-token');
  const { rows } = await db.query(
    `INSERT INTO bank_sync.plaid_items (user_id, plaid_item_id, access_token_sealed, institution_name) VALUES ($1, $2, $3, 'First Platypus Bank') RETURNING id`,
    [userId, item_id, sealed],
  );
  item = { id: rows[0].id, userId, emulated: emulator.store.items.get(item_id)! };
});

afterAll(async () => {
  await Promise.all(workers.map((worker) => stopWorker(worker)));
  await queue?.close();
  await db?.end();
  await admin?.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
  await admin?.end();
  const redis = new Redis(redisUrl);
  const keys = await redis.keys(`${keyPrefix}*`);
  if (keys.length) await redis.del(...keys);
  await redis.quit();
  await emulator?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

it('a worker killed with SIGKILL in the middle of a 10,000-transaction pass leaves nothing half-done; a restarted one finishes it', async () => {
  const expected = expectedRows(item.emulated);
  expect(expected.size).toBeGreaterThan(9_500); // about 10,000 with maxPurchasesPerDay 27
  const [first] = workers;
  // SIGKILL the worker when it asks Plaid for its 10th page of 500 (about half of the pass).
  const beforeCall = emulator.hooks.beforeCall.bind(emulator.hooks);
  let calls = 0;
  emulator.hooks.beforeCall = async () => {
    calls += 1;
    if (calls === 10) first!.child.kill('SIGKILL');
    return beforeCall();
  };
  await enqueue(`${item.id}.sync`);
  await until(async () => first!.child.signalCode === 'SIGKILL', 'the kill');
  emulator.hooks.beforeCall = beforeCall;

  expect(await rowsSnapshot()).toEqual([]); // nothing of the cut pass was committed
  expect((await syncState()).cursor).toBeNull();

  await startWorker(); // takes the stalled job once its lock (SYNC_JOB_LOCK_MS) has lapsed
  await until(async () => (await syncState()).cursor !== null && (await syncState()).sync_state === 'idle', 'the restarted import');
  const afterKill = await rowsSnapshot();
  expect(afterKill.map((row) => row.plaid_transaction_id)).toEqual([...expected.keys()].sort());

  // A clean run of the same item from scratch gives exactly the same rows.
  await importFromScratch([`${item.id}.sync`]);
  cleanRun = await rowsSnapshot();
  expect(cleanRun).toEqual(afterKill);
});

it('two workers importing the same item at once leave the same rows as a clean run', async () => {
  expect(cleanRun).toBeDefined();
  await startWorker(); // two live workers now, one job slot each
  await importFromScratch([`${item.id}.sync`, `${item.id}.sync.again`]);
  expect(await rowsSnapshot()).toEqual(cleanRun);
  expect(await syncState()).toMatchObject({ sync_state: 'idle', last_error: null });
});

it('SIGTERM lets the running pass finish and commit before the worker exits (drain)', async () => {
  expect(cleanRun).toBeDefined();
  await db.query(`DELETE FROM bank_sync.bank_transactions WHERE item_id = $1`, [item.id]);
  await db.query(`UPDATE bank_sync.plaid_items SET cursor = NULL, sync_state = 'queued' WHERE id = $1`, [item.id]);
  emulator.hooks.setDelay(40); // a pass of ~21 pages now takes about a second
  try {
    await enqueue(`${item.id}.sync`);
    await until(async () => (await syncState()).sync_state === 'running', 'the pass to start');
    const live = workers.filter((worker) => worker.child.exitCode === null && worker.child.signalCode === null);
    const exits = live.map((worker) => new Promise<string>((resolve) => worker.child.once('exit', (code, signal) => resolve(`${code ?? ''}${signal ?? ''}`))));
    for (const worker of live) worker.child.kill('SIGTERM');
    // Nest closes the app (workers drain), then re-raises SIGTERM to end the process.
    expect(await Promise.all(exits)).toEqual(live.map(() => 'SIGTERM'));
  } finally {
    emulator.hooks.setDelay(0);
  }
  // No worker is left, so the pass that was running when the signal came finished and committed.
  expect(await syncState()).toMatchObject({ sync_state: 'idle', cursor: expect.any(String) });
  expect(await rowsSnapshot()).toEqual(cleanRun);
});
