export * from './user-owned-tables.js';
export * from './account-data-answers.js';
