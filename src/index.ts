/**
 * `qa-sources-kit`: importing this module registers the elements and exposes
 * the public API: the model (as `qa-sources-kit/model`), languages, events,
 * the host adapters, the store and the wiring. Exports are listed by name.
 */
export * from './model/index.js';
export { registerTranslation, loadTranslation, availableLocales, en, type QaTerms, type QaTerm, type QaPlural, type QaBuiltinLocale } from './i18n/index.js';
export * from './events.js';
export { viewOf, type QaViewResult, type QaViewOptions } from './host/payload.js';
export { QaSourcesPanel } from './elements/sources-panel/define.js';
export { QaSourceFooter } from './elements/source-footer/define.js';
export { QaFilePreview } from './elements/file-preview/define.js';
export type * from './host/types.js';
export { QaHostError, isQaHostError } from './host/types.js';
export { createMemoryHost, type QaMemoryFile, type QaMemoryHost, type QaMemoryHostOptions } from './host/memory.js';
export { createFetchHost, type QaFetchHostOptions } from './host/fetch.js';
export { createRemoteHost, type QaRemoteRead, type QaRemoteTextResult, type QaRemoteUnavailableResult, type QaRemoteHostOptions } from './host/remote.js';
export { createSourcesStore, type QaSessionEvent, type QaStoredSources, type QaApplyResult, type QaStoreListener, type QaSourcesStore } from './host/store.js';
export { connectSources, type QaConnectOptions, type QaPanelLike, type QaFooterLike, type QaPreviewLike } from './host/connect.js';
export { configureWorkers, type QaWorkerOptions } from './render/workers.js';
