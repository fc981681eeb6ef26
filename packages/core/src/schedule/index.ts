export * from './plan.js';
export * from './schemas.js';
export * from './reminders.js';
export * from './qc-tasks.js';
