export * from './time-filter.js';
export * from './indicators.js';
export * from './schemas.js';
