import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Cluster, type Redis } from 'ioredis';
import pg from 'pg';
import type { z } from 'zod';
import { createServiceApp } from '../bootstrap.js';
import { fixedClock, type Clock } from '../clock.js';
import { loadConfig, type BaseEnv } from '../config.js';
import { createRedisConnection } from '../redis.js';
import type { ServiceDefinition } from '../service-definition.js';
import { startTestAuth, type TestAuth, type TestUser } from './test-auth.js';

/** The machine's PostgreSQL and Redis (the ones every development machine runs) unless the environment names others. */
export const TEST_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
export const TEST_REDIS_URL = 'redis://127.0.0.1:6379';
/** Where the harness's clock stands unless a test passes its own: Tuesday 2026-03-10, midday UTC. */
export const TEST_NOW = '2026-03-10T12:00:00.000Z';

export interface ServiceHarnessOptions {
  /** Environment on top of the process's and the harness's own (DATABASE_URL, REDIS_URL, AUTH_JWKS_URL...). */
  env?: Record<string, string | undefined>;
  /** Default: fixed at TEST_NOW. */
  clock?: Clock;
  /** Default: REDIS_URL, else the machine's Redis. */
  redisUrl?: string;
  /** Prefix of every `call` path, e.g. `/api/financial`. */
  basePath?: string;
  /** Whose access token `call` sends when the call names none. Default: none. */
  callAs?: 'userA' | 'userB' | 'admin';
}

export interface CallOptions {
  /** The bearer token; `null` sends no authorization header even when `callAs` is set. */
  token?: string | null;
  /** JSON-encoded unless already a string; sets a JSON content type. */
  body?: unknown;
  headers?: Record<string, string>;
}

