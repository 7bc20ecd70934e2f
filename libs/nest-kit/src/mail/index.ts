export * from './html.js';
export * from './mail-sender.js';
export * from './mail.module.js';
