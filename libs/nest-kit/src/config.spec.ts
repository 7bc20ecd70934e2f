import { Injectable } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  InjectServiceConfig,
  SERVICE_CONFIG,
  ServiceConfigModule,
  baseEnvSchema,
  loadConfig,
  serviceDatabaseUrlVariable,
  serviceEnvironment,
  type BaseEnv,
} from './config.js';

describe('loadConfig', () => {
  it('parses the environment into typed values with defaults', () => {
    const config = loadConfig(baseEnvSchema, { DATABASE_URL: 'postgres://db/app', PORT: '3101' });
    expect(config).toMatchObject({ PORT: 3101, REDIS_URL: 'redis://127.0.0.1:6379', LOG_LEVEL: 'info' });
  });

  it('stops start-up naming every bad variable', () => {
    const schema = baseEnvSchema.extend({ ENCRYPTION_KEY: z.string().length(64) });
    expect(() => loadConfig(schema, { PORT: 'eighty', ENCRYPTION_KEY: 'short' })).toThrow(
      /^Invalid environment variables: .*PORT.*DATABASE_URL|^Invalid environment variables: .*DATABASE_URL.*PORT/,
    );
    expect(() => loadConfig(schema, { DATABASE_URL: 'postgres://db/app', ENCRYPTION_KEY: 'short' })).toThrow(
      /ENCRYPTION_KEY/,
    );
  });
});

describe('ServiceConfigModule', () => {
  const schema = baseEnvSchema.extend({ AUTH_JWKS_URL: z.string().url() });
  type Config = z.output<typeof schema>;

  @Injectable()
  class NeedsConfig {
    constructor(@InjectServiceConfig() readonly config: Config) {}
  }

  it('gives every provider the one validated config by injection', async () => {
    const config = loadConfig(schema, { DATABASE_URL: 'postgres://db/app', AUTH_JWKS_URL: 'http://auth/jwks' });
    const module = await Test.createTestingModule({ imports: [ServiceConfigModule.forRoot<BaseEnv>(config)], providers: [NeedsConfig] }).compile();
    expect(module.get(SERVICE_CONFIG)).toBe(config);
    expect(module.get(NeedsConfig).config.AUTH_JWKS_URL).toBe('http://auth/jwks');
  });
});

describe('a database per service (DATABASE_URL_<SERVICE>)', () => {
  const shared = 'postgres://db/app';
  const own = 'postgres://ledger-db/bank';

  it.each([
    ['finance', 'DATABASE_URL_FINANCE'],
    ['bank-sync', 'DATABASE_URL_BANK_SYNC'],
    ['household', 'DATABASE_URL_HOUSEHOLD'],
  ])('names %s’s own variable %s', (service, variable) => {
    expect(serviceDatabaseUrlVariable(service)).toBe(variable);
  });

  it('gives the service its own URL when set, and DATABASE_URL to every other', () => {
    const env = { DATABASE_URL: shared, DATABASE_URL_BANK_SYNC: own };
    expect(loadConfig(baseEnvSchema, env, { service: 'bank-sync' }).DATABASE_URL).toBe(own);
    expect(loadConfig(baseEnvSchema, env, { service: 'finance' }).DATABASE_URL).toBe(shared);
    expect(loadConfig(baseEnvSchema, env).DATABASE_URL).toBe(shared);
    expect(serviceEnvironment('bank-sync', env)).not.toBe(env);
    expect(env.DATABASE_URL).toBe(shared);
  });

  it('falls back to DATABASE_URL when its own is blank, and needs no DATABASE_URL when its own is set', () => {
    expect(loadConfig(baseEnvSchema, { DATABASE_URL: shared, DATABASE_URL_FINANCE: '  ' }, { service: 'finance' }).DATABASE_URL).toBe(shared);
    expect(loadConfig(baseEnvSchema, { DATABASE_URL_FINANCE: own }, { service: 'finance' }).DATABASE_URL).toBe(own);
  });

  it('names the variable a bad or missing URL came from', () => {
    expect(() => loadConfig(baseEnvSchema, { DATABASE_URL: shared, DATABASE_URL_FINANCE: 'not a url' }, { service: 'finance' })).toThrow(
      /^Invalid environment variables: DATABASE_URL_FINANCE: /,
    );
    expect(() => loadConfig(baseEnvSchema, {}, { service: 'bank-sync' })).toThrow(/DATABASE_URL \(or DATABASE_URL_BANK_SYNC\): /);
    expect(() => loadConfig(baseEnvSchema, { DATABASE_URL: 'nope' }, { service: 'finance' })).toThrow(/variables: DATABASE_URL: /);
  });
});
