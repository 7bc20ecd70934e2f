export * from './secret-box.js';
export * from './secret-key.js';
