export * from './menu-settings.js';
export * from './role-permissions.js';
