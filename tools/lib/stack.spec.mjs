import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_REPLICAS, ReplicasError, discoverPageServers, discoverServices, parseReplicas, startPlaid, startStack } from './stack.mjs';
import { FIRST_EXTRA_PORT } from './service-ports.mjs';
import { findFreePortOffset, isListening } from './network.mjs';

// A tiny stand-in for a NestJS service: answers /health/ready and echoes its environment.
const FAKE_SERVICE = `
import http from 'node:http';
console.log(JSON.stringify({ level: 'info', msg: 'fake starting' }));
const server = http.createServer((req, res) => {
  res.setHeader('content-type', 'application/json');
  if (req.url === '/health/ready') return res.end(JSON.stringify({ status: 'ok', pid: process.pid }));
  res.end(JSON.stringify({ url: req.url, requestId: req.headers['x-request-id'], env: {
    PORT: process.env.PORT, DATABASE_URL: process.env.DATABASE_URL, REDIS_URL: process.env.REDIS_URL,
    AUTH_JWKS_URL: process.env.AUTH_JWKS_URL, DATA_DIR: process.env.DATA_DIR, APP_URL: process.env.APP_URL } }));
});
server.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
`;

const BROKEN_SERVICE = `console.error('Invalid environment variables: SECRET is required'); process.exit(1);`;

const KONG = (names) => `
_format_version: "3.0"
services:
${names.map((name) => `  - name: ${name}\n    url: http://${name}:3000\n    routes:\n      - name: ${name}-api\n        paths: [/api/${name}]\n        strip_path: false`).join('\n')}
  - name: shell
    url: http://shell:8080
    routes:
      - name: shell-app
        paths: [/]
plugins:
  - name: correlation-id
    config: { header_name: X-Request-ID, generator: uuid, echo_downstream: true }
`;

function writeService(dir, name, source) {
  mkdirSync(join(dir, 'services', name, 'dist'), { recursive: true });
  writeFileSync(join(dir, 'services', name, 'dist/main.js'), source);
  writeFileSync(join(dir, 'services', name, 'package.json'), '{"type":"module"}');
}

describe('startStack with a fake service', () => {
  let dir;
  let offset;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'stack-spec-'));
    offset = await findFreePortOffset([FIRST_EXTRA_PORT, FIRST_EXTRA_PORT + 1], { start: 1000 });
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('discovers only built services that kong.yml declares', () => {
    writeService(dir, 'fake', FAKE_SERVICE);
    mkdirSync(join(dir, 'services/not-built'), { recursive: true });
    writeService(dir, 'undeclared', FAKE_SERVICE);
    writeFileSync(join(dir, 'kong.yml'), KONG(['fake', 'not-built']));
    expect(discoverServices({ servicesDir: join(dir, 'services'), kongFile: join(dir, 'kong.yml') })).toEqual(['fake']);
  });

  it("discovers a frontend's page server when kong.yml declares <frontend>-pages and the frontend built one", () => {
    mkdirSync(join(dir, 'frontends/site/dist-server'), { recursive: true });
    writeFileSync(join(dir, 'frontends/site/dist-server/main.js'), FAKE_SERVICE);
    mkdirSync(join(dir, 'frontends/unbuilt'), { recursive: true });
    writeFileSync(join(dir, 'kong.yml'), KONG(['site-pages', 'unbuilt-pages', 'site']));
    expect(discoverPageServers({ frontendsDir: join(dir, 'frontends'), kongFile: join(dir, 'kong.yml') })).toEqual(['site-pages']);
  });

  it('starts the service with its environment, routes through the gateway and stops everything', async () => {
    writeService(dir, 'fake', FAKE_SERVICE);
    writeFileSync(join(dir, 'kong.yml'), KONG(['fake']));
    const lines = [];
    const stack = await startStack({
      databaseUrl: 'postgres://example/db',
      redisUrl: 'redis://example:6379',
      dataDir: join(dir, '.data'),
      port: 0,
      portOffset: offset,
      kongFile: join(dir, 'kong.yml'),
      servicesDir: join(dir, 'services'),
      frontendsDir: join(dir, 'frontends'),
      log: () => {},
      onServiceLog: (name, line) => lines.push(`[${name}] ${line}`),
    });
    try {
      const servicePort = FIRST_EXTRA_PORT + offset;
      expect(stack.services.fake.port).toBe(servicePort);
      const res = await fetch(`${stack.url}/api/fake/hello`);
      const seen = await res.json();
      expect(seen.url).toBe('/api/fake/hello');
      expect(seen.requestId).toBe(res.headers.get('x-request-id'));
      expect(seen.env).toEqual({
        PORT: String(servicePort),
        DATABASE_URL: 'postgres://example/db',
        REDIS_URL: 'redis://example:6379',
        AUTH_JWKS_URL: `http://127.0.0.1:${3102 + offset}/.well-known/jwks.json`,
        DATA_DIR: join(dir, '.data'),
        APP_URL: stack.url,
      });
      expect(lines).toContain('[fake] {"level":"info","msg":"fake starting"}');
    } finally {
      await stack.stop();
    }
    expect(await isListening(FIRST_EXTRA_PORT + offset)).toBe(false);
    expect(await isListening(stack.port)).toBe(false);
  });

  it('fails with the service log tail when a service exits during start-up', async () => {
    writeService(dir, 'fake', FAKE_SERVICE);
    writeService(dir, 'broken', BROKEN_SERVICE);
    writeFileSync(join(dir, 'kong.yml'), KONG(['fake', 'broken']));
    const attempt = startStack({
      databaseUrl: 'postgres://example/db',
      redisUrl: 'redis://example:6379',
      dataDir: join(dir, '.data'),
      port: 0,
      portOffset: offset,
      kongFile: join(dir, 'kong.yml'),
      servicesDir: join(dir, 'services'),
      log: () => {},
      onServiceLog: () => {},
    });
    await expect(attempt).rejects.toThrow(/Service broken did not start: exited with 1[\s\S]*SECRET is required/);
    // The healthy service was stopped too.
    expect(await isListening(FIRST_EXTRA_PORT + offset + 1)).toBe(false);
  });
});

