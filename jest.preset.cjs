// Shared Jest set-up for services (CJS because Jest loads it with require).
// Sources are ESM TypeScript with `.js` import suffixes; @swc/jest compiles them (and Nest 12's ESM-only
// packages) to CommonJS with decorator metadata, without which Nest injects `undefined`.
const path = require('node:path');

const libs = path.join(__dirname, 'libs');

/** Packages that ship ESM only; @swc/jest compiles them to CommonJS like our own sources. */
const ESM_ONLY_PACKAGES = [
  '@nestjs',
  'file-type',
  'strtok3',
  'token-types',
  'peek-readable',
  'uint8array-extras',
  '@tokenizer',
  'load-esm',
  'jose', // nest-kit's token verifier and the tests' token signer
  '@scure', // otplib's base32 and crypto plugins
  '@noble',
  '@f-o-t', // the OFX parser (statement files)
];

/** @param {'unit' | 'int'} kind */
function jestConfig(kind) {
  return {
    testEnvironment: 'node',
    testMatch: kind === 'unit' ? ['<rootDir>/src/**/*.spec.ts'] : ['<rootDir>/test/**/*.int-spec.ts'],
    transform: {
      '^.+\\.(t|j)sx?$': [
        '@swc/jest',
        {
          jsc: {
            parser: { syntax: 'typescript', decorators: true },
            transform: { legacyDecorator: true, decoratorMetadata: true },
            target: 'es2022',
          },
          module: { type: 'commonjs' },
        },
      ],
    },
    transformIgnorePatterns: [`/node_modules/(?!(${ESM_ONLY_PACKAGES.join('|')})/)`],
    moduleNameMapper: {
      '^(\\.{1,2}/.*)\\.js$': '$1',
      '^@paycadence/(contracts|nest-kit|finance-rules)$': `${libs}/$1/src/index.ts`,
      '^@paycadence/nest-kit/testing$': `${libs}/nest-kit/src/testing/index.ts`,
      // Exported for `import` only (no `require` condition), so Jest's CommonJS resolver needs the file itself.
      '^@f-o-t/ofx$': require.resolve('@f-o-t/ofx/package.json').replace(/package\.json$/, 'dist/index.js'),
    },
    testTimeout: kind === 'unit' ? 10000 : 30000,
  };
}

module.exports = { jestConfig };
