/**
 * Grammars on their way to the worker. A structured clone keeps plain
 * objects and regular expressions, but the precompiled grammars (see
 * `PRECOMPILED_LANGUAGES`) also hold `EmulatedRegExp`s — RegExp subclasses
 * whose extra options a clone drops, which silently changes what they match.
 * Those are sent as `{ [EMULATED]: [source, flags, options] }` and rebuilt
 * in the worker.
 */
import type { LanguageRegistration } from 'shiki/core';

/** The key that marks a packed `EmulatedRegExp`. */
export const EMULATED = '__qaEmulatedRegExp';

/** What a packed `EmulatedRegExp` carries (its own `rawOptions` are meant for exactly this). */
export type PackedRegExp = [source: string, flags: string, options: object];

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

/** A copy of `grammar` that survives a structured clone (the module's own objects stay untouched). */
export function packGrammar(grammar: LanguageRegistration[]): LanguageRegistration[] {
  return map(grammar, (v) => {
    if (!(v instanceof RegExp)) return undefined;
    return isEmulated(v) ? { [EMULATED]: [v.source, v.flags, v.rawOptions] satisfies PackedRegExp } : v;
  }) as LanguageRegistration[];
}

/** The grammar `packGrammar` packed, with each `EmulatedRegExp` rebuilt by `rebuild`. */
export function unpackGrammar(grammar: LanguageRegistration[], rebuild: (packed: PackedRegExp) => RegExp): LanguageRegistration[] {
  return map(grammar, (v) => {
    if (v instanceof RegExp) return v;
    const packed = (v as Record<string, unknown>)[EMULATED];
    return Array.isArray(packed) ? rebuild(packed as PackedRegExp) : undefined;
  }) as LanguageRegistration[];
}
