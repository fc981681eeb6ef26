export * from './rules.js';
export * from './schemas.js';
export * from './messages.js';
export * from './mail.js';
