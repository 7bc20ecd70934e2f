import { TypeOrmModule } from '@nestjs/typeorm';
import type { DynamicModule } from '@nestjs/common';
import pg from 'pg';
import { DataSource, type DataSourceOptions, type MixedList, type EntitySchema } from 'typeorm';

export interface ServiceDatabaseOptions {
  /** PostgreSQL connection string (one database for the product). */
  url: string;
  /** The service's own schema; a service never reads another's (DESIGN §1). */
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
    if (rowCount === 0) await client.query(`CREATE SCHEMA IF NOT EXISTS "${schema.replace(/"/g, '')}"`);
  } finally {
    await client.end();
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
    migrationsRun: true,
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
  });
}

/** For integration tests and scripts: a migrated DataSource on the given schema. */
export async function openDataSource(options: ServiceDatabaseOptions): Promise<DataSource> {
  await ensureSchema(options.url, options.schema);
  const dataSource = new DataSource(dataSourceOptions(options));
  await dataSource.initialize();
  await dataSource.runMigrations();
  return dataSource;
}
