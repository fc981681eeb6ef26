export * from './indicators.js';
export * from './schemas.js';
export * from './labels.js';
export * from './csv.js';
export * from './blinding.js';
export * from './time-range.js';
export * from './fields.js';
