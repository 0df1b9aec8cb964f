// Grammars on their way to the worker: a structured clone of a packed
// precompiled grammar, unpacked as the worker does, matches as the original,
// and carries no RegExp for the clone to rebuild.
// structuredClone is a Node global: plain Node.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { EmulatedRegExp } from 'oniguruma-to-es';
import type { LanguageRegistration } from 'shiki/core';
import { holdsPacked, PACKED, packGrammar, unpackGrammar, type PackedRegExp } from '../../../src/render/highlight/transfer.ts';
import { LANGUAGE_LOADERS } from '../../../src/render/highlight/languages.ts';

const rebuild = ([source, flags, options]: PackedRegExp) => (options ? new EmulatedRegExp(source, flags, options) : new RegExp(source, flags));

/** Every regular expression in `v`, in a fixed order. */
function regExps(v: unknown, out: RegExp[] = []): RegExp[] {
  if (v instanceof RegExp) out.push(v);
  else if (v !== null && typeof v === 'object') for (const key of Object.keys(v)) regExps((v as Record<string, unknown>)[key], out);
  return out;
}

test('a precompiled grammar survives a structured clone packed, and not without packing', async () => {
  const grammar = (await LANGUAGE_LOADERS.typescript!()).default;
  const original = regExps(grammar);
  const emulated = original.filter((r) => r instanceof EmulatedRegExp);
  assert.ok(emulated.length > 0);
  assert.equal(emulated.length, original.filter((r) => r.constructor !== RegExp).length);
  // What the clone does to an EmulatedRegExp on its own: a plain RegExp, its options gone.
  assert.equal(regExps(structuredClone(grammar)).filter((r) => r instanceof EmulatedRegExp).length, 0);

  const packed = packGrammar(grammar);
  assert.equal(regExps(packed).length, 0, 'every expression goes as text');
  const received = unpackGrammar(structuredClone(packed), rebuild);
  const rebuilt = regExps(received);
  assert.equal(rebuilt.length, original.length);
  rebuilt.forEach((r, i) => {
    const o = original[i]!;
    assert.equal(r.constructor, o.constructor, `pattern ${i}`);
    assert.equal(r.source, o.source);
    assert.equal(r.flags, o.flags);
    if (o instanceof EmulatedRegExp) assert.deepEqual((r as EmulatedRegExp).rawOptions, o.rawOptions);
  });
  // The module's own objects stay as they were.
  assert.ok(regExps(grammar).every((r, i) => r === original[i]));
});

test('plain values pass through as they are; a plain regular expression is rebuilt as one', () => {
  const grammar = [
    { name: 'x', scopeName: 'source.x', patterns: [{ match: /a+/gi, name: 'n', captures: { 1: { name: 'c' } } }], list: [1, 'two', null, true] },
  ] as unknown as LanguageRegistration[];
  const packed = packGrammar(grammar);
  assert.notEqual(packed, grammar);
  assert.deepEqual((packed[0] as unknown as { patterns: Array<{ match: unknown }> }).patterns[0]!.match, { [PACKED]: ['a+', 'gi', null] });
  const round = unpackGrammar(structuredClone(packed), rebuild);
  assert.deepEqual(round, grammar);
  const match = (round[0] as unknown as { patterns: Array<{ match: RegExp }> }).patterns[0]!.match;
  assert.equal(match.constructor, RegExp);
  // A RegExp that arrives as one (a grammar sent unpacked) is kept.
  assert.deepEqual(
    unpackGrammar(grammar, () => assert.fail('nothing to rebuild')),
    grammar,
  );
});

test('only an array under the packing key is read as a packed expression', () => {
  const grammar = [{ name: 'x', a: { [PACKED]: 'not packed' }, b: { [PACKED]: ['a+', 'g', {}] } }] as unknown as LanguageRegistration[];
  const seen: PackedRegExp[] = [];
  const out = unpackGrammar(grammar, (p) => (seen.push(p), /rebuilt/)) as unknown as Array<{ a: unknown; b: unknown }>;
  assert.deepEqual(out[0]!.a, { [PACKED]: 'not packed' });
  assert.deepEqual(out[0]!.b, /rebuilt/);
  assert.deepEqual(seen, [['a+', 'g', {}]]);
});

test('a grammar with no RegExp is sent as it is; holdsPacked tells a packed grammar apart', async () => {
  const strings = (await LANGUAGE_LOADERS.python!()).default;
  assert.equal(packGrammar(strings), strings, 'patterns written as strings: nothing to copy');
  assert.equal(holdsPacked(strings), false);
  const packed = packGrammar((await LANGUAGE_LOADERS.typescript!()).default);
  assert.equal(holdsPacked(packed), true);
  assert.equal(packGrammar(packed), packed, 'packed already (as the builds ship it): sent as it is');
  assert.equal(holdsPacked([{ name: 'x', a: { [PACKED]: 'not packed' } }] as unknown as LanguageRegistration[]), false);
});
