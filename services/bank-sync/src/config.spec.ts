import { randomBytes } from 'node:crypto';
import { loadConfig } from '@paycadence/nest-kit';
import { bankSyncEnvSchema } from './config.js';

const base = { DATABASE_URL: 'postgres://localhost/x', REDIS_URL: 'redis://localhost:6379' };

describe('bank-sync config', () => {
  it('refuses production without BANK_TOKEN_KEY unless BANK_SYNC_GENERATE_KEYS=true (replicas must share the key)', () => {
    const production = { ...base, NODE_ENV: 'production' };
    expect(() => loadConfig(bankSyncEnvSchema, production)).toThrow(/BANK_TOKEN_KEY: required when NODE_ENV=production/);
    expect(loadConfig(bankSyncEnvSchema, { ...production, BANK_SYNC_GENERATE_KEYS: 'true' }).BANK_SYNC_GENERATE_KEYS).toBe(true);
    const key = randomBytes(32).toString('hex');
    expect(loadConfig(bankSyncEnvSchema, { ...production, BANK_TOKEN_KEY: key }).BANK_TOKEN_KEY).toBe(key);
  });

  it('names a malformed key and defaults the rest (sandbox, no webhook, 2 imports at once)', () => {
    expect(() => loadConfig(bankSyncEnvSchema, { ...base, BANK_TOKEN_KEY: 'abc' })).toThrow('BANK_TOKEN_KEY: must be 64 hex characters');
    const config = loadConfig(bankSyncEnvSchema, { ...base, PLAID_CLIENT_ID: ' ', NODE_ENV: 'test' });
    expect(config).toMatchObject({ PLAID_ENV: 'sandbox', PLAID_CLIENT_ID: undefined, SYNC_CONCURRENCY: 2, SYNC_JOB_LOCK_MS: 30_000 });
    expect(config.PLAID_WEBHOOK_URL).toBeUndefined();
    expect(config.DATA_DIR).toMatch(/\.data$/);
  });
});
