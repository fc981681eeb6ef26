export * from './signature.js';
export * from './schemas.js';
export * from './doc.js';
