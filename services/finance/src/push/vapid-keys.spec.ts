import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '@paycadence/nest-kit';
import { financeEnvSchema } from '../config.js';
import { loadVapidKeys, vapidKeyFile } from './vapid-keys.js';

describe('loadVapidKeys', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'finance-vapid-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  const config = (env: Record<string, string> = {}) => loadConfig(financeEnvSchema, { DATABASE_URL: 'postgres://127.0.0.1/finance', DATA_DIR: dir, ...env });

  it('generates a pair once under DATA_DIR/finance (mode 0600) and reads the same one after', () => {
    const first = loadVapidKeys(config());
    expect(first.publicKey).toMatch(/^B[A-Za-z0-9_-]{86}$/);
    expect(first.privateKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.subject).toBe('mailto:no-reply@paycadence.app');
    expect(statSync(vapidKeyFile(config())).mode & 0o777).toBe(0o600);
    expect(loadVapidKeys(config())).toEqual(first);
    expect(JSON.parse(readFileSync(join(dir, 'finance', 'vapid.json'), 'utf8'))).toEqual({ publicKey: first.publicKey, privateKey: first.privateKey });
  });

  it('takes VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY instead, and writes nothing', () => {
    const pair = { VAPID_PUBLIC_KEY: `B${'A'.repeat(86)}`, VAPID_PRIVATE_KEY: 'A'.repeat(43) };
    expect(loadVapidKeys(config(pair))).toEqual({ publicKey: pair.VAPID_PUBLIC_KEY, privateKey: pair.VAPID_PRIVATE_KEY, subject: 'mailto:no-reply@paycadence.app' });
    expect(() => statSync(vapidKeyFile(config()))).toThrow();
  });
});
