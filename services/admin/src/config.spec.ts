import { ADMIN_DEFAULT_KEY_PREFIX, BANK_SYNC_DEFAULT_KEY_PREFIX } from '@paycadence/contracts';
import { loadConfig } from '@paycadence/nest-kit';
import { adminEnvSchema } from './config.js';

const base = { DATABASE_URL: 'postgres://localhost/x' };

describe('adminEnvSchema', () => {
  it("defaults: admin's prefix for its queue, bank-sync's default for bank-sync's", () => {
    const config = loadConfig(adminEnvSchema, base);
    expect(config.REDIS_KEY_PREFIX).toBe(ADMIN_DEFAULT_KEY_PREFIX);
    expect(config.BANK_SYNC_QUEUE_KEY_PREFIX).toBe(BANK_SYNC_DEFAULT_KEY_PREFIX);
    expect(config.AUTH_TIMEOUT_MS).toBe(5000);
    expect(config.WAITLIST_TIMEOUT_MS).toBe(5000);
  });

  it('a stack-wide prefix is both services\' (as finance computes it); bank-sync\'s own wins', () => {
    expect(loadConfig(adminEnvSchema, { ...base, REDIS_KEY_PREFIX: 'e2e-1:' })).toMatchObject({ REDIS_KEY_PREFIX: 'e2e-1:', BANK_SYNC_QUEUE_KEY_PREFIX: 'e2e-1:' });
    expect(loadConfig(adminEnvSchema, { ...base, REDIS_KEY_PREFIX: 'e2e-1:', BANK_SYNC_REDIS_KEY_PREFIX: 'bs:' }).BANK_SYNC_QUEUE_KEY_PREFIX).toBe('bs:');
  });

  it.each(['AUTH_TIMEOUT_MS', 'WAITLIST_TIMEOUT_MS'])('names a bad %s', (name) => {
    expect(() => loadConfig(adminEnvSchema, { ...base, [name]: '5' })).toThrow(new RegExp(name));
    expect(() => loadConfig(adminEnvSchema, { ...base, [name]: '60001' })).toThrow(new RegExp(name));
  });
});
