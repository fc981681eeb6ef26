export * from './columns.js';
export * from './schema.js';
