export * from './instruments.js';
export * from './events.js';
export * from './reminders.js';
export * from './publishing.js';
export * from './library.js';
