export * from './lab-level.js';
export * from './bullseye.js';
export * from './display.js';
