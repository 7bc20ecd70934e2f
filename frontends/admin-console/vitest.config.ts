import { defineConfig } from 'vitest/config';

// Unit tests render the pages directly; module federation plays no part in them.
export default defineConfig({
  test: {
    environment: 'jsdom',
    include: ['src/**/*.spec.{ts,tsx}'],
    setupFiles: ['./vitest.setup.ts'],
    restoreMocks: true,
  },
});
