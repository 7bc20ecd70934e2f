import { Injectable } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { InjectServiceConfig, SERVICE_CONFIG, ServiceConfigModule, baseEnvSchema, loadConfig, type BaseEnv } from './config.js';

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
