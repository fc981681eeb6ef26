export * from './channels.js';
export * from './config.js';
export * from './defaults.js';
export * from './notifications.js';
export * from './reminders.js';
export * from './log.js';
export * from './wechat.js';
