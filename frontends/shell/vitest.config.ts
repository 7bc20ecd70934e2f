import { defineConfig } from 'vitest/config';

// Unit tests render the pages directly; module federation plays no part in them.
export default defineConfig({
  test: {
    environment: 'jsdom',
    // Rendering with user-event in jsdom takes seconds per test when CI's two cores run several suites at once.
    testTimeout: 15_000,
    include: ['src/**/*.spec.{ts,tsx}', 'scripts/**/*.spec.mjs'],
    setupFiles: ['./vitest.setup.ts'],
    restoreMocks: true,
  },
});
