#!/usr/bin/env node
// `npm run admin:create -- --email x --password y`: creates an admin in the auth schema, or promotes an
// existing account (and sets the given password). DESIGN §4. Reads DATABASE_URL, else the machine default.
// The auth service must have started once against that database, so its migrations have made the tables.
import { parseArgs } from 'node:util';
import { hash } from '@node-rs/argon2';
import pg from 'pg';
import { bootstrap, embeddedDatabaseUrl } from '../lib/bootstrap.mjs';

// Same cost as services/auth (config.ts ARGON2_FLOOR: OWASP's floor for argon2id); tools never import services.
const ARGON2 = { memoryCost: 19_456, timeCost: 2, parallelism: 1, outputLen: 32 };
// spec part 2: 6 characters for admin-created users.
const MIN_PASSWORD = 6;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function fail(message) {
  console.error(message);
  process.exit(1);
}

const { values } = parseArgs({ options: { email: { type: 'string' }, password: { type: 'string' }, schema: { type: 'string', default: 'auth' } } });
const email = values.email?.trim().toLowerCase();
if (!email || !EMAIL.test(email)) fail('Usage: npm run admin:create -- --email admin@example.com --password <at least 6 characters>');
if (!values.password || values.password.length < MIN_PASSWORD) fail(`The password needs at least ${MIN_PASSWORD} characters.`);
if (!/^[a-z_][a-z0-9_]*$/.test(values.schema)) fail('Invalid --schema');

// The product's database: DATABASE_URL, else the embedded PostgreSQL of `npm start` (running, or started
// here for the moment it takes and stopped again).
let infra = null;
let databaseUrl = process.env.DATABASE_URL || embeddedDatabaseUrl();
let client = new pg.Client({ connectionString: databaseUrl });
try {
  await client.connect();
} catch (error) {
  if (process.env.DATABASE_URL) {
    fail(`Cannot reach PostgreSQL at ${databaseUrl.replace(/\/\/[^@]*@/, '//***@')}: ${error.message}.`);
  }
  infra = await bootstrap({ log: () => {} });
  databaseUrl = infra.databaseUrl;
  client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
}
try {
  const table = await client.query(`SELECT to_regclass($1) AS name`, [`${values.schema}.users`]);
  if (!table.rows[0].name) fail(`No ${values.schema}.users table: start the auth service once so its migrations run, then try again.`);
  const passwordHash = await hash(values.password, ARGON2);
  const result = await client.query(
    `INSERT INTO "${values.schema}".users (email, password_hash, role, status, first_name)
     VALUES ($1, $2, 'admin', 'active', 'Admin')
     ON CONFLICT (email) DO UPDATE SET role = 'admin', password_hash = EXCLUDED.password_hash, updated_at = now()
     RETURNING id, (xmax = 0) AS created`,
    [email, passwordHash],
  );
  const { id, created } = result.rows[0];
  console.log(created ? `Created admin ${email} (${id}).` : `Promoted ${email} (${id}) to admin and set the given password.`);
} finally {
  await client.end();
  await infra?.stop();
}
