export * from './changes.js';
export * from './patch.js';
