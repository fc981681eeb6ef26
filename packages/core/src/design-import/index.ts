export * from './redcap/index.js';