export interface ApiResponse {
  status: number;
  /** Parsed JSON, or null for an empty body. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  headers: Headers;
}

/**
 * One service, for real, for one test file: its app on 127.0.0.1 at an ephemeral port, on a fresh schema of
 * the real PostgreSQL with its migrations applied, the real Redis under a key prefix of its own, a fixed
 * clock and a JWKS server whose tokens the service accepts. `close()` leaves nothing behind.
 */
export interface ServiceHarness<Config extends BaseEnv> {
  app: NestFastifyApplication;
  baseUrl: string;
  config: Config;
  /** The fresh PostgreSQL schema of this run. */
  schema: string;
  /** Every Redis key the service writes under this run starts with this (REDIS_KEY_PREFIX). */
  redisKeyPrefix: string;
  /** A connection to the same database, for arranging rows and reading what the service stored. */
  db: pg.Client;
  clock: Clock;
  auth: TestAuth;
  /** Two users and an admin holding valid access tokens. */
  userA: TestUser;
  userB: TestUser;
  admin: TestUser;
  call(method: string, path: string, options?: CallOptions): Promise<ApiResponse>;
  /** Empties every table of the schema (not its migrations). */
  truncate(): Promise<void>;
  close(): Promise<void>;
}

/** PostgreSQL's SQLSTATE for a transaction chosen as a deadlock victim. */
const DEADLOCK_DETECTED = '40P01';
const TRUNCATE_ATTEMPTS = 5;

const runId = () => `${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;

async function deleteKeys(redisUrl: string, prefix: string): Promise<void> {
  const redis = createRedisConnection(redisUrl, { maxRetriesPerRequest: 1, lazyConnect: true });
  try {
    await redis.connect();
    // SCAN walks one node's keyspace: on a cluster, walk every primary. A cluster's keys of one node may sit in
    // several slots, so they go one DEL each (routed by the cluster client) rather than one DEL of them all.
    const nodes: Redis[] = redis instanceof Cluster ? redis.nodes('master') : [redis];
    for (const node of nodes) {
      let cursor = '0';
      do {
        const [next, keys] = await node.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
        if (keys.length && redis instanceof Cluster) await Promise.all(keys.map((key) => redis.del(key)));
        else if (keys.length) await redis.del(...keys);
        cursor = next;
      } while (cursor !== '0');
    }
  } finally {
    redis.disconnect();
  }
}

/** Runs the cleanups in reverse order, each even when an earlier one failed; rethrows the first failure. */
async function runCleanups(cleanups: (() => Promise<unknown>)[]): Promise<void> {
  let failure: unknown;
  for (const cleanup of cleanups.reverse()) {
    await cleanup().catch((error: unknown) => {
      failure ??= error;
    });
  }
  if (failure) throw failure;
}

export async function startServiceHarness<Env extends z.ZodType<BaseEnv>>(
  definition: ServiceDefinition<Env>,
  options: ServiceHarnessOptions = {},
): Promise<ServiceHarness<z.output<Env>>> {
  const id = runId();
  const schema = `${definition.name.replace(/[^a-z0-9]/gi, '_').toLowerCase()}_test_${id}`;
  const redisKeyPrefix = `${definition.name}-test-${id}:`;
  const clock = options.clock ?? fixedClock(TEST_NOW);
  const cleanups: (() => Promise<unknown>)[] = [];
  try {
    const auth = await startTestAuth();
    cleanups.push(() => auth.close());
    const config = loadConfig(definition.env, {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: process.env.DATABASE_URL || TEST_DATABASE_URL,
      REDIS_URL: options.redisUrl ?? (process.env.REDIS_URL || TEST_REDIS_URL),
      AUTH_JWKS_URL: auth.jwksUrl,
      REDIS_KEY_PREFIX: redisKeyPrefix,
      LOG_LEVEL: 'warn',
      ...options.env,
    }, { service: definition.name });
    const db = new pg.Client({ connectionString: config.DATABASE_URL });
    await db.connect();
    cleanups.push(() => db.end());
    // Registered before the app starts: whatever the migrations managed to create goes too.
    cleanups.push(() => db.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`));
    cleanups.push(() => deleteKeys(config.REDIS_URL, redisKeyPrefix));

    const app = await createServiceApp(definition, { config, clock, databaseSchema: schema });
    cleanups.push(() => app.close());
    await app.listen({ port: 0, host: '127.0.0.1' });
    const baseUrl = await app.getUrl();

    const [userA, userB, admin] = await Promise.all([auth.user(), auth.user(), auth.user('admin')]);
    const defaultToken = options.callAs ? { userA, userB, admin }[options.callAs].token : null;

    const call = async (method: string, path: string, { token, body, headers = {} }: CallOptions = {}): Promise<ApiResponse> => {
      const bearer = token === undefined ? defaultToken : token;
      const response = await fetch(`${baseUrl}${options.basePath ?? ''}${path}`, {
        method,
        headers: {
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
          ...headers,
        },
        body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : null, headers: response.headers };
    };

    const truncate = async () => {
      const { rows } = await db.query<{ tablename: string }>(
        `SELECT tablename FROM pg_tables WHERE schemaname = $1 AND tablename <> 'migrations'`,
        [schema],
      );
      if (rows.length === 0) return;
      const statement = `TRUNCATE ${rows.map(({ tablename }) => `"${schema}"."${tablename}"`).join(', ')}`;
      // A worker of the previous test may still be writing (a sync or detection finishing): PostgreSQL then picks
      // the TRUNCATE as a deadlock victim. The worker's transaction ends soon, so try again.
      for (let attempt = 1; ; attempt += 1) {
        try {
          await db.query(statement);
          return;
        } catch (error) {
          if ((error as { code?: string }).code !== DEADLOCK_DETECTED || attempt === TRUNCATE_ATTEMPTS) throw error;
          await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
        }
      }
    };

    return {
      app,
      baseUrl,
      config,
      schema,
      redisKeyPrefix,
      db,
      clock,
      auth,
      userA,
      userB,
      admin,
      call,
      truncate,
      close: () => runCleanups(cleanups.splice(0)),
    };
  } catch (error) {
    await runCleanups(cleanups).catch(() => undefined);
    throw error;
  }
}
