export * from './channels.js';
export * from './reminders.js';
