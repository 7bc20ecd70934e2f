import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The reliability suite. `npm test` (step `reliability`) starts the launcher stack on a throwaway database
// and runs this config with GATEWAY_URL (the gateway; Vitest overwrites BASE_URL), E2E_SERVICE_URLS (each service straight), DATABASE_URL,
// REDIS_URL, REDIS_KEY_PREFIX and DATA_DIR set. While developing: `RELIABILITY_FILES="fuzz" npm test --
// --only=bootstrap,reliability`. Files run one at a time: several of them load the same stack hard.
export default defineConfig({
  root: path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..'),
  test: {
    include: ['tests/reliability/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
