#!/usr/bin/env node
// `npm run bench:scale`: the product at 10,000 / 100,000 / 1,000,000 users. Seeds a database of its own
// (paycadence_scale, schemas made by the services' own migrations) with COPY (./seed.mjs), size after size, each
// adding to the last, and at each size measures: one reminder scan (ReminderScanner.scan() in-process, from
// finance's build), the dashboard at a fixed 1,000 requests/s over signed-in random users in rounds alternating
// with the same load on a 1,000-user baseline database (its own services beside the others), the heaviest user's
// latest 200 transactions, sign-ins, one bank import of about 10,000 transactions (the Plaid emulator), the
// heaviest user's export, Redis per linked item (what the bank-sync worker keeps once started), PostgreSQL per user,
// and each process's memory. Writes tests/load/results/scale.json after every size; docs/performance.md shows it
// (`npm run bench:doc`). Not part of `npm run bench` or `npm test`.
//
//   npm run bench:scale -- --sizes=10000,100000 --transactions=2000000 [--keep]
//
// --transactions is the total at the largest size (10% of users link a bank, so the mean per bank is
// transactions / (largest × 0.1)); --keep leaves the database for a look afterwards; --skip-build measures the
// services' existing builds.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { Redis } from 'ioredis';
import { REPO_ROOT, median, processCpuMs, startBenchServers, writeResults } from '../bench-kit.mjs';
import { medianRun, runOpenLoop } from '../support/open-loop.mjs';
import { startNoiseProbe } from '../support/noise-probe.mjs';
import { findFreePort, waitForHttpOk } from '../../../tools/lib/network.mjs';
import { forEachLine, runCommand, stopChild } from '../../../tools/lib/processes.mjs';
import { startLocalRedis } from '../../../tools/lib/bootstrap.mjs';
import { EMULATOR_CLIENT_ID, EMULATOR_SECRET, startPlaidEmulator } from '../../../tools/plaid-emulator/plaid-emulator.mjs';
import {
  DUE_SHARE,
  HEAVY_USER_TRANSACTIONS,
  LINKED_SHARE,
  SEEDED_PASSWORD,
  isLinked,
  seedUsers,
  tablesFor,
  userEmail,
  userId,
} from './seed.mjs';

const { values: options } = parseArgs({
  options: {
    sizes: { type: 'string', default: '10000,100000,1000000' },
    transactions: { type: 'string', default: '20000000' },
    keep: { type: 'boolean', default: false },
    'skip-build': { type: 'boolean', default: false },
  },
});
const SIZES = options.sizes.split(',').map(Number).sort((a, b) => a - b);
if (SIZES.some((size) => !Number.isInteger(size) || size < 100)) {
  console.error('--sizes takes whole numbers of users, at least 100 each, e.g. --sizes=10000,100000');
  process.exit(2);
}
const TRANSACTIONS = Number(options.transactions);
const AVERAGE_TRANSACTIONS = TRANSACTIONS / (SIZES.at(-1) * LINKED_SHARE);
const DATABASE = 'paycadence_scale';
const DASHBOARD_RATE = 1000;
// The dashboard's figure at each size is paired with the same load on a database of BASELINE_USERS: rounds of
// DASHBOARD_ROUND_SECONDS alternate between the two (ABBA order), so a machine growing busier favours neither.
const DASHBOARD_ROUNDS = 8;
const DASHBOARD_ROUND_SECONDS = 4;
const DASHBOARD_WARMUP_SECONDS = 2;
const BASELINE_DATABASE = 'paycadence_scale_baseline';
const BASELINE_USERS = 1000;
const BASELINE_SIGNED_IN = 200;
const BASELINE_SERVICES = ['auth', 'household', 'bank-sync', 'finance'];
const SIGN_IN_RATE = 10;
const SIGN_IN_SECONDS = 20;
const LIST_RATE = 50;
// 1,500 answers, so the p99 is the 15th slowest rather than the 5th: one scheduling hiccup does not make it.
const LIST_SECONDS = 30;
const PURCHASES_PER_DAY = 27;
const SERVICES = ['auth', 'finance', 'household', 'bank-sync', 'waitlist', 'admin'];

