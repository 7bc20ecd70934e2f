// k8s/base/postgres/service-roles.sh (the Kubernetes Job's and compose's postgres-roles script) run for real
// against a throwaway database: every built service then migrates its own schema as its own role, and no role
// reads another's schema or creates outside its own. Needs DATABASE_URL of a PostgreSQL superuser (npm test's
// root step passes its own) and psql; skipped with a note otherwise.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { repoRoot } from '../contract/kong-config.loader.js';
import { serviceSchemas } from './service-schemas.js';

// Importing seven built services and running their migrations takes a while on a busy two-core machine.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const script = path.join(repoRoot, 'k8s/base/postgres/service-roles.sh');
const adminUrl = process.env.DATABASE_URL;
const hasPsql = spawnSync('psql', ['--version']).status === 0;
const schemaByService = serviceSchemas();
const services = Object.keys(schemaByService);
// The migrations run from the build (npm test builds before this step); without one only the script is checked.
const built =
  ['libs/contracts/dist/index.js', 'libs/nest-kit/dist/index.js'].every((file) =>
    fs.existsSync(path.join(repoRoot, file)),
  ) &&
  services.every((name) =>
    fs.existsSync(path.join(repoRoot, 'services', name, 'dist/service-definition.js')),
  );

type DatabaseDefinition = { schema: string; entities: unknown; migrations: unknown };
/** The service's database settings from its built service-definition (schema, entities, migrations). */
async function databaseOf(service: string): Promise<DatabaseDefinition> {
  const module = await import(path.join(repoRoot, 'services', service, 'dist/service-definition.js'));
  const definition = Object.values(module).find(
    (value): value is { database: DatabaseDefinition } =>
      typeof value === 'object' && value !== null && 'database' in value,
  );
  if (!definition) throw new Error(`services/${service}: no service definition with a database`);
  return definition.database;
}
const schemaOf = (service: string) => schemaByService[service];

