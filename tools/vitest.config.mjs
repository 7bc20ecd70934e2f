import { defineConfig } from 'vitest/config';

export const toolsTestConfig = defineConfig({
  test: {
    include: ['**/*.spec.mjs'],
    exclude: ['**/node_modules/**'],
    environment: 'node',
    testTimeout: 30_000,
  },
});

// Vitest reads the default export of its config file.
export default toolsTestConfig;