describe('startPlaid', () => {
  const appUrl = 'http://localhost:8123';

  it('starts the Plaid emulator when no keys are set and hands the services its URL and keys', async () => {
    const lines = [];
    const plaid = await startPlaid({ env: {}, appUrl, log: (line) => lines.push(line) });
    try {
      expect(plaid.env.PLAID_WEBHOOK_URL).toBe(`${appUrl}/api/plaid-production/webhook`);
      expect(plaid.env.PLAID_ENV).toBe('sandbox');
      // The emulator answers Plaid's own error for a call without keys, so the URL is a live Plaid.
      const res = await fetch(`${plaid.env.PLAID_BASE_URL}/accounts/get`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ client_id: plaid.env.PLAID_CLIENT_ID, secret: plaid.env.PLAID_SECRET, access_token: 'access-sandbox-unknown' }),
      });
      expect(res.status).toBe(400);
      expect((await res.json()).error_code).toBe('INVALID_ACCESS_TOKEN');
      expect(lines.join('\n')).toMatch(/Plaid emulator answers at http:\/\/127\.0\.0\.1:\d+/);
    } finally {
      await plaid.stop();
    }
  });

  it('leaves real keys alone and starts nothing', async () => {
    const plaid = await startPlaid({ env: { PLAID_CLIENT_ID: 'id', PLAID_SECRET: 'secret', PLAID_ENV: 'production' }, appUrl, log: () => {} });
    expect(plaid.env).toEqual({ PLAID_WEBHOOK_URL: `${appUrl}/api/plaid-production/webhook` });
  });
});

