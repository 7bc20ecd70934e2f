// Link a sandbox bank with about 10,000 transactions (the Plaid emulator with
// maxPurchasesPerDay 27) and time from the first link call to every row in PostgreSQL (target ≤ 3 s); then a
// second sync of the same item, which must add 0 rows (target: well under 1 s). Medians of RUNS links.
// Then statement files: a 10,000-transaction CSV (Chase's layout) and OFX 1.x file, timed from the upload to the
// import's answer (every row committed; target ≤ 3 s together), and the same file imported again (0 added).
// Run with `node tests/load/bank-sync.bench.mjs` (or `npm run bench`). Writes tests/load/results/bank-sync.json.
//
// Starts the built bank-sync HTTP entry and its worker (NODE_ENV=production, one worker, SYNC_CONCURRENCY 2)
// against a throwaway database, a random Redis key prefix and the emulator in this process; tokens come from
// a local JWKS (nest-kit's test auth). Times are wall clock as the user waits: HTTP calls, the queue, the
// worker's pass (Plaid pages of 500 and one transaction of bulk upserts) and this script's 10 ms polling.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { median as medianOf, REPO_ROOT, startBenchServers, writeResults } from './bench-kit.mjs';
import { createThrowawayDatabase } from '../../tools/lib/e2e-database.mjs';
import { findFreePort, waitForHttpOk } from '../../tools/lib/network.mjs';
import { forEachLine, runCommand, stopChild } from '../../tools/lib/processes.mjs';
import { EMULATOR_CLIENT_ID, EMULATOR_SECRET, startPlaidEmulator } from '../../tools/plaid-emulator/plaid-emulator.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const PURCHASES_PER_DAY = 27;
const TARGET_IMPORT_MS = 3000;
const TARGET_RESYNC_MS = 1000;
const POLL_MS = 10;
const STATEMENT_ROWS = 10_000;
const TARGET_STATEMENT_MS = 3000;

const median = (values) => Math.round(medianOf(values));

async function post(baseUrl, path, body, token) {
  const response = await fetch(baseUrl + path, {
    method: 'POST',
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), authorization: `Bearer ${token}` },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${path}: ${response.status} ${text}`);
  return JSON.parse(text);
}

/** 10,000 transactions over two years ending yesterday: rent, pay every two weeks, a few purchases most days. */
function statementRows(seed) {
  let state = seed >>> 0;
  const random = () => ((state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 4294967296);
  const shops = ['GROCER #12', 'CORNER CAFE', 'FUEL STOP 88', 'PHARMACY 4', 'BOOKS & MORE', 'HARDWARE CO'];
  const rows = [];
  const end = Date.now() - 86_400_000;
  for (let i = 0; rows.length < STATEMENT_ROWS; i += 1) {
    const day = new Date(end - Math.floor(i / 14) * 86_400_000).toISOString().slice(0, 10);
    const n = i % 14;
    if (n === 0 && day.endsWith('-01')) rows.push({ day, name: 'OAKWOOD APTS', amount: -1450 });
    else if (n === 1 && Math.floor(i / 14) % 14 === 0) rows.push({ day, name: 'ACME SCHOOL DIST PAYROLL', amount: 2100 });
    else rows.push({ day, name: shops[Math.floor(random() * shops.length)], amount: -Math.round(1 + random() * 8000) / 100 });
  }
  return rows;
}
const usDate = (iso) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
const statementCsv = (rows) =>
  ['Details,Posting Date,Description,Amount,Type,Balance,Check or Slip #', ...rows.map((r) => `${r.amount < 0 ? 'DEBIT' : 'CREDIT'},${usDate(r.day)},"${r.name}",${r.amount.toFixed(2)},,,`)].join('\n');
const statementOfx = (rows) =>
  [
    'OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nSECURITY:NONE\nENCODING:USASCII\nCHARSET:1252\nCOMPRESSION:NONE\nOLDFILEUID:NONE\nNEWFILEUID:NONE\n',
    '<OFX><SIGNONMSGSRSV1><SONRS><STATUS><CODE>0<SEVERITY>INFO</STATUS><DTSERVER>20260101<LANGUAGE>ENG<FI><ORG>Bench Credit Union<FID>1</FI></SONRS></SIGNONMSGSRSV1>',
    '<BANKMSGSRSV1><STMTTRNRS><TRNUID>1<STATUS><CODE>0<SEVERITY>INFO</STATUS><STMTRS><CURDEF>USD<BANKACCTFROM><BANKID>1<ACCTID>12345678<ACCTTYPE>CHECKING</BANKACCTFROM>',
    `<BANKTRANLIST><DTSTART>${rows.at(-1).day.replaceAll('-', '')}<DTEND>${rows[0].day.replaceAll('-', '')}`,
    ...rows.map((r, i) => `<STMTTRN><TRNTYPE>${r.amount < 0 ? 'DEBIT' : 'CREDIT'}<DTPOSTED>${r.day.replaceAll('-', '')}<TRNAMT>${r.amount.toFixed(2)}<FITID>B${i}<NAME>${r.name.replace('&', '&amp;')}</STMTTRN>`),
    '</BANKTRANLIST><LEDGERBAL><BALAMT>1000.00<DTASOF>20260101</LEDGERBAL></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>',
  ].join('\n');

/** Upload (the preview's answer), then import into a new account; answers the two times and what was added. */
async function importStatement(baseUrl, token, name, content, accountId) {
  const started = performance.now();
  const uploaded = await fetch(`${baseUrl}/api/plaid-production/statements`, {
    method: 'POST',
    headers: { 'content-type': 'application/octet-stream', 'x-file-name': name, authorization: `Bearer ${token}` },
    body: content,
  });
  const preview = await uploaded.json();
  if (uploaded.status !== 200) throw new Error(`upload ${name}: ${uploaded.status} ${JSON.stringify(preview)}`);
  const uploadMs = performance.now() - started;
  const body = accountId ? { account_id: accountId } : { new_account: { name: 'Bench checking', type: 'checking', institution_name: 'Bench Credit Union' } };
  const imported = await post(baseUrl, `/api/plaid-production/statements/${preview.upload_id}/import`, body, token);
  return { uploadMs: Math.round(uploadMs), totalMs: Math.round(performance.now() - started), added: imported.import.added, accountId: imported.import.account_id };
}

function startProcess(name, script, env, port) {
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
  });
  return { child, ready, url: `http://127.0.0.1:${port}` };
}

