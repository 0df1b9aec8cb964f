/**
 * Grammars on their way to the worker, with their regular expressions sent
 * as text: `{ [PACKED]: [source, flags, options] }`, rebuilt in the worker.
 * The builds ship the precompiled grammars in this form already
 * (scripts/packed-grammars.mjs): the page then builds no expression at all.
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

/** True when `test` holds for an object inside `value` (objects `test` holds for are not looked into). */
function some(value: unknown, test: (v: object) => boolean): boolean {
  if (value === null || typeof value !== 'object') return false;
  if (test(value)) return true;
  if (Array.isArray(value)) return value.some((v) => some(v, test));
  for (const key of Object.keys(value)) if (some((value as Record<string, unknown>)[key], test)) return true;
  return false;
}

const isPacked = (v: object): boolean => Array.isArray((v as Record<string, unknown>)[PACKED]);

/** True when `grammar` holds a packed expression (see `packGrammar`). */
export function holdsPacked(grammar: LanguageRegistration[]): boolean {
  return some(grammar, isPacked);
}

/**
 * `grammar` as it survives a structured clone, every expression packed: a
 * copy when it holds a RegExp (the module's own objects stay untouched), else
 * `grammar` itself (packed by the builds, or patterns written as strings).
 * A grammar the builds packed is told by its first expression, without
 * walking all of it for a RegExp it cannot hold (TypeScript's: about 3 ms).
 */
export function packGrammar(grammar: LanguageRegistration[]): LanguageRegistration[] {
  if (holdsPacked(grammar) || !some(grammar, (v) => v instanceof RegExp)) return grammar;
  return map(grammar, (v) => {
    if (!(v instanceof RegExp)) return undefined;
    return { [PACKED]: [v.source, v.flags, isEmulated(v) ? v.rawOptions : null] satisfies PackedRegExp };
  }) as LanguageRegistration[];
}

/** A copy of the grammar `packGrammar` packed, with each expression rebuilt by `rebuild` (one that came as a RegExp is kept). */
export function unpackGrammar(grammar: LanguageRegistration[], rebuild: (packed: PackedRegExp) => RegExp): LanguageRegistration[] {
  return map(grammar, (v) => {
    if (v instanceof RegExp) return v;
    return isPacked(v) ? rebuild((v as Record<string, unknown>)[PACKED] as PackedRegExp) : undefined;
  }) as LanguageRegistration[];
}
