import type { Plugin } from 'vite';

/** `css` minus comments and needless whitespace; line breaks are kept. */
export function minifyCss(css: string): string;
/** The module's source with its `css` templates minified; null when it has none. */
export function minifyCssLiterals(code: string, parse: (code: string) => unknown): string | null;
/** The Vite plugin that minifies the `css` templates of the kit's own modules. */
export function cssLiterals(): Plugin;
