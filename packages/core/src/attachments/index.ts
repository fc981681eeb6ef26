export * from './files.js';
export * from './table-import.js';
export * from './schemas.js';
