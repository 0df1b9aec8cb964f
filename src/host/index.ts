/**
 * The host side of the kit: the adapter contract, ready adapters (memory,
 * fetch, remote), the payload store and the wiring of the elements.
 */
export * from './types.js';
export * from './paths.js';
export * from './text.js';
export * from './memory.js';
export * from './fetch.js';
export * from './remote.js';
export * from './store.js';
export * from './connect.js';
