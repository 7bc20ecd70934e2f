import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Root-level cross-service suite. The root is pinned to the repository so the include patterns read the
// same from any working directory: `npx vitest run --config tests/vitest.config.ts`.
export default defineConfig({
  root: path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..'),
  test: {
    include: ['tests/contract/**/*.test.ts', 'tests/deploy/**/*.test.ts'],
    environment: 'node',
  },
});
