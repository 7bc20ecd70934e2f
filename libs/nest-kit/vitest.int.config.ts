import { defineConfig } from 'vitest/config';
// Integration tests (*.int-spec.ts) need the real Redis at REDIS_URL: the uncached `test:int` target runs them,
// never the cached unit `test` target.
export default defineConfig({
  oxc: { decorator: { legacy: true, emitDecoratorMetadata: true } },
  test: { include: ['src/**/*.int-spec.ts'] },
});
