const base = require('../../jest.preset.cjs').jestConfig('unit');

// @fastify/static (the queue board's, through @bull-board/fastify) requires content-disposition 3, which ships
// ESM only: Node 20.19+ loads it with require(esm), Jest's runtime does not, so it is compiled like Nest's.
module.exports = {
  ...base,
  transformIgnorePatterns: base.transformIgnorePatterns.map((pattern) => pattern.replace('(?!(', '(?!(content-disposition|')),
};
