import { TypeOrmModule } from '@nestjs/typeorm';
import { createHash } from 'node:crypto';
import type { DynamicModule } from '@nestjs/common';
import pg from 'pg';
import { DataSource, MigrationExecutor, type DataSourceOptions, type MixedList, type EntitySchema } from 'typeorm';

export interface ServiceDatabaseOptions {
  /**
   * The service's PostgreSQL: DATABASE_URL, or its own DATABASE_URL_<SERVICE> when set (config.ts,
   * serviceEnvironment). Its schema and its migrations table live there; nothing joins across services.
   */
  url: string;
  /** The service's own schema; a service never reads another's (docs/architecture.md). */
  schema: string;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  entities: MixedList<Function | string | EntitySchema>;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  migrations: MixedList<Function | string>;
  poolSize?: number;
}

/**
 * TypeORM has to find the schema before it can create its migrations table inside it. Created only when it is
 * missing: in production each service runs as a role that owns its schema but may not CREATE in the database,
 * and PostgreSQL checks that privilege before IF NOT EXISTS.
 */
export async function ensureSchema(url: string, schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_namespace WHERE nspname = $1', [schema]);
    if (rowCount === 0) {
      // Two replicas starting at once can both get here; IF NOT EXISTS does not stop the second from failing on
      // the catalog's unique index, and the schema is there either way.
      await client.query(`CREATE SCHEMA IF NOT EXISTS "${schema.replace(/"/g, '')}"`).catch((error: { code?: string }) => {
        if (error.code !== UNIQUE_VIOLATION && error.code !== DUPLICATE_SCHEMA) throw error;
      });
    }
  } finally {
    await client.end();
  }
}

const UNIQUE_VIOLATION = '23505';
const DUPLICATE_SCHEMA = '42P06';

/**
 * Runs the pending migrations while holding a PostgreSQL advisory lock named after the schema, so replicas
 * starting together take turns: the first migrates, the others then find nothing pending. (TypeORM's runner
 * takes no lock: without this, the second replica failed on a table or migration row the first had just made.)
 * The migrations run on the very connection that holds the lock: if it drops, they stop with it, and a pool of
 * one is enough. Released with the connection, whatever happens (PostgreSQL drops a session's locks with it).
 */
export async function runMigrationsLocked(dataSource: DataSource, schema: string): Promise<void> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('SELECT pg_advisory_lock(hashtext($1))', [`migrations:${schema}`]);
    await new MigrationExecutor(dataSource, runner).executePendingMigrations();
  } finally {
    await runner.query('SELECT pg_advisory_unlock_all()').catch(() => undefined);
    await runner.release();
  }
}

export function dataSourceOptions(options: ServiceDatabaseOptions): DataSourceOptions {
  return {
    type: 'postgres',
    url: options.url,
    schema: options.schema,
    entities: options.entities,
    migrations: options.migrations,
    migrationsTableName: 'migrations',
    // Run by runMigrationsLocked once the DataSource is up, never by TypeORM's initialize (no lock there).
    migrationsRun: false,
    synchronize: false,
    // Failed queries reach the error filter, which logs them once as JSON.
    logging: false,
    // Raw SQL in migrations and queries lands in the service's own schema.
    // A connection attempt to an unreachable server gives up after 5 s (pg waits forever by default), so a
    // request during an outage is answered instead of hanging; TCP keep-alive finds connections a restart or a
    // network cut left dead. Broken pooled connections are dropped by pg-pool and new ones made on demand.
    extra: {
      max: options.poolSize ?? 10,
      options: `-c search_path=${options.schema}`,
      connectionTimeoutMillis: 5000,
      keepAlive: true,
    },
  };
}

/** A TypeORM module bound to the service's schema, running its checked-in migrations at start. */
export function databaseModule(options: () => ServiceDatabaseOptions): DynamicModule {
  return TypeOrmModule.forRootAsync({
    useFactory: async () => {
      const resolved = options();
      await ensureSchema(resolved.url, resolved.schema);
      return dataSourceOptions(resolved);
    },
    dataSourceFactory: async (dataSourceOptions) => migratedDataSource(new DataSource(dataSourceOptions!)),
  });
}

async function migratedDataSource(dataSource: DataSource): Promise<DataSource> {
  await dataSource.initialize();
  try {
    await runMigrationsLocked(dataSource, String((dataSource.options as { schema?: string }).schema));
  } catch (error) {
    await dataSource.destroy().catch(() => undefined);
    throw error;
  }
  return dataSource;
}

/** For integration tests and scripts: a migrated DataSource on the given schema. */
export async function openDataSource(options: ServiceDatabaseOptions): Promise<DataSource> {
  await ensureSchema(options.url, options.schema);
  return migratedDataSource(new DataSource(dataSourceOptions(options)));
}

/**
 * A read as a named (prepared) statement on TypeORM's own pg pool: PostgreSQL parses and plans it once per
 * connection (and keeps a generic plan once it proves as good), where `dataSource.query` has it parsed and planned
 * on every call, which was most of the database's work on the hottest reads. The name is a digest of the text, as
 * PostgreSQL refuses one name for two texts on a connection; for statements of constant text with parameters only.
 */
export async function preparedQuery<Row>(dataSource: DataSource, text: string, values: readonly unknown[]): Promise<Row[]> {
  const pool = (dataSource.driver as unknown as { master: pg.Pool }).master;
  const name = `pc-${createHash('sha256').update(text).digest('base64url').slice(0, 22)}`;
  const { rows } = await pool.query<pg.QueryResultRow>({ name, text, values: [...values] });
  return rows as Row[];
}

/** PostgreSQL SQLSTATEs of a server that is away or on its way down/up, not of a bad query. */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
const UNAVAILABLE_NODE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND']);

/**
 * Whether an error means PostgreSQL cannot be reached right now (restart, failover, connection limit) rather
 * than that the request or the code is wrong: the error filter answers these 503, not 500. TypeORM wraps the
 * driver's error as `driverError`.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && typeof current === 'object' && depth < 3; depth += 1) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (UNAVAILABLE_SQLSTATES.has(code) || code.startsWith('08') || UNAVAILABLE_NODE_CODES.has(code))) return true;
    if (typeof message === 'string' && /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/.test(message)) return true;
    current = (current as { driverError?: unknown }).driverError ?? (current as { cause?: unknown }).cause;
  }
  return false;
}
