/**
 * Patterns written in Oniguruma's syntax, converted for text that is all
 * Latin-1: converted as shiki converts them, then narrowed (see latin1.ts)
 * (and without the v flag where that keeps its matches) before the
 * expression is built, so it is parsed once. Used by the
 * highlighter's worker, the only place that tokenizes by kind of text.
 */
import { toRegExpDetails } from 'oniguruma-to-es';
import { shippedExpression } from './engine.js';
import { latin1Expression } from './latin1.js';
import type { PackedRegExp } from './transfer.js';

/**
 * The options of shiki's `defaultJavaScriptRegexConstructor` with `target:
 * 'auto'` (a test holds the two conversions equal).
 */
export const CONVERSION_OPTIONS = {
  global: true,
  hasIndices: true,
  lazyCompileLength: 3_000,
  target: 'auto',
  rules: { allowOrphanBackrefs: true, asciiWordBoundaries: true, captureGroup: true, recursionLimit: 5, singleline: true },
} as const;

/** The engine's expression for `pattern` on Latin-1 text. */
export function narrowedExpression(pattern: string): RegExp {
  const d = toRegExpDetails(pattern, CONVERSION_OPTIONS);
  return narrowedPacked([d.pattern, d.flags, d.options ?? null]);
}

/** A packed expression (a precompiled grammar's, see transfer.ts) built for Latin-1 text. */
export function narrowedPacked([source, flags, options]: PackedRegExp): RegExp {
  return shippedExpression([...latin1Expression(source, flags), options]);
}
