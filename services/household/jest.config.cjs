module.exports = require('../../jest.preset.cjs').jestConfig('unit');
