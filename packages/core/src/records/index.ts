export * from './field-state.js';
export * from './paths.js';
export * from './panel-status.js';
export * from './workflow.js';
export * from './form-values.js';
export * from './reasons.js';
export * from './schemas.js';
export * from './save-rules.js';
