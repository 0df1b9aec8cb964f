/**
 * `qa-sources-kit/node`: the reference read-only file endpoint, for Node
 * servers (node:http, Connect/Express, Vite's dev server), and the path
 * checks it applies. No DOM.
 */
export { createFileEndpoint, type QaFileEndpointOptions, type QaFileEndpointHandler, type QaFileEndpointRequest } from './file-endpoint.js';
export { DEFAULT_DENY, isDeniedPath, matchesDenyPattern, type QaDenyRule } from '../workspace/deny.js';
export { linkCandidates } from '../workspace/links.js';
export { checkWorkspacePath, checkReadablePath, type QaPathCheck, type QaPathRejection } from '../workspace/paths.js';
