const { jestConfig } = require('../../jest.preset.cjs');
const { withEsmDeps } = require('./jest.esm-deps.cjs');

module.exports = withEsmDeps(jestConfig('unit'));