describe('parseReplicas', () => {
  const known = ['auth', 'bank-sync', 'finance', 'bank-sync-worker', 'finance-worker'];

  it('reads <name>:<count> pairs for services and workers; empty means one of each', () => {
    expect(parseReplicas('finance:2, bank-sync-worker:3', known)).toEqual({ finance: 2, 'bank-sync-worker': 3 });
    expect(parseReplicas(undefined, known)).toEqual({});
    expect(parseReplicas('  ', known)).toEqual({});
  });

  it.each([
    ['finanse:2', /REPLICAS: unknown name "finanse"; known: auth, bank-sync, finance, bank-sync-worker, finance-worker/],
    ['finance', /REPLICAS: "finance": expected <name>:<count>/],
    ['finance:0', /REPLICAS: "finance:0": .*>=1/],
    [`finance:${MAX_REPLICAS + 1}`, /REPLICAS: "finance:9": .*<=8/],
    ['finance:2,finance:3', /"finance" is given twice/],
    ['finance:-1', /expected <name>:<count>/],
  ])('refuses %s with a message naming it', (value, message) => {
    expect(() => parseReplicas(value, known)).toThrow(ReplicasError);
    expect(() => parseReplicas(value, known)).toThrow(message);
  });
});

// A fake service that says which replica answered and which database variables it was handed.
const REPLICA_SERVICE = `
import http from 'node:http';
const server = http.createServer((req, res) => {
  res.setHeader('content-type', 'application/json');
  if (req.url === '/health/ready') return res.end(JSON.stringify({ status: 'ok', pid: process.pid }));
  const databases = Object.fromEntries(Object.entries(process.env).filter(([key]) => key.startsWith('DATABASE_URL')));
  res.end(JSON.stringify({ port: process.env.PORT, databases }));
});
server.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
`;

describe('startStack with replicas and a database of its own for one service', () => {
  let dir;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'stack-replicas-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('starts REPLICAS of a service and of its worker, balances the gateway across them, and hands DATABASE_URL_<SERVICE> to its service only', async () => {
    writeService(dir, 'ledger-book', REPLICA_SERVICE);
    writeFileSync(join(dir, 'services/ledger-book/dist/worker.js'), REPLICA_SERVICE);
    writeService(dir, 'other', REPLICA_SERVICE);
    writeFileSync(join(dir, 'kong.yml'), KONG(['ledger-book', 'other']));
    const offset = await findFreePortOffset([FIRST_EXTRA_PORT, FIRST_EXTRA_PORT + 1], { start: 1200 });
    const options = {
      databaseUrl: 'postgres://main/db',
      redisUrl: 'redis://example:6379',
      dataDir: join(dir, '.data'),
      port: 0,
      portOffset: offset,
      kongFile: join(dir, 'kong.yml'),
      servicesDir: join(dir, 'services'),
      frontendsDir: join(dir, 'frontends'),
      log: () => {},
      onServiceLog: () => {},
    };
    await expect(startStack({ ...options, env: { ...process.env, REPLICAS: 'ledger-book:2,other-worker:2' } })).rejects.toThrow(
      'REPLICAS: unknown name "other-worker"; known: ledger-book, other, ledger-book-worker',
    );

    const env = { ...process.env, REPLICAS: 'ledger-book:2,ledger-book-worker:2', DATABASE_URL_LEDGER_BOOK: 'postgres://own/ledger' };
    const stack = await startStack({ ...options, env });
    try {
      const replicaPorts = stack.services['ledger-book'].replicas.map((replica) => Number(replica.port));
      expect(replicaPorts).toHaveLength(2);
      expect(replicaPorts[0]).toBe(FIRST_EXTRA_PORT + offset);
      expect(stack.services.other.replicas).toHaveLength(1);
      expect(stack.workers['ledger-book-worker']).toHaveLength(2);
      expect(new Set(stack.workers['ledger-book-worker'].map((worker) => worker.port)).size).toBe(2);

      const answers = [];
      for (let i = 0; i < 4; i += 1) answers.push(await (await fetch(`${stack.url}/api/ledger-book/x`)).json());
      expect(answers.map((answer) => Number(answer.port))).toEqual([...replicaPorts, ...replicaPorts]);
      expect(answers[0].databases).toEqual({ DATABASE_URL: 'postgres://main/db', DATABASE_URL_LEDGER_BOOK: 'postgres://own/ledger' });
      const other = await (await fetch(`${stack.url}/api/other/x`)).json();
      expect(other.databases).toEqual({ DATABASE_URL: 'postgres://main/db' });
    } finally {
      await stack.stop();
    }
    for (const { port } of [...stack.services['ledger-book'].replicas, ...stack.workers['ledger-book-worker']]) {
      expect(await isListening(port)).toBe(false);
    }
  });
});
