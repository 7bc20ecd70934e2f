const preset = require('../../jest.preset.cjs').jestConfig('int');

// The Plaid emulator (tools/plaid-emulator, ESM .mjs) runs in-process in the tests: compiled like our sources.
module.exports = {
  ...preset,
  transform: { ...preset.transform, '^.+\\.mjs$': preset.transform['^.+\\.(t|j)sx?$'] },
  maxWorkers: 1,
};
