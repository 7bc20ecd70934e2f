export * from './redis-transport.js';
export * from './transport-client.js';
export * from './message-payload.js';
