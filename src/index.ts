/**
 * `qa-sources-kit`: importing this module registers the elements and exposes
 * the public API (model, i18n, events, host adapters).
 */
export * from './model/index.js';
export * from './i18n/index.js';
export * from './elements/shared/events.js';
export * from './host/index.js';
