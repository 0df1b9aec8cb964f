// Grammar expressions narrowed for Latin-1 text: the same matches as the
// originals on Latin-1 text, over real grammars (precompiled and converted
// from Oniguruma's syntax), and different ones beyond it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { EmulatedRegExp } from 'oniguruma-to-es';
import { defaultJavaScriptRegexConstructor } from 'shiki/engine/javascript';
import { latin1Expression, narrowToLatin1, textKind, toLegacyLatin1 } from '../../../src/render/highlight/latin1.ts';
import { convertLatin1With, patternExpression } from '../../../src/render/highlight/engine.ts';
import { CONVERSION_OPTIONS, narrowedExpression } from '../../../src/render/highlight/narrowed.ts';

// As the worker does.
convertLatin1With(narrowedExpression);
import { toRegExpDetails } from 'oniguruma-to-es';
import { loadGrammar } from '../../../src/render/highlight/assets.ts';

const ALPHA = '[\\x41-\\x5a\\x61-\\x7a\\xaa\\xb5\\xba\\xc0-\\xd6\\xd8-\\xf6\\xf8-\\xff]';

test('a property escape becomes the class of its Latin-1 members, inside and outside classes', () => {
  assert.equal(narrowToLatin1('\\p{Alpha}+', 'v'), `${ALPHA}+`);
  // The v flag nests classes (and set operations need whole operands); under u, the members join the class.
  assert.equal(narrowToLatin1('[_\\p{Alpha}]', 'v'), `[_${ALPHA}]`);
  assert.equal(narrowToLatin1('[_\\p{Alpha}]', 'u'), `[_${ALPHA.slice(1, -1)}]`);
  assert.equal(narrowToLatin1('[\\p{L}--\\p{Lu}]', 'v'), narrowToLatin1('[\\p{L}--\\p{Lu}]', 'v'));
  assert.ok(new RegExp(narrowToLatin1('[\\p{L}--\\p{Lu}]', 'v'), 'v').test('a'));
  assert.equal(new RegExp(narrowToLatin1('[\\p{L}--\\p{Lu}]', 'v'), 'v').test('A'), false);
  // Under u, a bracket inside a class is a character, not a nested class.
  assert.equal(narrowToLatin1('[[\\p{Nd}]\\p{Nd}', 'u'), '[[\\x30-\\x39][\\x30-\\x39]');
  assert.equal(narrowToLatin1('\\P{space}', 'v'), '[\\x00-\\x08\\x0e-\\x1f\\x21-\\x84\\x86-\\x9f\\xa1-\\xff]');
  // No Latin-1 member: a class that matches nothing (negated: anything).
  assert.equal(narrowToLatin1('x\\p{Script=Han}|[^\\p{Script=Han}]', 'v'), 'x[]|[^[]]');
  // An escaped backslash is not an escape of `p`; one before an escape leaves the escape one.
  assert.equal(narrowToLatin1('\\\\p{L}', 'v'), '\\\\p{L}');
  assert.equal(narrowToLatin1('\\\\\\p{Nd}', 'v'), '\\\\[\\x30-\\x39]');
  assert.equal(narrowToLatin1('\\\\\\p{Nd}', 'u'), '\\\\[\\x30-\\x39]');
  // Escaped brackets are characters, under v and under u.
  assert.equal(narrowToLatin1('\\[\\p{Nd}\\]', 'v'), '\\[[\\x30-\\x39]\\]');
  assert.equal(narrowToLatin1('[\\]\\p{Nd}]', 'u'), '[\\]\\x30-\\x39]');
});

test('left as it is where narrowing could change a match', () => {
  for (const [source, flags] of [
    ['\\p{Alpha}', 'g'], // no u or v: `\p` is a `p`
    ['\\p{Lu}', 'iv'], // case-insensitive: an uppercase class matches lowercase too
    ['(?i:\\p{Lu})', 'v'],
    ['\\p{RGI_Emoji}', 'v'], // a property of strings
    ['\\p{NoSuchProperty}', 'v'],
    ['plain', 'v'],
  ] as const) {
    assert.equal(narrowToLatin1(source, flags), source, `${source} /${flags}`);
  }
});

