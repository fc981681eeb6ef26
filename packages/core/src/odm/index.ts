export * from './xml.js';
export * from './scan.js';
export * from './oid.js';
export * from './datatype.js';
export * from './design.js';
export * from './metadata.js';
export * from './check.js';
export * from './import.js';
