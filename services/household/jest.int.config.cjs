module.exports = { ...require('../../jest.preset.cjs').jestConfig('int'), maxWorkers: 1 };
