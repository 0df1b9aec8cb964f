import type { Plugin } from 'vite';

/** The modules the plugins rewrite: shiki's precompiled grammars. */
export const PRECOMPILED_GRAMMAR_MODULE: RegExp;
/** The key that marks a packed expression (`PACKED` in src/render/highlight/transfer.ts). */
export const PACKED: string;
/** The module that replaces the grammar module at `file` (its grammars packed, groups no rule reads non-capturing, as one JSON text); null when it exports no list of grammars. */
export function packedGrammarModule(file: string): Promise<string | null>;
/** The Vite plugin. */
export function packedGrammars(): Plugin;
/** The browser tests' server plugin (`?published`: the module as published); `rootDir`: the server's root. */
export function packedGrammarsForTests(rootDir: string): {
  name: string;
  transform(context: { path: string; querystring?: string }): Promise<{ body: string } | undefined>;
};
