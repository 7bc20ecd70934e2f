import { loadConfig } from '@paycadence/nest-kit';
import { bankSyncQueueKeyPrefix, financeEnvSchema, vapidSubject } from './config.js';

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

describe('the VAPID keys and local push endpoints', () => {
  const load = (env: Record<string, string>) => loadConfig(financeEnvSchema, { DATABASE_URL: 'postgres://127.0.0.1/finance', ...env });
  const production = { NODE_ENV: 'production', SMTP_URL: 'smtp://127.0.0.1:25' };
  const pair = { VAPID_PUBLIC_KEY: `B${'A'.repeat(86)}`, VAPID_PRIVATE_KEY: 'A'.repeat(43) };

  it('refuses production without the key pair unless FINANCE_GENERATE_KEYS=true (the service and the workers must share it)', () => {
    expect(() => load(production)).toThrow(/VAPID_PRIVATE_KEY: required when NODE_ENV=production/);
    expect(load({ ...production, FINANCE_GENERATE_KEYS: 'true' }).FINANCE_GENERATE_KEYS).toBe(true);
    expect(load({ ...production, ...pair }).VAPID_PUBLIC_KEY).toBe(pair.VAPID_PUBLIC_KEY);
    expect(load({}).FINANCE_GENERATE_KEYS).toBe(false);
  });

  it('takes both keys or neither, each of its shape', () => {
    expect(() => load({ VAPID_PUBLIC_KEY: pair.VAPID_PUBLIC_KEY })).toThrow(/VAPID_PRIVATE_KEY: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together/);
    expect(() => load({ ...pair, VAPID_PUBLIC_KEY: 'short' })).toThrow(/VAPID_PUBLIC_KEY: must be 87 base64url characters/);
  });

  it('never lets production send to http://127.0.0.1', () => {
    expect(load({ PUSH_ALLOW_LOCAL_ENDPOINTS: 'true' }).PUSH_ALLOW_LOCAL_ENDPOINTS).toBe(true);
    expect(() => load({ ...production, ...pair, PUSH_ALLOW_LOCAL_ENDPOINTS: 'true' })).toThrow(/PUSH_ALLOW_LOCAL_ENDPOINTS: must not be true when NODE_ENV=production/);
  });

  it("names the sender address as the VAPID subject unless one is set", () => {
    expect(vapidSubject(load({}))).toBe('mailto:no-reply@paycadence.app');
    expect(vapidSubject(load({ MAIL_FROM: 'reminders@example.com' }))).toBe('mailto:reminders@example.com');
    expect(vapidSubject(load({ VAPID_SUBJECT: 'https://pay.example.com/contact' }))).toBe('https://pay.example.com/contact');
    expect(() => load({ VAPID_SUBJECT: 'someone' })).toThrow(/VAPID_SUBJECT: must be a mailto: or https: URL/);
  });
});
