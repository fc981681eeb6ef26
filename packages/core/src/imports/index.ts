export * from './schemas.js';
export * from './problems.js';
export * from './sheet.js';
export * from './target.js';
export * from './csv.js';
export * from './design-package.js';
