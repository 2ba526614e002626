export * from './table.js';
export * from './text.js';
export * from './units.js';
export * from './validate.js';
export * from './values.js';
