// Integration-test support, a separate entry (`@paycadence/nest-kit/testing`) so production code never loads it.
export * from './service-harness.js';
export * from './test-auth.js';
export * from './private-redis.js';
export * from './private-redis-cluster.js';
export * from './refresh-cookie.js';
export * from './account-data-probe.js';
export * from './query-plans.js';
export * from './kept-open-upload.js';
export * from './soft-authenticator.js';
