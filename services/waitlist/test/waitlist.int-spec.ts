import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createServiceApp } from '@payday/nest-kit';
import { WAITLIST_SUCCESS_MESSAGE } from '@payday/contracts';
import pg from 'pg';
import { createAppModule } from '../src/app.module.js';
import { loadWaitlistConfig } from '../src/config.js';

// Real PostgreSQL and Redis; a fresh schema per run so runs never see each other's rows.
const config = loadWaitlistConfig({
  ...process.env,
  DATABASE_URL: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
});
const schema = `waitlist_test_${process.pid}_${Date.now()}`;
let app: NestFastifyApplication;
let baseUrl: string;
let db: pg.Client;

beforeAll(async () => {
  app = await createServiceApp({ name: 'waitlist', module: createAppModule(config, schema), port: 0, bodyLimit: 16 * 1024, logLevel: 'warn' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = await app.getUrl();
  db = new pg.Client({ connectionString: config.DATABASE_URL });
  await db.connect();
});

afterAll(async () => {
  await app?.close();
  await db?.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await db?.end();
});

beforeEach(() => db.query(`TRUNCATE "${schema}".waitlist_entries`));

const join = (body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${baseUrl}/api/waitlist/join`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

const rows = async () =>
  (await db.query(`SELECT email, referral_source, created_at FROM "${schema}".waitlist_entries ORDER BY created_at`)).rows;

describe('POST /api/waitlist/join', () => {
  it('stores one entry with its source and time and answers success', async () => {
    const before = Date.now();
    const response = await join({ email: 'ann@example.com', source: 'homepage-hero' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, message: WAITLIST_SUCCESS_MESSAGE });
    const stored = await rows();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ email: 'ann@example.com', referral_source: 'homepage-hero' });
    expect(new Date(stored[0].created_at).getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it('joining again with the same e-mail (other case, spaces) answers success and stores nothing new', async () => {
    await join({ email: 'ann@example.com', source: 'homepage-hero' });
    const again = await join({ email: '  ANN@Example.com ', source: 'homepage-cta' });
    expect(again.status).toBe(200);
    expect((await again.json()).success).toBe(true);
    const stored = await rows();
    expect(stored).toHaveLength(1);
    expect(stored[0].referral_source).toBe('homepage-hero');
  });

  it.each([
    ['a malformed e-mail', { email: 'ann@', source: 'homepage' }, 'email', 'Please enter a valid email address'],
    ['a missing e-mail', { source: 'homepage' }, 'email', 'Email is required'],
    ['a missing source', { email: 'bob@example.com' }, 'source', 'Source is required'],
    ['an unknown field', { email: 'bob@example.com', source: 'homepage', role: 'admin' }, 'role', 'Unknown field "role"'],
    ['an oversized source', { email: 'bob@example.com', source: 'x'.repeat(500) }, 'source', 'Source must be at most 64 characters'],
  ])('rejects %s with 400 and keeps what is stored', async (_label, body, field, message) => {
    await join({ email: 'ann@example.com', source: 'homepage' });
    const response = await join(body);
    expect(response.status).toBe(400);
    const payload = await response.json();
    expect(payload.message).toBe(message);
    expect(payload.errors[field]).toBe(message);
    expect(await rows()).toHaveLength(1);
  });

  it('rejects a body that is not JSON with 400', async () => {
    const response = await join('{"email":');
    expect(response.status).toBe(400);
    expect((await response.json()).message).toMatch(/JSON/);
  });

  it('rejects a body over the size limit with 413 and no internals', async () => {
    const response = await join({ email: 'bob@example.com', source: 'homepage', pad: 'x'.repeat(20_000) });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ message: 'Request body is too large' });
    expect(await rows()).toHaveLength(0);
  });

  it('echoes the gateway request id', async () => {
    const response = await join({ email: 'cy@example.com', source: 'homepage' }, { 'x-request-id': 'req-123' });
    expect(response.headers.get('x-request-id')).toBe('req-123');
  });
});

describe('health', () => {
  it('answers liveness and readiness with the database and Redis reachable', async () => {
    expect((await fetch(`${baseUrl}/health`)).status).toBe(200);
    const ready = await fetch(`${baseUrl}/health/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ok', checks: { database: 'ok', redis: 'ok' } });
  });
});
