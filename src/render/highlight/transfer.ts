/**
 * Grammars on their way to the worker, with their regular expressions sent
 * as text: `{ [PACKED]: [source, flags, options] }`, rebuilt in the worker.
 * A structured clone would keep a plain RegExp, but rebuilds it (parsing its
 * pattern) while the message is read, and drops what an `EmulatedRegExp`
 * (the precompiled grammars' RegExp subclass, see `PRECOMPILED_LANGUAGES`)
 * holds beyond it, which silently changes what it matches. Sent as text, each
 * expression is built once, by the worker, for the kind of text it scans
 * (see latin1.ts).
 */
import type { LanguageRegistration } from 'shiki/core';

/** The key that marks a packed expression. */
export const PACKED = '__qaRegExp';

/** What a packed expression carries: an `EmulatedRegExp`'s options (its own `rawOptions` are meant for exactly this), null for a plain RegExp. */
export type PackedRegExp = [source: string, flags: string, options: object | null];

function isEmulated(v: RegExp): v is RegExp & { rawOptions: object } {
  return v.constructor !== RegExp && typeof (v as { rawOptions?: unknown }).rawOptions === 'object';
}

function map(value: unknown, leaf: (v: object) => unknown | undefined): unknown {
  if (value === null || typeof value !== 'object') return value;
  const replaced = leaf(value);
  if (replaced !== undefined) return replaced;
  if (Array.isArray(value)) return value.map((v) => map(v, leaf));
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) out[key] = map((value as Record<string, unknown>)[key], leaf);
  return out;
}

/** A copy of `grammar` that survives a structured clone, every expression packed (the module's own objects stay untouched). */
export function packGrammar(grammar: LanguageRegistration[]): LanguageRegistration[] {
  return map(grammar, (v) => {
    if (!(v instanceof RegExp)) return undefined;
    return { [PACKED]: [v.source, v.flags, isEmulated(v) ? v.rawOptions : null] satisfies PackedRegExp };
  }) as LanguageRegistration[];
}

/** A copy of the grammar `packGrammar` packed, with each expression rebuilt by `rebuild` (one that came as a RegExp is kept). */
export function unpackGrammar(grammar: LanguageRegistration[], rebuild: (packed: PackedRegExp) => RegExp): LanguageRegistration[] {
  return map(grammar, (v) => {
    if (v instanceof RegExp) return v;
    const packed = (v as Record<string, unknown>)[PACKED];
    return Array.isArray(packed) ? rebuild(packed as PackedRegExp) : undefined;
  }) as LanguageRegistration[];
}
