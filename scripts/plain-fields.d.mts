import type { Plugin } from 'vite';

/** markdown-it's ES module build, the module the plugin rewrites. */
export const MARKDOWN_IT_MODULE: RegExp;
/** The module's source with its field initialisers on `this` made assignments, and the names rewritten; null when it has none. */
export function plainFields(code: string, parse: (code: string) => unknown): { code: string; names: string[] } | null;
/** The Vite plugin that applies `plainFields` to markdown-it's module. */
export function markdownItPlainFields(): Plugin;
