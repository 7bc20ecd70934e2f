import { defineConfig } from 'vitest/config';
export default defineConfig({
  // Spec files sit outside tsconfig's `include`, so their Nest decorators need the legacy transform spelled out.
  oxc: { decorator: { legacy: true, emitDecoratorMetadata: true } },
  // Unit tests only: *.int-spec.ts need a real Redis and run in `test:int` (vitest.int.config.ts).
  test: { include: ['src/**/*.spec.ts'], exclude: ['src/**/*.int-spec.ts'] },
});
