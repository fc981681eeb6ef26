export * from './plan.js';
export * from './schemas.js';
