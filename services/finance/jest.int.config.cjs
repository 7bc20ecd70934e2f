module.exports = { ...require('./jest.shared.cjs').financeJestConfig('int'), maxWorkers: 1 };
