// jose 6 and otplib's @scure/@noble plugins ship ESM only: let @swc/jest compile them to CommonJS as it
// does Nest's packages.
function withEsmDeps(config) {
  return {
    ...config,
    transformIgnorePatterns: config.transformIgnorePatterns.map((pattern) =>
      pattern.replace('(?!(@nestjs|', '(?!(@nestjs|jose|@scure|@noble|'),
    ),
  };
}

module.exports = { withEsmDeps };