test('the kind of a text: all Latin-1, or any', () => {
  assert.equal(textKind(''), 'latin1');
  assert.equal(textKind('café ÿ \u0000\u00ff'), 'latin1');
  assert.equal(textKind('a\u0100'), 'any');
  assert.equal(textKind('const имя = 1;'), 'any');
  assert.equal(textKind('😀'), 'any');
});

test("the narrowed patterns are converted with shiki's own options", async () => {
  const python = (await loadGrammar('python'))!;
  let compared = 0;
  JSON.stringify(python, (key, value: unknown) => {
    if ((key === 'match' || key === 'begin') && typeof value === 'string' && compared < 200) {
      let expected: RegExp;
      try {
        expected = defaultJavaScriptRegexConstructor(value, { target: 'auto' });
      } catch {
        return value;
      }
      const d = toRegExpDetails(value, CONVERSION_OPTIONS);
      assert.equal(new RegExp(d.pattern, d.flags).source, expected.source, value);
      assert.equal(new RegExp(d.pattern, d.flags).flags, expected.flags, value);
      assert.deepEqual(d.options ?? {}, expected instanceof EmulatedRegExp ? expected.rawOptions : {}, value);
      compared += 1;
    }
    return value;
  });
  assert.equal(compared, 200);
});

/** Lines of code-like Latin-1 text, with every Latin-1 character somewhere in them (a grammar scans a line at a time). */
const LATIN1_LINES = [
  'const café = naïveFn(ß_x, $y1) ?? ÿ; // déjà vu « quoted » ¿ok?',
  'export class Größe<T extends Ñ> implements Æless { private µ = 0xFFn; }',
  'def über(self, *args, **kw):  # comment £5 - ½',
  '<div class="x" data-é=\'1\'>&amp;&#233; text</div>  \t\u00a0\u0085',
  '  fn main() -> Résult<(), Érreur> { let v = vec![1, 2, 3]; }',
  ...Array.from({ length: 8 }, (_, i) => Array.from({ length: 32 }, (_, c) => String.fromCharCode(i * 32 + c)).join('')),
].map((line) => `${line}\n`);

/** The same match as `original` from every position of every sample line. */
function sameMatches(original: RegExp, narrowed: RegExp, label: string): void {
  for (const line of LATIN1_LINES) {
    assert.equal(textKind(line), 'latin1');
    for (let at = 0; at <= line.length; at += 1) {
      original.lastIndex = at;
      narrowed.lastIndex = at;
      const a = original.exec(line);
      const b = narrowed.exec(line);
      assert.equal(b?.index, a?.index, `${label} at ${at} of ${JSON.stringify(line)}`);
      assert.deepEqual(b && [...b], a && [...a], `${label} at ${at} of ${JSON.stringify(line)}`);
    }
  }
}

/** Some position of `line` where the two match differently. */
function differs(a: RegExp, b: RegExp, line: string): boolean {
  for (let at = 0; at <= line.length; at += 1) {
    a.lastIndex = at;
    b.lastIndex = at;
    if (a.exec(line)?.[0] !== b.exec(line)?.[0]) return true;
  }
  return false;
}

test('a precompiled grammar: every expression narrowed matches as the original on Latin-1 text', async () => {
  const ts = (await loadGrammar('typescript'))!;
  const originals: RegExp[] = [];
  JSON.stringify(ts, (_key, value: unknown) => {
    if (value instanceof RegExp) originals.push(value);
    return value instanceof RegExp ? null : value;
  });
  assert.ok(originals.length > 500);
  let narrowed = 0;
  let differsBeyond = 0;
  for (const original of originals) {
    const source = narrowToLatin1(original.source, original.flags);
    if (source === original.source) continue;
    narrowed += 1;
    const plain = new RegExp(original.source, original.flags);
    const narrow = new RegExp(source, original.flags);
    sameMatches(plain, narrow, original.source.slice(0, 80));
    if (differs(plain, narrow, 'const имя = привет(ünd);\n')) differsBeyond += 1;
  }
  assert.ok(narrowed > 300, `hundreds of TypeScript's expressions hold a property escape (${narrowed})`);
  assert.ok(differsBeyond > 20, `beyond Latin-1 the narrowed ones do differ: they are kept to Latin-1 text (${differsBeyond})`);
});

