/**
 * Syntax highlighting for the kit: shiki fine-grained (core + JavaScript
 * regex engine, grammars and themes loaded on demand), tokenized in a Web
 * Worker or in short main-thread slices, coloured through classes of one
 * shared constructable style sheet (CSP-safe, light and dark via
 * `light-dark()`).
 *
 * The kit's own code imports the modules it needs one by one, so that the
 * client (client.ts: the worker, the table of grammars, the main-thread
 * fallback) stays a lazy chunk reached through start.ts; this index gathers
 * everything in one place for tests and tools.
 */
export { languageForFence, resolveLanguage } from './languages.js';
export { startHighlight, configureHighlighter, highlighterUsesWorker, warmHighlighter } from './client.js';
export type { HighlightJob, HighlightJobOptions, HighlightOutcome } from './client.js';
export { adoptTokenSheet, renderTokens, tokenSheet, TOKEN_CLASS_PREFIX } from './sheet.js';
export { contrastRatio } from './token-styles.js';
export { MAX_TOKENIZED_LINE, LIGHT_THEME, DARK_THEME } from './constants.js';
export { chunkLine } from './tokens.js';
export type { TokenLine, TokenChunk, TokenStyle } from './tokens.js';
export { splitLines, lineStarts, TextLines } from './lines.js';
export { highlightElement, highlightLines } from './element.js';
