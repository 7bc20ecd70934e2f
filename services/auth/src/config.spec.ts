import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '@paycadence/nest-kit';
import { defaultDataDir } from '@paycadence/nest-kit';
import { ARGON2_FLOOR, adminQueueKeyPrefix, authEnvSchema } from './config.js';

const loadAuthConfig = (env: NodeJS.ProcessEnv) => loadConfig(authEnvSchema, env);

const base = { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/postgres' };

describe('auth configuration', () => {
  it('defaults to port 3102 and the OWASP argon2id floor', () => {
    const config = loadAuthConfig({ ...base, NODE_ENV: 'development' });
    expect(config.PORT).toBe(3102);
    expect(config.ARGON2).toEqual(ARGON2_FLOOR);
    expect(ARGON2_FLOOR).toEqual({ memoryCost: 19456, timeCost: 2, parallelism: 1 });
    expect(config.REDIS_KEY_PREFIX).toBe('auth:');
  });

  it.each<[string, NodeJS.ProcessEnv, string, string]>([
    ['nothing set: auth keeps its own, audit events go to admin\'s default', {}, 'auth:', 'admin:'],
    ['one prefix for the whole stack: both use it', { REDIS_KEY_PREFIX: 'e2e-7:' }, 'e2e-7:', 'e2e-7:'],
    ['admin has a prefix of its own: the audit queue is under it', { REDIS_KEY_PREFIX: 'e2e-7:', ADMIN_REDIS_KEY_PREFIX: 'adm:' }, 'e2e-7:', 'adm:'],
    ['only admin\'s is set', { ADMIN_REDIS_KEY_PREFIX: 'adm:' }, 'auth:', 'adm:'],
  ])('key prefixes, %s', (_label, env, own, audit) => {
    const config = loadAuthConfig({ ...base, ...env });
    expect(config.REDIS_KEY_PREFIX).toBe(own);
    expect(adminQueueKeyPrefix(config)).toBe(audit);
  });

  it('lets only tests lower the argon2id cost', () => {
    expect(loadAuthConfig({ ...base, NODE_ENV: 'test', ARGON2_MEMORY_KIB: '1024' }).ARGON2.memoryCost).toBe(
      1024,
    );
    expect(() => loadAuthConfig({ ...base, NODE_ENV: 'production', ARGON2_MEMORY_KIB: '1024' })).toThrow(
      'ARGON2_MEMORY_KIB',
    );
  });

  it('names a bad ENCRYPTION_KEY and a half-set admin', () => {
    expect(() => loadAuthConfig({ ...base, ENCRYPTION_KEY: 'abc' })).toThrow(
      'ENCRYPTION_KEY: must be 64 hex characters',
    );
    expect(() => loadAuthConfig({ ...base, ADMIN_EMAIL: 'a@b.co' })).toThrow('ADMIN_PASSWORD');
  });

  it('refuses production without ENCRYPTION_KEY or JWT_PRIVATE_KEY unless AUTH_GENERATE_KEYS=true', () => {
    const production = { ...base, NODE_ENV: 'production' };
    const encryptionKey = randomBytes(32).toString('hex');
    const jwtKey = generateKeyPairSync('ec', { namedCurve: 'P-256' })
      .privateKey.export({ format: 'pem', type: 'pkcs8' })
      .toString();
    expect(() => loadAuthConfig(production)).toThrow(
      /ENCRYPTION_KEY: required when NODE_ENV=production.*JWT_PRIVATE_KEY: required/,
    );
    expect(() => loadAuthConfig({ ...production, ENCRYPTION_KEY: encryptionKey })).toThrow(
      'JWT_PRIVATE_KEY: required when NODE_ENV=production',
    );
    expect(() => loadAuthConfig({ ...production, JWT_PRIVATE_KEY: jwtKey, ENCRYPTION_KEY: ' ' })).toThrow(
      'ENCRYPTION_KEY: required',
    );
    expect(
      loadAuthConfig({ ...production, ENCRYPTION_KEY: encryptionKey, JWT_PRIVATE_KEY: jwtKey })
        .ENCRYPTION_KEY,
    ).toBe(encryptionKey);
    // Explicit opt-in for a single instance (docker compose, benchmarks): the generated-once files.
    expect(loadAuthConfig({ ...production, AUTH_GENERATE_KEYS: 'true' }).AUTH_GENERATE_KEYS).toBe(true);
    expect(() => loadAuthConfig({ ...production, AUTH_GENERATE_KEYS: 'yes' })).toThrow(
      'AUTH_GENERATE_KEYS: must be true or false',
    );
    // Development and tests (npm start, the suites) keep generating them without any setting.
    expect(loadAuthConfig({ ...base, NODE_ENV: 'development' }).AUTH_GENERATE_KEYS).toBe(false);
    expect(() => loadAuthConfig({ ...base })).not.toThrow();
    expect(() => loadAuthConfig({ ...base, NODE_ENV: 'test' })).not.toThrow();
  });

  it('finds <repo>/.data from a folder inside the repository', () => {
    const repo = mkdtempSync(join(tmpdir(), 'repo-'));
    writeFileSync(join(repo, 'package-lock.json'), '{}');
    mkdirSync(join(repo, 'services', 'auth'), { recursive: true });
    expect(defaultDataDir(join(repo, 'services', 'auth'))).toBe(join(repo, '.data'));
  });
});
