export * from './token-claims.js';
export * from './invalid-token.error.js';
export * from './jwks-keys.js';
export * from './jwt-verifier.js';
export * from './access-token.strategy.js';
export * from './account-status-check.js';
export * from './auth.guard.js';
export * from './auth-kit.module.js';
