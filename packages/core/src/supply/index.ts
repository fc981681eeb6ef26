export * from './schemas.js';
export * from './kit-list.js';
export * from './shipment.js';
export * from './resupply.js';
export * from './expiry.js';
export * from './dosing.js';
export * from './holder.js';
