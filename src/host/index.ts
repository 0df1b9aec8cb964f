/**
 * The host side of the kit: the adapter contract, ready adapters (memory,
 * fetch, remote), the payload store and the wiring of the elements.
 *
 * Exports are listed by name; byte and MIME helpers, HTTP status mapping and
 * answer validation stay internal to the adapters.
 */
export type * from './types.js';
export { QaHostError, isQaHostError } from './types.js';
export { checkWorkspacePath, checkReadablePath, type QaPathCheck, type QaPathRejection } from '../workspace/paths.js';
export { isDeniedPath, matchesDenyPattern, DEFAULT_DENY, type QaDenyRule } from '../workspace/deny.js';
export { linkCandidates } from '../workspace/links.js';
export { createMemoryHost, type QaMemoryFile, type QaMemoryHost, type QaMemoryHostOptions } from './memory.js';
export { createFetchHost, type QaFetchHostOptions } from './fetch.js';
export {
  createRemoteHost,
  codeForUnavailable,
  type QaRemoteRead,
  type QaRemoteTextResult,
  type QaRemoteUnavailableResult,
  type QaRemoteHostOptions,
} from './remote.js';
export { createSourcesStore, type QaSessionEvent, type QaStoredSources, type QaApplyResult, type QaStoreListener, type QaSourcesStore } from './store.js';
export { connectSources, type QaConnectOptions, type QaPanelLike, type QaFooterLike, type QaPreviewLike } from './connect.js';