export async function runBankSyncBench() {
  const build = await runCommand('npx', ['tsc', '-b', 'services/bank-sync'], { quiet: true });
  if (build.code !== 0) throw new Error(`tsc -b services/bank-sync failed:\n${build.output}`);
  const infra = await startBenchServers();
  const database = await createThrowawayDatabase(infra.databaseUrl, 'banksyncbench');
  const dataDir = mkdtempSync(join(tmpdir(), 'bank-sync-bench-'));
  const { startTestAuth } = await import(pathToFileURL(join(REPO_ROOT, 'libs/nest-kit/dist/testing/index.js')).href);
  const { default: pg } = await import('pg');
  const auth = await startTestAuth();
  const emulator = await startPlaidEmulator({ port: 0, seed: 'bench', maxPurchasesPerDay: PURCHASES_PER_DAY, log: () => {} });
  const prefix = `bank-sync-bench-${randomBytes(4).toString('hex')}:`;
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
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
  };
  const processes = [];
  const db = new pg.Client({ connectionString: database.url });
  try {
    const http = startProcess('bank-sync', 'main.js', env, await findFreePort());
    processes.push(http);
    await http.ready; // migrations ran
    const worker = startProcess('bank-sync worker', 'worker.js', env, await findFreePort());
    processes.push(worker);
    await worker.ready;
    await db.connect();
    const itemState = async (itemId) =>
      (await db.query(`SELECT sync_state, cursor, last_synced_at, (SELECT count(*)::int FROM bank_sync.bank_transactions WHERE item_id = $1) AS rows FROM bank_sync.plaid_items WHERE id = $1`, [itemId])).rows[0];
    const waitFor = async (itemId, done) => {
      for (;;) {
        const state = await itemState(itemId);
        if (state.sync_state === 'failed') throw new Error(`sync failed for ${itemId}`);
        if (done(state)) return state;
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
    };

    const runs = [];
    console.log(`\nbank-sync: link → rows in PostgreSQL, then a second sync; ${RUNS} runs, ${cpus().length} CPU(s)`);
    for (let run = 1; run <= RUNS; run += 1) {
      const user = await auth.user();
      const started = performance.now();
      const signIn = await post(http.url, '/api/plaid-production/sandbox/public-token', { user_id: user.id, institution_id: 'ins_109508', username: 'user_good', password: 'pass_good' }, user.token);
      const { item_id: itemId } = await post(http.url, '/api/plaid-production/exchange-token', { user_id: user.id, public_token: signIn.public_token, institution_id: 'ins_109508' }, user.token);
      const imported = await waitFor(itemId, (state) => state.sync_state === 'idle' && state.cursor !== null);
      const importMs = Math.round(performance.now() - started);

      const resyncStarted = performance.now();
      await post(http.url, `/api/plaid-production/sync/${user.id}`, null, user.token);
      const resynced = await waitFor(itemId, (state) => state.sync_state === 'idle' && state.last_synced_at > imported.last_synced_at);
      const resyncMs = Math.round(performance.now() - resyncStarted);
      runs.push({ importMs, rows: imported.rows, resyncMs, rowsAdded: resynced.rows - imported.rows });
      console.log(`  run ${run}: ${imported.rows} transactions imported in ${importMs} ms; second sync ${resyncMs} ms, ${resynced.rows - imported.rows} rows added`);
    }
    const statementRuns = [];
    console.log(`\nstatement files: upload → ${STATEMENT_ROWS} rows in PostgreSQL, then the same file again; ${RUNS} runs of each format`);
    for (let run = 1; run <= RUNS; run += 1) {
      for (const [format, content] of [['csv', statementCsv(statementRows(run))], ['ofx', statementOfx(statementRows(run))]]) {
        const user = await auth.user();
        const first = await importStatement(http.url, user.token, `bench.${format}`, content);
        const again = await importStatement(http.url, user.token, `bench.${format}`, content, first.accountId);
        statementRuns.push({ format, bytes: content.length, rows: first.added, uploadMs: first.uploadMs, importMs: first.totalMs, reimportMs: again.totalMs, rowsAddedAgain: again.added });
        console.log(`  run ${run} ${format}: ${first.added} rows in ${first.totalMs} ms (upload and preview ${first.uploadMs} ms); again ${again.totalMs} ms, ${again.added} added`);
      }
    }
    const statementMedian = (format, key) => median(statementRuns.filter((r) => r.format === format).map((r) => r[key]));
    const result = {
      purchasesPerDay: PURCHASES_PER_DAY,
      runs,
      median: { importMs: median(runs.map((r) => r.importMs)), rows: median(runs.map((r) => r.rows)), resyncMs: median(runs.map((r) => r.resyncMs)) },
      targets: { importMs: TARGET_IMPORT_MS, resyncMs: TARGET_RESYNC_MS, statementMs: TARGET_STATEMENT_MS },
      statements: {
        runs: statementRuns,
        median: Object.fromEntries(['csv', 'ofx'].map((format) => [format, { rows: statementMedian(format, 'rows'), uploadMs: statementMedian(format, 'uploadMs'), importMs: statementMedian(format, 'importMs'), reimportMs: statementMedian(format, 'reimportMs') }])),
      },
    };
    result.statements.pass =
      Object.values(result.statements.median).every((m) => m.importMs <= TARGET_STATEMENT_MS && m.rows === STATEMENT_ROWS) && statementRuns.every((r) => r.rowsAddedAgain === 0);
    result.pass = result.median.importMs <= TARGET_IMPORT_MS && result.median.resyncMs < TARGET_RESYNC_MS && runs.every((r) => r.rowsAdded === 0) && result.statements.pass;
    console.log(
      `Median: ${result.median.rows} transactions in ${result.median.importMs} ms (target ≤ ${TARGET_IMPORT_MS} ms); ` +
        `second sync ${result.median.resyncMs} ms, 0 rows added (target < ${TARGET_RESYNC_MS} ms) → ${result.pass ? 'PASS' : 'FAIL'}`,
    );
    console.log(
      `Statement files, median: CSV ${result.statements.median.csv.importMs} ms, OFX ${result.statements.median.ofx.importMs} ms for ${STATEMENT_ROWS} rows ` +
        `(target ≤ ${TARGET_STATEMENT_MS} ms), again 0 added → ${result.statements.pass ? 'PASS' : 'FAIL'}`,
    );
    console.log(`Results: ${writeResults('bank-sync.json', result)}`);
    return result;
  } finally {
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
  const result = await runBankSyncBench();
  process.exit(result.pass ? 0 : 1);
}
