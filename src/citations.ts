/**
 * `qa-sources-kit/citations`: numbered citation chips in the answer, linked
 * both ways with the panel and the footer. Importing it registers
 * `<qa-citation>`. A separate entry, so pages that show no citations load
 * none of it.
 *
 * ```ts
 * import { connectCitations } from 'qa-sources-kit/citations';
 * connectCitations({ answer, panel, footer, store, sessionId });
 * ```
 */
export { QaCitation } from './elements/citation/define.js';
export { readLines, OPEN_DELAY_MS, CLOSE_DELAY_MS } from './elements/citation/citation.js';
export * from './host/citations.js';
export * from './host/connect-citations.js';
export { citationsPlugin, type QaCitationsPluginOptions } from './render/citations.js';