test('grammars converted from Oniguruma: every expression narrowed matches as the original on Latin-1 text', async () => {
  for (const lang of ['python', 'rust', 'html', 'css', 'shellscript', 'markdown', 'yaml', 'go']) {
    const grammar = (await loadGrammar(lang))!;
    const patterns = new Set<string>();
    JSON.stringify(grammar, (key, value: unknown) => {
      if ((key === 'match' || key === 'begin' || key === 'end' || key === 'while') && typeof value === 'string' && !/\\\d/.test(value)) patterns.add(value);
      return value;
    });
    let narrowed = 0;
    for (const pattern of patterns) {
      const original = patternExpression(pattern, 'any');
      const narrow = patternExpression(pattern, 'latin1');
      if (!original || !narrow) {
        assert.equal(narrow, original, `${lang}: converted for both kinds or neither: ${pattern.slice(0, 80)}`);
        continue;
      }
      if (narrow.source === original.source && narrow.flags === original.flags) continue;
      narrowed += 1;
      sameMatches(original, narrow, `${lang}: ${pattern.slice(0, 80)}`);
    }
    assert.ok(narrowed > 0, `${lang} has expressions to narrow`);
  }
});

test('without the v flag: flat classes kept, nested ones united, negated or combined ones by their members', () => {
  assert.deepEqual(toLegacyLatin1('a[\\-x]+\\]', 'dgv'), ['a[\\-x]+\\]', 'dg']);
  assert.deepEqual(toLegacyLatin1(`[_${ALPHA}][\\x30-\\x39${ALPHA}]*`, 'dgvy'), [`[_${ALPHA.slice(1, -1)}][\\x30-\\x39${ALPHA.slice(1, -1)}]*`, 'dgy']);
  // An escaped bracket is no class.
  assert.deepEqual(toLegacyLatin1('\\[[a[b]]\\]', 'v'), ['\\[[ab]\\]', '']);
  assert.deepEqual(toLegacyLatin1('\\\\[a[b]]', 'v'), ['\\\\[ab]', '']);
  assert.deepEqual(toLegacyLatin1('[a[^b]]', 'v'), ['[\\x00-\\x61\\x63-\\xff]', '']);
  assert.deepEqual(toLegacyLatin1('[\\w--[a-y]]|--', 'v'), ['[\\x30-\\x39\\x41-\\x5a\\x5f\\x7a]|--', '']);
  assert.deepEqual(toLegacyLatin1('[\\w&&[a-c]]', 'v'), ['[\\x61-\\x63]', '']);
  for (const [source, flags] of [
    ['[a]', 'u'], // only v expressions are rewritten
    ['[a]', 'g'],
    ['[a]', 'iv'], // case-insensitive: Unicode case folding
    ['(?i:a)[b]', 'v'],
    ['\\p{RGI_Emoji}', 'v'], // left by narrowing
    ['[\\q{ab}]', 'v'], // a class of strings
    ['\\u{41}', 'v'], // without the flag a braced code point is a `u` repeated
    ['[a[b[c]]]', 'v'], // nested deeper than one level
  ] as const) {
    assert.equal(toLegacyLatin1(source, flags), null, `${source} /${flags}`);
  }
  // An escaped backslash before `p` leaves no property escape.
  assert.deepEqual(toLegacyLatin1('\\\\p{L}', 'v'), ['\\\\p{L}', '']);
});

test('precompiled grammars without the v flag: every expression matches as the original on Latin-1 text', async () => {
  for (const lang of ['typescript', 'javascript', 'tsx']) {
    const grammar = (await loadGrammar(lang))!;
    const originals: RegExp[] = [];
    JSON.stringify(grammar, (_key, value: unknown) => {
      if (value instanceof RegExp) originals.push(value);
      return value instanceof RegExp ? null : value;
    });
    let legacy = 0;
    for (const original of originals) {
      const [source, flags] = latin1Expression(original.source, original.flags);
      if (flags.includes('v')) continue;
      legacy += 1;
      sameMatches(new RegExp(original.source, original.flags), new RegExp(source, flags), `${lang}: ${original.source.slice(0, 80)}`);
    }
    assert.ok(legacy > 0.9 * originals.length, `${lang}: ${legacy} of ${originals.length} expressions without the v flag`);
  }
});
