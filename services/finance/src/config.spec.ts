import { loadConfig } from '@paycadence/nest-kit';
import { bankSyncQueueKeyPrefix, financeEnvSchema } from './config.js';

// POST /sync-bank-data's fallback writes its job where bank-sync's worker reads: bank-sync's REDIS_KEY_PREFIX.
describe('bankSyncQueueKeyPrefix', () => {
  const prefix = (env: Record<string, string>) => bankSyncQueueKeyPrefix(loadConfig(financeEnvSchema, { DATABASE_URL: 'postgres://127.0.0.1/finance', ...env }));

  it("is bank-sync's default when the stack sets no prefix", () => {
    expect(prefix({})).toBe('bank-sync:');
  });

  it('follows a prefix the stack sets for every service (the e2e run)', () => {
    expect(prefix({ REDIS_KEY_PREFIX: 'auth-e2e_42:' })).toBe('auth-e2e_42:');
  });

  it("takes bank-sync's own prefix when a deployment gives it one", () => {
    expect(prefix({ REDIS_KEY_PREFIX: 'finance:', BANK_SYNC_REDIS_KEY_PREFIX: 'bank:' })).toBe('bank:');
  });
});