const log = (line) => console.log(line);
const seconds = (ms) => Math.round(ms / 100) / 10;
const round2 = (value) => Math.round(value * 100) / 100;

/**
 * A built entry of a service in its own process; resolves once /health/ready answers. The dist folders are
 * shared with whoever builds in this checkout meanwhile: an entry that dies on a module missing or half
 * written is tried again a few times before the bench gives up.
 */
async function startEntry(name, script, env, attempts = 6) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startEntryOnce(name, script, env);
    } catch (error) {
      if (attempt >= attempts || !/ERR_MODULE_NOT_FOUND|SyntaxError/.test(error.message)) throw error;
      log(`  ${name} ${script} met a build in progress; trying again in 15 s`);
      await new Promise((resolve) => setTimeout(resolve, 15_000));
    }
  }
}

async function startEntryOnce(name, script, env) {
  const port = await findFreePort();
  const child = spawn(process.execPath, [join(REPO_ROOT, 'services', name, 'dist', script)], {
    cwd: join(REPO_ROOT, 'services', name),
    env: { ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = [];
  const keep = (line) => (output.push(line), output.length > 30 && output.shift());
  forEachLine(child.stdout, keep);
  forEachLine(child.stderr, keep);
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHttpOk(`${url}/health/ready`, {
      timeoutMs: 600_000,
      shouldStop: () => (child.exitCode !== null ? `${name} exited with ${child.exitCode}` : null),
    });
  } catch (error) {
    await stopChild(child, 2000);
    throw new Error(`${error.message}\nLast output of ${name} ${script}:\n${output.join('\n')}`);
  }
  const label = `${name}${script === 'worker.js' ? '-worker' : ''}${env.PROCESS_LABEL ? ` (${env.PROCESS_LABEL})` : ''}`;
  return { name: label, url, pid: child.pid, stop: () => stopChild(child, 10_000) };
}

/** One line for a noise probe's report: how late an idle timer fired and how long `SELECT 1` took. */
const describeNoise = ({ timerLate, selectOne }) =>
  `an idle 1 ms timer late by p50 ${timerLate.p50Ms} / p99 ${timerLate.p99Ms} / max ${timerLate.maxMs} ms, SELECT 1 p50 ${selectOne.p50Ms} / p99 ${selectOne.p99Ms} / max ${selectOne.maxMs} ms`;

/** Resident memory (MiB) of a process, from /proc; null where it cannot be read. */
function rssMiB(pid) {
  try {
    const kib = Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+)/m)[1]);
    return Math.round(kib / 102.4) / 10;
  } catch {
    return null;
  }
}

