/**
 * `qa-sources-kit/node`: the reference read-only file endpoint, for Node
 * servers (node:http, Connect/Express, Vite's dev server). No DOM.
 */
export * from './file-endpoint.js';
export { DEFAULT_DENY, checkWorkspacePath, checkReadablePath, isDeniedPath, linkCandidates, matchesDenyPattern } from '../host/paths.js';
export type { QaDenyRule, QaPathCheck, QaPathRejection } from '../host/paths.js';
