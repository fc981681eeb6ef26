export * from './channels.js';
export * from './reminders.js';
export * from './log.js';
export * from './wechat.js';
