export * from './cells.js';
export * from './files.js';
export * from './table-import.js';
export * from './schemas.js';
