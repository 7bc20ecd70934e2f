import { defineConfig } from 'vitest/config';

// The generator test copies the workspace and runs whole suites in the copy: minutes, not milliseconds, so it
// has its own config instead of joining the tools' unit specs.
export default defineConfig({
  test: {
    include: ['tools/generators/**/*.int-spec.mjs'],
    environment: 'node',
    testTimeout: 180_000,
    hookTimeout: 180_000,
  },
  root: new URL('../..', import.meta.url).pathname,
});
