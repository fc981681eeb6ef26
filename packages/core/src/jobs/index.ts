export * from './jobs.js';
export * from './sync.js';
