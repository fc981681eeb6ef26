export * from './field-state.js';
export * from './paths.js';
