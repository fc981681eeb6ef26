export * from './rules.js';
export * from './age.js';
export * from './time.js';
export * from './schemas.js';
export * from './fields.js';