async function json(url, { method = 'GET', token, body } = {}) {
  const response = await fetch(url, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  if (response.status >= 300) throw new Error(`${method} ${new URL(url).pathname}: ${response.status} ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : null;
}

async function signIn(authUrl, i) {
  const answer = await json(`${authUrl}/api/auth/login`, { method: 'POST', body: { email: userEmail(i), password: SEEDED_PASSWORD } });
  return answer.session.access_token;
}

/** The database's transaction and row counters (read from another database, so the reading is not counted). */
async function databaseCounters(admin) {
  await admin.query('SELECT pg_stat_clear_snapshot()');
  const { rows } = await admin.query(
    `SELECT (xact_commit + xact_rollback)::bigint AS xacts, tup_returned::bigint AS returned, tup_fetched::bigint AS fetched
       FROM pg_stat_database WHERE datname = $1`,
    [DATABASE],
  );
  return { xacts: Number(rows[0].xacts), returned: Number(rows[0].returned), fetched: Number(rows[0].fetched) };
}

/**
 * One reminder scan in this process: finance's worker modules from its build, with a job queue of its own that
 * nothing processes (so the planning jobs it adds, one per due user, are counted, not run, and the stack's own queue is left alone).
 */
async function measureReminderScan({ env, admin }) {
  const dist = (path) => pathToFileURL(join(REPO_ROOT, 'services/finance/dist', path)).href;
  const kit = await import('@paycadence/nest-kit');
  const { serviceDefinition } = await import(dist('service-definition.js'));
  const { HouseholdsModule } = await import(dist('households/households.module.js'));
  const { RemindersWorkerModule } = await import(dist('reminders/reminders.module.js'));
  const { ReminderScanner } = await import(dist('reminders/reminder-scanner.js'));
  const context = await kit.createServiceContext(serviceDefinition, {
    env,
    imports: (config) => [
      kit.RedisModule.forRoot(() => config.REDIS_URL),
      kit.AuthKitModule.forRoot(() => ({ jwksUrl: config.AUTH_JWKS_URL })),
      kit.JobsModule.forRoot(() => ({ redisUrl: config.REDIS_URL, keyPrefix: `scale-scan-${randomBytes(3).toString('hex')}:`, processQueues: [], concurrency: 1 })),
      kit.MailModule.forRoot(() => ({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, outboxDir: join(env.DATA_DIR, 'outbox') })),
      HouseholdsModule,
      RemindersWorkerModule,
    ],
  });
  await context.init();
  const before = await databaseCounters(admin);
  const started = performance.now();
  let added;
  let error;
  try {
    added = await context.get(ReminderScanner).scan();
  } catch (failure) {
    error = failure.message;
  }
  const wallMs = Math.round(performance.now() - started);
  // Closing ends the context's connections, whose backends report their counters as they exit.
  await context.close();
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const after = await databaseCounters(admin);
  return {
    wallMs,
    sendJobsAdded: added ?? null,
    ...(error ? { error } : {}),
    transactions: after.xacts - before.xacts,
    rowsReturned: after.returned - before.returned,
    rowsFetched: after.fetched - before.fetched,
  };
}

/** Redis's used_memory, once it has not moved for two seconds (a worker's start-up writes are done). */
async function settledRedisMemory(redis) {
  let last = -1;
  for (let still = 0; still < 4; ) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const used = Number((await redis.info('memory')).match(/^used_memory:(\d+)/m)[1]);
    still = used === last ? still + 1 : 0;
    last = used;
  }
  return last;
}


/** One round of the dashboard at DASHBOARD_RATE over the given users' tokens, straight to a finance. */
function dashboardRound(url, tokens) {
  return runOpenLoop({
    url,
    rate: DASHBOARD_RATE,
    durationSeconds: DASHBOARD_ROUND_SECONDS,
    warmupSeconds: DASHBOARD_WARMUP_SECONDS,
    makeRequest: () => ({
      path: '/api/financial/dashboard-with-insights',
      headers: { authorization: `Bearer ${tokens[Math.floor(Math.random() * tokens.length)]}`, 'accept-encoding': 'gzip' },
    }),
  });
}

/**
 * The dashboard at this size against the baseline database, in alternating rounds (baseline first in even
 * rounds, this size first in odd ones); each side's figure is its median round by p99.
 */
async function measureDashboardPaired({ sizeUrl, sizePid, sizeTokens, baseline }) {
  const sides = {
    size: { url: sizeUrl, pid: sizePid, tokens: sizeTokens, runs: [], cpuMs: 0, requests: 0 },
    baseline: { url: baseline.financeUrl, pid: baseline.financePid, tokens: baseline.tokens, runs: [], cpuMs: 0, requests: 0 },
  };
  for (let round = 0; round < DASHBOARD_ROUNDS; round += 1) {
    for (const name of round % 2 === 0 ? ['baseline', 'size'] : ['size', 'baseline']) {
      const side = sides[name];
      const before = processCpuMs(side.pid);
      const run = await dashboardRound(side.url, side.tokens);
      side.cpuMs += processCpuMs(side.pid) - before;
      // The warm-up's requests are in the CPU reading too.
      side.requests += run.sent + Math.round(DASHBOARD_RATE * DASHBOARD_WARMUP_SECONDS);
      side.runs.push(run);
    }
  }
  const summary = (side) => ({
    ...medianRun(side.runs),
    roundsP99Ms: side.runs.map((run) => run.p99Ms),
    // How late the load generator itself sent its worst request in each round: a stall of the generator's own
    // process, which the round's latencies include.
    roundsBehindScheduleMs: side.runs.map((run) => run.behindScheduleMs),
    financeCpuMsPerRequest: Math.round((side.cpuMs / side.requests) * 1000) / 1000,
  });
  return { size: summary(sides.size), baseline: summary(sides.baseline) };
}

/**
 * The dashboard's baseline: BASELINE_USERS users seeded like the others in a database of their own, served by
 * their own auth, household, bank-sync (its migrations make the tables the seed fills) and finance on a Redis of
 * their own (the services' message transport is not prefixed, so a shared Redis would mix the two stacks).
 */
async function startBaseline({ admin, infra, env, tables, dataDir }) {
  await admin.query(`DROP DATABASE IF EXISTS ${BASELINE_DATABASE} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${BASELINE_DATABASE}`);
  const databaseUrl = Object.assign(new URL(infra.databaseUrl), { pathname: `/${BASELINE_DATABASE}` }).href;
  const baselineDir = join(dataDir, 'baseline');
  const redis = await startLocalRedis({ port: await findFreePort(), dataDir: baselineDir, persistent: false, log: () => {} });
  const processes = [];
  const stop = async () => {
    for (const entry of processes.reverse()) await entry.stop();
    await redis.stop();
    await admin.query(`DROP DATABASE IF EXISTS ${BASELINE_DATABASE} WITH (FORCE)`).catch(() => {});
  };
  try {
    const baseEnv = { ...env, DATABASE_URL: databaseUrl, REDIS_URL: redis.url, DATA_DIR: baselineDir, PROCESS_LABEL: 'baseline' };
    delete baseEnv.AUTH_JWKS_URL;
    const started = {};
    for (const name of BASELINE_SERVICES) {
      started[name] = await startEntry(name, 'main.js', baseEnv);
      processes.push(started[name]);
      if (name === 'auth') baseEnv.AUTH_JWKS_URL = `${started.auth.url}/.well-known/jwks.json`;
    }
    const connect = async () => {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      return client;
    };
    await seedUsers({ connect, from: 0, to: BASELINE_USERS, tables });
    const db = await connect();
    try {
      await db.query(`SELECT setval('finance.data_version_seq', (SELECT max(version) FROM finance.data_versions))`);
      await db.query('VACUUM (ANALYZE)');
    } finally {
      await db.end();
    }
    const tokens = [];
    // Access tokens last 15 minutes, less than a large size takes to seed: each size signs the baseline's users in anew.
    const signInAgain = async () => {
      tokens.length = 0;
      for (let i = 0; tokens.length < BASELINE_SIGNED_IN; i += Math.floor(BASELINE_USERS / BASELINE_SIGNED_IN)) tokens.push(await signIn(started.auth.url, i));
    };
    await signInAgain();
    log(`Dashboard baseline: ${BASELINE_USERS.toLocaleString('en-US')} users in ${BASELINE_DATABASE}, ${tokens.length} signed in`);
    return { financeUrl: started.finance.url, financePid: started.finance.pid, tokens, signInAgain, processes, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

const latency = (run) => ({ offeredRate: run.offeredRate, achievedRate: run.achievedRate, sent: run.sent, p50Ms: run.p50Ms, p90Ms: run.p90Ms, p99Ms: run.p99Ms, maxMs: run.maxMs, non2xx: run.non2xx, errors: run.errors });

async function measureSize({ size, previous, stack, admin, db, redis, workerEnv, seedInfo, baseline, noise }) {
  const figures = { users: size, seeding: seedInfo };
  const authUrl = stack.auth.url;

  // Redis per linked item: what a started bank-sync worker keeps in Redis for the items (the polling schedule
  // itself is in PostgreSQL: services/bank-sync/README.md), over the items this size added.
  const linked = Number((await db.query(`SELECT count(*) FROM bank_sync.plaid_items`)).rows[0].count);
  const newItems = Number((await db.query(`SELECT count(*) FROM bank_sync.plaid_items WHERE user_id >= $1`, [userId(previous)])).rows[0].count);
  const redisBefore = await settledRedisMemory(redis);
  const workerStarted = performance.now();
  const worker = await startEntry('bank-sync', 'worker.js', workerEnv);
  const redisAfter = await settledRedisMemory(redis);
  figures.bankSyncWorker = { startMs: Math.round(performance.now() - workerStarted), linkedItems: linked, itemsScheduled: newItems };
  figures.redis = { usedMemoryBytes: redisAfter, deltaBytes: redisAfter - redisBefore, bytesPerLinkedItem: newItems ? Math.round((redisAfter - redisBefore) / newItems) : null };
  log(`  Redis: ${figures.redis.bytesPerLinkedItem} bytes per linked item (${newItems} items added)`);

  try {
    figures.reminderScan = await measureReminderScan({ env: { ...stack.env, DATABASE_URL: stack.databaseUrl }, admin });
    log(`  reminder scan: ${figures.reminderScan.wallMs} ms, ${figures.reminderScan.transactions} transactions, ${figures.reminderScan.rowsReturned + figures.reminderScan.rowsFetched} rows read, ${figures.reminderScan.sendJobsAdded} due users queued${figures.reminderScan.error ? `, failed: ${figures.reminderScan.error}` : ''}`);

    // Sign-ins at a modest fixed rate over random users; their tokens drive the dashboard.
    const tokens = new Map();
    tokens.set(0, await signIn(authUrl, 0));
    const pick = () => Math.floor(Math.random() * size);
    const signIns = await runOpenLoop({
      url: authUrl,
      rate: SIGN_IN_RATE,
      durationSeconds: SIGN_IN_SECONDS,
      warmupSeconds: 1,
      makeRequest: () => {
        const i = pick();
        return { method: 'POST', path: '/api/auth/login', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: userEmail(i), password: SEEDED_PASSWORD }), i };
      },
      onResponse: (request, status, text) => {
        if (status === 200) tokens.set(request.i, JSON.parse(text).session.access_token);
      },
    });
    figures.signIn = latency(signIns);
    log(`  sign-in at ${SIGN_IN_RATE}/s: p50 ${signIns.p50Ms} ms, p99 ${signIns.p99Ms} ms, non-2xx ${signIns.non2xx}`);

    const users = [...tokens.entries()];
    await baseline.signInAgain();
    await noise.report(); // what came before the rounds is not theirs
    const paired = await measureDashboardPaired({ sizeUrl: stack.finance.url, sizePid: stack.finance.pid, sizeTokens: [...tokens.values()], baseline });
    figures.noiseDuringDashboard = await noise.report();
    const dashboardFigures = (side) => ({ ...latency(side), roundsP99Ms: side.roundsP99Ms, roundsBehindScheduleMs: side.roundsBehindScheduleMs, financeCpuMsPerRequest: side.financeCpuMsPerRequest });
    figures.dashboard = { ...dashboardFigures(paired.size), signedInUsers: users.length };
    figures.dashboardBaseline = { ...dashboardFigures(paired.baseline), users: BASELINE_USERS, signedInUsers: baseline.tokens.length };
    figures.dashboardP99Ratio = round2(paired.size.p99Ms / paired.baseline.p99Ms);
    figures.dashboardCpuRatio = round2(paired.size.financeCpuMsPerRequest / paired.baseline.financeCpuMsPerRequest);
    for (const [label, side] of [[`${users.length} users signed in`, paired.size], [`paired, ${BASELINE_USERS.toLocaleString('en-US')}-user baseline`, paired.baseline]]) {
      log(`  dashboard at ${DASHBOARD_RATE}/s, ${label}: p50 ${side.p50Ms} ms, p99 ${side.p99Ms} ms (rounds ${side.roundsP99Ms.join(', ')}; generator behind by up to ${side.roundsBehindScheduleMs.join(', ')}), finance CPU ${side.financeCpuMsPerRequest} ms/request, non-2xx ${side.non2xx}`);
    }
    log(`    against the baseline: p99 ${figures.dashboardP99Ratio}×, finance CPU per request ${figures.dashboardCpuRatio}×`);
    log(`    machine noise meanwhile: ${describeNoise(figures.noiseDuringDashboard)}`);

    const heavy = tokens.get(0);
    await noise.report();
    const list = await runOpenLoop({
      url: stack['bank-sync'].url,
      path: `/api/plaid-production/transactions/${userId(0)}?limit=200`,
      headers: { authorization: `Bearer ${heavy}`, 'accept-encoding': 'gzip' },
      rate: LIST_RATE,
      durationSeconds: LIST_SECONDS,
      warmupSeconds: 1,
    });
    figures.transactionList = { ...latency(list), userTransactions: HEAVY_USER_TRANSACTIONS, limit: 200 };
    figures.noiseDuringTransactionList = await noise.report();
    log(`  latest 200 of ${HEAVY_USER_TRANSACTIONS} transactions at ${LIST_RATE}/s: p50 ${list.p50Ms} ms, p99 ${list.p99Ms} ms, non-2xx ${list.non2xx}`);
    log(`    machine noise meanwhile: ${describeNoise(figures.noiseDuringTransactionList)}`);

    const exports = [];
    let exportBytes = 0;
    for (let run = 0; run < 3; run += 1) {
      const started = performance.now();
      const response = await fetch(`${authUrl}/api/auth/account/export`, { headers: { authorization: `Bearer ${heavy}` } });
      const bytes = (await response.arrayBuffer()).byteLength;
      if (response.status !== 200) throw new Error(`export: ${response.status}`);
      exports.push(performance.now() - started);
      exportBytes = bytes;
    }
    figures.export = { medianMs: Math.round(median(exports)), runsMs: exports.map(Math.round), zipBytes: exportBytes, userTransactions: HEAVY_USER_TRANSACTIONS };
    log(`  export of the heaviest user: ${figures.export.medianMs} ms (median of 3), ${Math.round(exportBytes / 1024)} KiB zip`);

    // One bank import of about 10,000 transactions, by a signed-in user without a bank.
    const [importer] = users.find(([i]) => !isLinked(i)) ?? [];
    if (importer !== undefined) {
      const token = tokens.get(importer);
      const bankSync = stack['bank-sync'].url;
      const started = performance.now();
      const link = await json(`${bankSync}/api/plaid-production/sandbox/public-token`, { method: 'POST', token, body: { user_id: userId(importer), institution_id: 'ins_109508', username: 'user_good', password: 'pass_good' } });
      const { item_id: itemId } = await json(`${bankSync}/api/plaid-production/exchange-token`, { method: 'POST', token, body: { user_id: userId(importer), public_token: link.public_token, institution_id: 'ins_109508' } });
      let state;
      for (;;) {
        state = (await db.query(`SELECT sync_state, cursor, (SELECT count(*)::int FROM bank_sync.bank_transactions WHERE item_id = $1) AS rows FROM bank_sync.plaid_items WHERE id = $1`, [itemId])).rows[0];
        if (state.sync_state === 'failed') throw new Error('the import failed');
        if (state.sync_state === 'idle' && state.cursor !== null) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      figures.bankImport = { ms: Math.round(performance.now() - started), transactions: state.rows, purchasesPerDay: PURCHASES_PER_DAY };
      log(`  bank import: ${state.rows} transactions in ${figures.bankImport.ms} ms`);
    }
  } finally {
    figures.processMemoryMiB = Object.fromEntries([...Object.values(stack.processes), worker].map((entry) => [entry.name, rssMiB(entry.pid)]));
    figures.processMemoryMiB['scale-bench (load generator, in-process scan)'] = Math.round(process.memoryUsage().rss / 104857.6) / 10;
    await worker.stop();
  }

  const databaseBytes = Number((await admin.query(`SELECT pg_database_size($1) AS bytes`, [DATABASE])).rows[0].bytes);
  const schemas = (
    await db.query(
      `SELECT n.nspname AS schema, sum(pg_total_relation_size(c.oid))::bigint AS bytes
         FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE c.relkind IN ('r', 'm') AND n.nspname IN ('auth', 'finance', 'bank_sync', 'household')
        GROUP BY n.nspname ORDER BY n.nspname`,
    )
  ).rows;
  figures.postgres = {
    databaseBytes,
    bytesPerUser: Math.round(databaseBytes / size),
    bytesPerUserBySchema: Object.fromEntries(schemas.map((row) => [row.schema, Math.round(Number(row.bytes) / size)])),
  };
  log(`  PostgreSQL: ${Math.round(databaseBytes / 2 ** 20)} MiB, ${figures.postgres.bytesPerUser} bytes per user`);
  figures.loadAverage = loadavg().map((value) => round2(value));
  return figures;
}

async function main() {
  log(`Scale bench: sizes ${SIZES.join(', ')}; ${TRANSACTIONS.toLocaleString('en-US')} transactions at the largest (mean ${Math.round(AVERAGE_TRANSACTIONS)} per linked bank)`);
  for (const name of options['skip-build'] ? [] : SERVICES) {
    const build = await runCommand('npx', ['tsc', '-b', `services/${name}`], { quiet: true });
    // Others may be building the shared libraries at the same moment: a build that reports errors but left
    // its entry behind is measured with a warning, as startStackForBench does.
    if (build.code !== 0 && !existsSync(join(REPO_ROOT, 'services', name, 'dist/main.js'))) throw new Error(`tsc -b services/${name} failed:\n${build.output}`);
    if (build.code !== 0) log(`Warning: tsc -b services/${name} reported errors; measuring its existing build`);
  }
  const infra = await startBenchServers();
  const admin = new pg.Client({ connectionString: infra.databaseUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${DATABASE}`);
  const databaseUrl = Object.assign(new URL(infra.databaseUrl), { pathname: `/${DATABASE}` }).href;
  const dataDir = mkdtempSync(join(tmpdir(), 'scale-bench-'));
  const emulator = await startPlaidEmulator({ port: 0, seed: 'scale', maxPurchasesPerDay: PURCHASES_PER_DAY, log: () => {} });
  const redis = new Redis(infra.redisUrl);
  const db = new pg.Client({ connectionString: databaseUrl });
  const processes = {};
  let baseline;
  let noise;
  const results = { sizes: [], options: { sizes: SIZES, transactionsAtLargest: TRANSACTIONS, linkedShare: LINKED_SHARE, dueShare: DUE_SHARE }, machine: { cores: availableParallelism() } };
  try {
    const env = {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATABASE_URL: databaseUrl,
      REDIS_URL: infra.redisUrl,
      REDIS_KEY_PREFIX: 'scale:',
      DATA_DIR: dataDir,
      APP_URL: 'http://localhost:8080',
      SMTP_URL: 'smtp://127.0.0.1:9',
      AUTH_GENERATE_KEYS: 'true',
      FINANCE_GENERATE_KEYS: 'true',
      ADMIN_EMAIL: '',
      ADMIN_PASSWORD: '',
      PLAID_BASE_URL: emulator.url,
      PLAID_CLIENT_ID: EMULATOR_CLIENT_ID,
      PLAID_SECRET: EMULATOR_SECRET,
      BANK_TOKEN_KEY: randomBytes(32).toString('hex'),
    };
    // auth first: the others verify tokens against its key set. Each main runs its service's migrations.
    processes.auth = await startEntry('auth', 'main.js', env);
    env.AUTH_JWKS_URL = `${processes.auth.url}/.well-known/jwks.json`;
    for (const name of SERVICES.slice(1)) processes[name] = await startEntry(name, 'main.js', env);
    const stack = { ...processes, processes, env, databaseUrl };
    await db.connect();

    const nextReminderColumn =
      (await db.query(`SELECT 1 FROM information_schema.columns WHERE table_schema = 'finance' AND table_name = 'reminder_settings' AND column_name = 'next_reminder_at'`)).rowCount > 0;
    results.nextReminderAt = nextReminderColumn ? 'seeded: 1% of reminders-on users due a minute to an hour ago, the rest later' : 'no such column: the scan reads every reminders-on user';
    const { ARGON2_FLOOR } = await import(pathToFileURL(join(REPO_ROOT, 'services/auth/dist/config.js')).href);
    const { hash: argon2 } = await import('@node-rs/argon2');
    const hash = await argon2(SEEDED_PASSWORD, { ...ARGON2_FLOOR, outputLen: 32 });
    const now = new Date();
    const tables = tablesFor({ today: now.toISOString().slice(0, 10), now, hash, averageTransactions: AVERAGE_TRANSACTIONS, nextReminderColumn });
    const connect = async () => {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      return client;
    };

    baseline = await startBaseline({ admin, infra, env, tables, dataDir });
    noise = await startNoiseProbe(databaseUrl);

    let previous = 0;
    for (const size of SIZES) {
      log(`\n── ${size.toLocaleString('en-US')} users: seeding users ${previous.toLocaleString('en-US')}–${(size - 1).toLocaleString('en-US')}`);
      const started = performance.now();
      const rows = await seedUsers({ connect, from: previous, to: size, tables, log });
      // Versions come from one sequence (finance's data versions): later writes must not reuse a seeded one.
      await db.query(`SELECT setval('finance.data_version_seq', (SELECT max(version) FROM finance.data_versions))`);
      // Linked items on their polling slots, as linking puts them (COPY leaves the column's default: due now).
      const { nextSlotSql } = await import(pathToFileURL(join(REPO_ROOT, 'services/bank-sync/dist/sync/sync-slot.js')).href);
      const { SCHEDULED_SYNC_EVERY_MS } = await import('@paycadence/contracts');
      await db.query(
        `UPDATE bank_sync.plaid_items SET next_sync_at = ${nextSlotSql('id', 'now()', String(SCHEDULED_SYNC_EVERY_MS))} WHERE user_id >= $1`,
        [userId(previous)],
      );
      const seededMs = performance.now() - started;
      // As a running database would be: statistics and visibility maps current (index-only scans need the
      // latter), and the seed's writes flushed, so a checkpoint does not land in the middle of a measurement.
      await db.query('VACUUM (ANALYZE)');
      await db.query('CHECKPOINT');
      const rowsAdded = Object.values(rows).reduce((sum, count) => sum + count, 0);
      const totals = {};
      for (const table of ['auth.users', 'finance.bills', 'finance.income_sources', 'finance.reminder_settings', 'bank_sync.plaid_items', 'bank_sync.bank_transactions']) {
        totals[table] = Number((await db.query(`SELECT count(*) FROM ${table}`)).rows[0].count);
      }
      const seedInfo = { usersAdded: size - previous, rowsAdded, seconds: seconds(seededMs), vacuumAnalyzeSeconds: seconds(performance.now() - started - seededMs), rowsPerSecond: Math.round(rowsAdded / (seededMs / 1000)), rowsAddedByTable: rows, totals };
      log(`  seeded ${rowsAdded.toLocaleString('en-US')} rows in ${seedInfo.seconds} s (${seedInfo.rowsPerSecond.toLocaleString('en-US')} rows/s); totals ${JSON.stringify(totals)}`);
      const figures = await measureSize({ size, previous, stack, admin, db, redis, workerEnv: env, seedInfo, baseline, noise });
      results.sizes.push(figures);
      const path = writeResults('scale.json', results);
      log(`  results written to ${path}`);
      previous = size;
    }
  } finally {
    await db.end().catch(() => {});
    await noise?.stop();
    await baseline?.stop();
    for (const entry of Object.values(processes).reverse()) await entry.stop();
    redis.disconnect();
    await emulator.close();
    if (!options.keep) await admin.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`).catch((error) => log(`could not drop ${DATABASE}: ${error.message}`));
    else log(`Kept the database ${DATABASE} (--keep)`);
    await admin.end().catch(() => {});
    await infra.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
