export * from './channels.js';
export * from './config.js';
export * from './defaults.js';
export * from './notifications.js';
