import { defineConfig } from 'vitest/config';

// Unit tests render the pages directly; module federation plays no part in them.
export default defineConfig({
  test: {
    environment: 'jsdom',
    // Rendering with user-event in jsdom takes seconds per test when CI's two cores run several suites at once.
    testTimeout: 15_000,
    // The page server's specs (server/) say `@vitest-environment node` at their top.
    include: ['src/**/*.spec.{ts,tsx}', 'server/**/*.spec.{ts,tsx}'],
    setupFiles: ['./vitest.setup.ts'],
    restoreMocks: true,
  },
});
