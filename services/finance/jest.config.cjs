module.exports = require('./jest.shared.cjs').financeJestConfig('unit');
