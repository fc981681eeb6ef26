export * from './annotations.js';
export * from './text.js';
export * from './schemas.js';
export * from './values.js';
