export * from './constants.js';
export * from './schema.js';
export * from './issues.js';
export * from './walk.js';
