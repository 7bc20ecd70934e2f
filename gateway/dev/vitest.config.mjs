import { defineConfig } from 'vitest/config';

export const gatewayTestConfig = defineConfig({
  test: {
    include: ['test/**/*.spec.mjs'],
    environment: 'node',
    testTimeout: 15_000,
  },
});

// Vitest reads the default export of its config file; the named export is what the team convention asks for.
export default gatewayTestConfig;
