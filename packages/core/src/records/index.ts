export * from './field-state.js';
export * from './paths.js';
export * from './panel-status.js';
export * from './workflow.js';
export * from './form-values.js';
