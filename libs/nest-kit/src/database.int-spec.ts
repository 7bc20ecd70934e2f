import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDataSource, preparedQuery } from './database.js';
import { TEST_DATABASE_URL } from './testing/service-harness.js';

// Against the real PostgreSQL (DATABASE_URL, else the local one), on a schema of this run's own, dropped after.
const url = process.env.DATABASE_URL || TEST_DATABASE_URL;
const schema = `nest_kit_migrations_${randomUUID().slice(0, 8)}`;

/** Slow enough that replicas starting together overlap, and not repeatable: a second run fails on the table. */
class CreateLedger1700000000000 implements MigrationInterface {
  name = 'CreateLedger1700000000000';
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('SELECT pg_sleep(0.3)');
    await queryRunner.query('CREATE TABLE ledger (id int PRIMARY KEY)');
  }
  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE ledger');
  }
}

afterAll(async () => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await client.end();
});

describe('replicas starting together on an empty database', () => {
  it('all start: one creates the schema and runs each migration once, the others wait and find nothing to do', async () => {
    const starts = await Promise.allSettled(
      // A pool of one each: the lock and the migrations share that connection.
      Array.from({ length: 3 }, () => openDataSource({ url, schema, entities: [], migrations: [CreateLedger1700000000000], poolSize: 1 })),
    );
    const failures = starts.flatMap((start) => (start.status === 'rejected' ? [String(start.reason)] : []));
    expect(failures).toEqual([]);
    const [first] = starts.flatMap((start) => (start.status === 'fulfilled' ? [start.value] : []));
    const ran = await first!.query(`SELECT name FROM "${schema}".migrations`);
    expect(ran).toEqual([{ name: 'CreateLedger1700000000000' }]);
    expect(await first!.query(`SELECT count(*)::int AS n FROM "${schema}".ledger`)).toEqual([{ n: 0 }]);
    for (const start of starts) if (start.status === 'fulfilled') await start.value.destroy();
  });
});

describe('preparedQuery', () => {
  it('prepares each text once per connection under a name of its own, and answers its rows', async () => {
    const dataSource = await openDataSource({ url, schema, entities: [], migrations: [], poolSize: 1 });
    try {
      const double = 'SELECT ($1::int * 2) AS n';
      const square = 'SELECT ($1::int * $1::int) AS n';
      for (let run = 0; run < 3; run += 1) {
        expect(await preparedQuery(dataSource, double, [21])).toEqual([{ n: 42 }]);
        // Another text on the same connection: a second name, not PostgreSQL's "already exists".
        expect(await preparedQuery(dataSource, square, [7])).toEqual([{ n: 49 }]);
      }
      const prepared = await preparedQuery<{ statement: string }>(
        dataSource,
        'SELECT statement FROM pg_prepared_statements WHERE statement IN ($1, $2)',
        [double, square],
      );
      expect(prepared.map((row) => row.statement).sort()).toEqual([double, square].sort());
    } finally {
      await dataSource.destroy();
    }
  });
});
