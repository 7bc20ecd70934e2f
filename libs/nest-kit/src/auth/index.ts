export * from './token-claims.js';
export * from './jwt-verifier.js';
export * from './auth.guard.js';
export * from './auth-kit.module.js';
