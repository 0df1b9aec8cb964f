/**
 * `qa-sources-kit/node`: the reference read-only file endpoint, for Node
 * servers (node:http, Connect/Express, Vite's dev server), and the path
 * checks it applies. No DOM.
 */
export { createFileEndpoint, type QaFileEndpointOptions, type QaFileEndpointHandler, type QaFileEndpointRequest } from './file-endpoint.js';
export { DEFAULT_DENY, checkWorkspacePath, checkReadablePath, isDeniedPath, linkCandidates, matchesDenyPattern } from '../host/paths.js';
export type { QaDenyRule, QaPathCheck, QaPathRejection } from '../host/paths.js';
