/**
 * `qa-sources-kit/model`: the payload contract, parsing of untrusted payloads,
 * merging, and the presentation rules. Pure: no DOM, importable from Node.
 */
export * from './types.js';
export * from './parse.js';
export * from './merge.js';
export * from './present.js';
export * from './text.js';
export * from './url.js';
export * from './citations.js';
