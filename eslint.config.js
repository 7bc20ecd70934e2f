// ESLint 9 flat config for the whole monorepo. Not type-aware on purpose: `npm test` lints everything and
// must stay fast (the whole suite under 10 minutes).
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import nx from '@nx/eslint-plugin';

/** Nx module boundaries (see paycadence/module-boundaries below). */
const moduleBoundaries = {
  // Shared workspace files outside any project: the federation map (docs/conventions.md §9) and the Jest preset.
  allow: ['../federation.shared.mjs', '../../jest.preset.cjs'],
  // A dynamic import() of a workspace lib (a test loading web-kit lazily) is an ordinary import here,
  // not Nx's lazy-loaded-library pattern.
  checkDynamicDependenciesExceptions: ['@paycadence/**'],
  depConstraints: [
    { sourceTag: 'scope:service', onlyDependOnLibsWithTags: ['scope:shared'] },
    { sourceTag: 'scope:frontend', onlyDependOnLibsWithTags: ['scope:shared'] },
    { sourceTag: 'scope:shared', onlyDependOnLibsWithTags: ['scope:shared'] },
    { sourceTag: 'scope:tooling', onlyDependOnLibsWithTags: ['scope:shared', 'scope:tooling'] },
    { sourceTag: 'platform:browser', onlyDependOnLibsWithTags: ['platform:browser', 'platform:universal'] },
    { sourceTag: 'platform:node', onlyDependOnLibsWithTags: ['platform:node', 'platform:universal'] },
    { sourceTag: 'platform:universal', onlyDependOnLibsWithTags: ['platform:universal'] },
  ],
};

export default defineConfig([
  globalIgnores([
    '**/dist/',
    '**/dist-server/',
    '**/node_modules/',
    '**/.data/',
    '**/coverage/',
    '**/.nx/',
    '**/test-results/',
    '**/playwright-report/',
    'tests/e2e/.artifacts/',
  ]),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    name: 'paycadence/base',
    languageOptions: {
      ecmaVersion: 'latest',
      sourceType: 'module',
      globals: { ...globals.node },
    },
    rules: {
      // `_`-prefixed names mark deliberately unused values (Nest signatures, array holes, rest siblings).
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
      // An empty block is fine when a comment says why (core `no-empty` accepts a commented block).
      'no-empty': ['error', { allowEmptyCatch: false }],
      // Boundaries of untyped input (JSON, third-party shapes) sometimes need `any`: flag it, don't fail.
      '@typescript-eslint/no-explicit-any': 'warn',
    },
  },
  {
    // Module boundaries from the tags in each project.json (docs/conventions.md §8, README.md). Scope: apps depend on
    // shared libs only, so no service imports another service and no lib imports an app. Platform: browser
    // code may use browser and universal libs, Node code Node and universal ones, universal code only
    // universal ones. Files outside any project (tests/, root configs) are not checked.
    name: 'paycadence/module-boundaries',
    plugins: { '@nx': nx },
    rules: {
      '@nx/enforce-module-boundaries': ['error', moduleBoundaries],
    },
  },
  {
    // A service's integration tests talk to the Plaid emulator (tools/plaid-emulator), as the service does in the
    // default run; its production code never imports tooling.
    name: 'paycadence/service-tests-use-the-plaid-emulator',
    files: ['services/*/test/**/*.{ts,mjs}'],
    plugins: { '@nx': nx },
    rules: {
      '@nx/enforce-module-boundaries': ['error', { ...moduleBoundaries, allow: [...moduleBoundaries.allow, '../../../tools/plaid-emulator/*', '../../../../tools/plaid-emulator/*'] }],
    },
  },
  {
    name: 'paycadence/commonjs',
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    name: 'paycadence/browser',
    files: ['frontends/**/*.{ts,tsx,js,jsx,mjs}', 'libs/web-kit/**/*.{ts,tsx,js,jsx,mjs}'],
    languageOptions: {
      globals: { ...globals.browser },
      parserOptions: { ecmaFeatures: { jsx: true } },
    },
    plugins: { 'react-hooks': reactHooks },
    // The two classic hook rules; v7's compiler-derived rules flag patterns React itself accepts.
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    name: 'paycadence/tests',
    files: [
      '**/*.spec.{ts,tsx,js,mjs}',
      '**/*.test.{ts,tsx,js,mjs}',
      '**/*.int-spec.ts',
      '**/test/**',
      'tests/**',
    ],
    languageOptions: { globals: { ...globals.jest, ...globals.vitest } },
  },
]);