describe.skipIf(!adminUrl || !hasPsql)(
  'PostgreSQL roles per schema (k8s/base/postgres/service-roles.sh), on a real server',
  () => {
    const run = randomBytes(4).toString('hex');
    const database = `deploy_roles_${run}`;
    const prefix = `t${run}_`;
    const schemas = services.map(schemaOf);
    let passwords = Object.fromEntries(schemas.map((schema) => [schema, randomBytes(12).toString('hex')]));
    const admin = new URL(adminUrl ?? 'postgres://unused');
    const urlFor = (schema: string, password = passwords[schema]) => {
      const url = new URL(admin);
      url.username = `${prefix}${schema}_service`;
      url.password = password;
      url.pathname = `/${database}`;
      return url.toString();
    };
    const runScript = () =>
      spawnSync('sh', [script], {
        encoding: 'utf8',
        env: {
          PATH: process.env.PATH,
          PGHOST: admin.hostname,
          PGPORT: admin.port || '5432',
          PGUSER: decodeURIComponent(admin.username),
          PGPASSWORD: decodeURIComponent(admin.password),
          POSTGRES_DB: database,
          ROLE_PREFIX: prefix,
          ...Object.fromEntries(
            schemas.map((schema) => [`DB_PASSWORD_${schema.toUpperCase()}`, passwords[schema]]),
          ),
        },
      });
    const query = async (url: string, sql: string) => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        return await client.query(sql);
      } finally {
        await client.end();
      }
    };

    beforeAll(async () => {
      await query(adminUrl!, `CREATE DATABASE ${database}`);
      // A database from before per-service roles: the shared owner already migrated waitlist's schema.
      if (built) {
        const { openDataSource } = await import('@paycadence/nest-kit');
        const waitlist = await databaseOf('waitlist');
        const ownerUrl = new URL(admin);
        ownerUrl.pathname = `/${database}`;
        const source = await openDataSource({ url: ownerUrl.toString(), ...waitlist } as never);
        await source.destroy();
      }
    });

    afterAll(async () => {
      await query(adminUrl!, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      for (const schema of schemas) await query(adminUrl!, `DROP ROLE IF EXISTS ${prefix}${schema}_service`);
    });

    it('creates one login role per service schema, owning that schema, and can run again', async () => {
      const first = runScript();
      expect(first.stderr).toBe('');
      expect(first.status).toBe(0);
      const again = runScript();
      expect(again.status).toBe(0);
      const ownerUrl = new URL(admin);
      ownerUrl.pathname = `/${database}`;
      const { rows } = await query(
        ownerUrl.toString(),
        `SELECT nspname, pg_get_userbyid(nspowner) AS owner FROM pg_namespace WHERE nspname = ANY($1::text[]) ORDER BY 1`.replace(
          '$1::text[]',
          `ARRAY[${schemas.map((s) => `'${s}'`).join(',')}]`,
        ),
      );
      expect(rows).toEqual(
        [...schemas].sort().map((schema) => ({ nspname: schema, owner: `${prefix}${schema}_service` })),
      );
    });

    it.skipIf(!built).each(services)(
      '%s migrates its schema as its own role and reaches no other schema',
      async (service) => {
        const { openDataSource } = await import('@paycadence/nest-kit');
        const definition = await databaseOf(service);
        const url = urlFor(definition.schema);
        const source = await openDataSource({ url, ...definition } as never);
        try {
          const [{ count }] = await source.query('SELECT count(*)::int AS count FROM migrations');
          expect(count).toBeGreaterThan(0);
          for (const other of schemas.filter((s) => s !== definition.schema)) {
            await expect(source.query(`SELECT 1 FROM ${other}.migrations LIMIT 1`), other).rejects.toThrow(
              /permission denied/,
            );
            await expect(source.query(`CREATE TABLE ${other}.intruder (id int)`), other).rejects.toThrow(
              /permission denied/,
            );
          }
          await expect(source.query('CREATE TABLE public.intruder (id int)')).rejects.toThrow(
            /permission denied/,
          );
          await expect(source.query('CREATE SCHEMA intruder')).rejects.toThrow(/permission denied/);
        } finally {
          await source.destroy();
        }
      },
    );

    it.skipIf(!built)(
      'hands a schema the old shared role created (tables, sequences) to the service role',
      async () => {
        const url = urlFor('waitlist');
        const { rows } = await query(
          url,
          `SELECT tablename, tableowner FROM pg_tables WHERE schemaname = 'waitlist' AND tableowner <> current_user`,
        );
        expect(rows).toEqual([]);
        // owning its tables, the role can change them as a later migration would
        await query(url, 'ALTER TABLE waitlist.migrations ADD COLUMN deploy_probe int');
        await query(url, 'ALTER TABLE waitlist.migrations DROP COLUMN deploy_probe');
      },
    );

    it('a rotated password takes effect when the script runs again, and the old one stops working', async () => {
      const verifier = async () =>
        (
          await query(
            adminUrl!,
            `SELECT rolpassword FROM pg_authid WHERE rolname = '${prefix}finance_service'`,
          )
        ).rows[0].rolpassword as string;
      const before = await verifier();
      const old = passwords.finance;
      passwords = { ...passwords, finance: randomBytes(12).toString('hex') };
      expect(runScript().status).toBe(0);
      const after = await verifier();
      expect(after).toMatch(/^SCRAM-SHA-256\$/);
      expect(after).not.toBe(before);
      const { rows } = await query(urlFor('finance'), 'SELECT current_user AS user');
      expect(rows[0].user).toBe(`${prefix}finance_service`);
      // a server that checks passwords (the postgres image does; this machine's may trust local connections)
      const checksPasswords = await query(urlFor('finance', 'certainly-wrong'), 'SELECT 1').then(
        () => false,
        () => true,
      );
      if (checksPasswords)
        await expect(query(urlFor('finance', old), 'SELECT 1')).rejects.toThrow(
          /password authentication failed/,
        );
    });

    it('refuses a missing password, or one a URL would mangle, before touching anything', () => {
      const { DB_PASSWORD_AUTH: _unused, ...env } = {
        PATH: process.env.PATH!,
        POSTGRES_DB: database,
        ...Object.fromEntries(schemas.map((schema) => [`DB_PASSWORD_${schema.toUpperCase()}`, 'x'])),
      } as Record<string, string>;
      const missing = spawnSync('sh', [script], {
        encoding: 'utf8',
        env: { ...env, SERVICE_SCHEMAS: 'auth' },
      });
      expect(missing.status).not.toBe(0);
      expect(missing.stderr).toMatch(/DB_PASSWORD_AUTH is not set/);
      const mangled = spawnSync('sh', [script], {
        encoding: 'utf8',
        env: { ...env, SERVICE_SCHEMAS: 'finance', DB_PASSWORD_FINANCE: 'a@b/c' },
      });
      expect(mangled.status).not.toBe(0);
      expect(mangled.stderr).toMatch(/DB_PASSWORD_FINANCE holds characters/);
    });
  },
);
