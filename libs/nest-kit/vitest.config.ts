import { defineConfig } from 'vitest/config';
export default defineConfig({
  // Spec files sit outside tsconfig's `include`, so their Nest decorators need the legacy transform spelled out.
  oxc: { decorator: { legacy: true, emitDecoratorMetadata: true } },
  test: { include: ['src/**/*.spec.ts'] },
});
