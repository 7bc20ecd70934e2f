import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { baseEnvSchema, loadConfig } from './config.js';

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
