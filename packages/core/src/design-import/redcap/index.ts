export * from './dictionary.js';
export * from './choices.js';
export * from './fields.js';
export * from './logic.js';
export * from './messages.js';
export * from './types.js';
export * from './import.js';
