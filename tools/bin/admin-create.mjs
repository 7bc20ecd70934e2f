#!/usr/bin/env node
// `npm run admin:create -- --email x --password y`: creates an admin, or promotes an existing account (and sets
// the given password). docs/security.md. The work is the auth service's own (services/auth/src/cli/admin-create.ts:
// its migrations, password rules and hashing); this wrapper only finds the database and runs that entry.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { bootstrap, embeddedDatabaseUrl } from '../lib/bootstrap.mjs';
import { runTargets } from '../lib/nx.mjs';
import { REPO_ROOT, dataDirFrom } from '../lib/paths.mjs';

const ENTRY = join(REPO_ROOT, 'services/auth/dist/cli/admin-create.js');
const args = process.argv.slice(2);

function fail(message) {
  console.error(message);
  process.exit(1);
}

// Nothing to do without both: say so before starting a database for it (the rules themselves are auth's).
const { values } = parseArgs({ args, options: { email: { type: 'string' }, password: { type: 'string' } }, strict: false });
if (typeof values.email !== 'string' || typeof values.password !== 'string') {
  fail('Usage: npm run admin:create -- --email admin@example.com --password <at least 6 characters>');
}

async function reachable(url) {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

// The product's database: DATABASE_URL, else the embedded PostgreSQL of `npm start` (running, or started
// here for the moment it takes and stopped again).
let infra = null;
let databaseUrl = process.env.DATABASE_URL || embeddedDatabaseUrl();
if (!(await reachable(databaseUrl))) {
  if (process.env.DATABASE_URL) fail(`Cannot reach PostgreSQL at ${databaseUrl.replace(/\/\/[^@]*@/, '//***@')}.`);
  infra = await bootstrap({ log: () => {} });
  databaseUrl = infra.databaseUrl;
}

try {
  const build = await runTargets(['build'], { projects: ['auth'], quiet: true });
  if (build.ok) {
    // DATA_DIR as the launcher gives the auth service, so both read the same key files.
    const env = { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: process.env.DATA_DIR || dataDirFrom(process.env) };
    const child = spawn(process.execPath, [ENTRY, ...args], { cwd: REPO_ROOT, env, stdio: 'inherit' });
    process.exitCode = await new Promise((resolve) => child.on('close', (code) => resolve(code ?? 1)));
  } else {
    console.error(`Building the auth service failed:\n${build.output}`);
    process.exitCode = 1;
  }
} finally {
  await infra?.stop();
}
