export * from './status.js';
export * from './identity.js';
export * from './schemas.js';
