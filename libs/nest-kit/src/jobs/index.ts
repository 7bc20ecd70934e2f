export * from './job-handler.decorator.js';
export * from './job-handlers.js';
export * from './job-producer.js';
export * from './jobs-settings.js';
export * from './jobs.module.js';
