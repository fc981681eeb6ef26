export * from './schemas.js';
export * from './tree.js';
export * from './sheet.js';
