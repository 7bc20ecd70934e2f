import { loadConfig } from '@paycadence/nest-kit';
import { isAbsolute } from 'node:path';
import { householdEnvSchema } from './config.js';

const base = { DATABASE_URL: 'postgres://localhost/x' };

describe('householdEnvSchema', () => {
  it('defaults: port 3107, links to the local gateway, the outbox under the data folder, a 5 s directory timeout', () => {
    const config = loadConfig(householdEnvSchema, base);
    expect(config).toMatchObject({
      PORT: 3107,
      APP_URL: 'http://localhost:8080',
      AUTH_DIRECTORY_TIMEOUT_MS: 5000,
    });
    expect(config.SMTP_URL).toBeUndefined();
    expect(isAbsolute(config.DATA_DIR)).toBe(true);
  });

  it('takes the public origin and SMTP from the environment', () => {
    const config = loadConfig(householdEnvSchema, { ...base, APP_URL: 'https://pay.example.com', SMTP_URL: 'smtp://mail:25', DATA_DIR: '/srv/data' });
    expect(config).toMatchObject({ APP_URL: 'https://pay.example.com', SMTP_URL: 'smtp://mail:25', DATA_DIR: '/srv/data' });
  });

  it('names a bad value', () => {
    expect(() => loadConfig(householdEnvSchema, { ...base, APP_URL: 'not a url' })).toThrow(/APP_URL/);
    expect(() => loadConfig(householdEnvSchema, { ...base, AUTH_DIRECTORY_TIMEOUT_MS: '5' })).toThrow(
      /AUTH_DIRECTORY_TIMEOUT_MS/,
    );
  });
});
