import { randomUUID } from 'node:crypto';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import pg from 'pg';
import { fixedClock } from '../../src/clock/clock.js';
import { loadFinanceConfig, type FinanceConfig } from '../../src/config.js';
import { createFinanceApp } from '../../src/finance-app.js';
import { startTestAuth, type TestAuth } from './test-auth.js';

export interface ApiResponse {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  headers: Headers;
}

export interface CallOptions {
  token?: string | null;
  body?: unknown;
  headers?: Record<string, string>;
}

/**
 * The real finance app (HTTP + Redis transport) on a fresh schema of the real PostgreSQL, with a frozen
 * clock and two users holding valid access tokens.
 */
export interface FinanceHarness {
  baseUrl: string;
  config: FinanceConfig;
  schema: string;
  db: pg.Client;
  auth: TestAuth;
  userA: { id: string; token: string };
  userB: { id: string; token: string };
  /** Calls /api/financial{path} as user A unless `token` says otherwise (null = no header). */
  call(method: string, path: string, options?: CallOptions): Promise<ApiResponse>;
  truncate(): Promise<void>;
  close(): Promise<void>;
}

export async function startFinanceHarness({ today = '2026-03-10', redisUrl }: { today?: string; redisUrl?: string } = {}): Promise<FinanceHarness> {
  const auth = await startTestAuth();
  const config = loadFinanceConfig({
    ...process.env,
    DATABASE_URL: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    REDIS_URL: redisUrl ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    AUTH_JWKS_URL: auth.jwksUrl,
    LOG_LEVEL: 'warn',
  });
  const schema = `finance_test_${process.pid}_${Date.now()}`;
  const app: NestFastifyApplication = await createFinanceApp(config, { schema, clock: fixedClock(today) });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const baseUrl = await app.getUrl();
  const db = new pg.Client({ connectionString: config.DATABASE_URL });
  await db.connect();

  const userA = { id: randomUUID(), token: '' };
  const userB = { id: randomUUID(), token: '' };
  userA.token = await auth.sign(userA.id);
  userB.token = await auth.sign(userB.id);

  const call = async (method: string, path: string, { token, body, headers = {} }: CallOptions = {}): Promise<ApiResponse> => {
    const bearer = token === undefined ? userA.token : token;
    const response = await fetch(`${baseUrl}/api/financial${path}`, {
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

  return {
    baseUrl,
    config,
    schema,
    db,
    auth,
    userA,
    userB,
    call,
    truncate: async () => {
      await db.query(`TRUNCATE "${schema}".bills, "${schema}".income_sources, "${schema}".savings_goals, "${schema}".suggestions, "${schema}".data_versions`);
    },
    close: async () => {
      await app.close();
      await db.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await db.end();
      await auth.close();
    },
  };
}
