export * from './bulletins.js';
export * from './image.js';
export * from './ui-config.js';
