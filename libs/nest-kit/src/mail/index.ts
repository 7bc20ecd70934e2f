export * from './mail-sender.js';
export * from './mail.module.js';
