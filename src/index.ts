/**
 * `qa-sources-kit`: importing this module registers the elements and exposes
 * the public API (model, i18n, events, host adapters).
 */
export * from './model/index.js';
export * from './i18n/index.js';
export * from './elements/shared/events.js';
export { viewOf, type QaViewResult, type QaViewOptions } from './elements/shared/payload.js';
export { QaSourcesPanel } from './elements/sources-panel/define.js';
export { QaSourceFooter } from './elements/source-footer/define.js';
export { QaFilePreview } from './elements/file-preview/define.js';
export * from './host/index.js';
export { configureWorkers, type QaWorkerOptions } from './render/workers.js';
