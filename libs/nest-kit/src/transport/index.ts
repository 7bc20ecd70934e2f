export * from './redis-transport.js';
