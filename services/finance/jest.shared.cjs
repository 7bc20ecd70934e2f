const { jestConfig } = require('../../jest.preset.cjs');

/**
 * The shared preset plus jose: jose 6 (nest-kit's token verifier, the tests' token signer) is ESM-only,
 * so it is compiled like Nest's ESM packages.
 * @param {'unit' | 'int'} kind
 */
function financeJestConfig(kind) {
  const config = jestConfig(kind);
  const [pattern] = config.transformIgnorePatterns;
  return { ...config, transformIgnorePatterns: [pattern.replace('(@nestjs|', '(@nestjs|jose|')] };
}

module.exports = { financeJestConfig };
