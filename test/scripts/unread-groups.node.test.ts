// The builds' rewrite of the precompiled grammars' capturing groups
// (scripts/unread-groups.mjs): which groups a pattern has, which a rule reads,
// and how its capture lists follow the new numbers. In the browser,
// test/render/highlight/unread-groups.test.ts compares the scopes of the
// grammars before and after for text beyond Latin-1 too (Node's regex engine
// is not the browsers': in Node 20 one of TypeScript's expressions, with its
// unread groups made non-capturing, stops matching under the `v` flag).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createShikiPrimitiveAsync, type LanguageRegistration, type ShikiPrimitive } from 'shiki/core';
import { createJavaScriptRegexEngine } from 'shiki/engine/javascript';
import githubLight from '@shikijs/themes/github-light-default';
import { capturingGroups, withoutUnreadGroups } from '../../scripts/unread-groups.mjs';
import { PACKED, packGrammar, unpackGrammar, type PackedRegExp } from '../../src/render/highlight/transfer.ts';
import { textKind } from '../../src/render/highlight/latin1.ts';
import { narrowedPacked } from '../../src/render/highlight/narrowed.ts';
import { loadGrammar } from '../../src/render/highlight/assets.ts';
import { JS_FAMILY_SAMPLES } from '../render/highlight/js-family-samples.ts';

const re = (source: string, flags = 'dgv', options: object | null = null) => ({ [PACKED]: [source, flags, options] as PackedRegExp });
const sourceOf = (v: unknown) => (v as Record<string, PackedRegExp>)[PACKED]![0];

test('the capturing groups of a pattern: not escaped brackets, classes or other groups', () => {
  assert.deepEqual(capturingGroups('(a)(?:b)(c)', 'v'), [0, 8]);
  assert.deepEqual(capturingGroups(String.raw`\((a)\)`, 'v'), [2]);
  assert.deepEqual(capturingGroups('(?=(a))(?!b)(?<=(c))(?<!d)', 'v'), [3, 16]);
  // A class holds no group: with the v flag classes nest, without it a `[` inside one is a character.
  assert.deepEqual(capturingGroups('[[(]](a)', 'v'), [5]);
  assert.deepEqual(capturingGroups('[[(](a)', 'u'), [4]);
  assert.deepEqual(capturingGroups(String.raw`[\](](a)`, 'v'), [5]);
  // An escaped backslash before a digit is no backreference.
  assert.deepEqual(capturingGroups(String.raw`(a)\\1`, 'v'), [0]);
  // Groups referred to otherwise than by number in a capture list: the pattern is left alone.
  assert.equal(capturingGroups(String.raw`(a)\1`, 'v'), null);
  assert.equal(capturingGroups(String.raw`(?<q>a)\k<q>`, 'v'), null);
  assert.equal(capturingGroups('(?<q>a)', 'v'), null);
  assert.equal(capturingGroups('[a', 'v'), null);
});

test('a match rule keeps the groups its captures name, numbered again', () => {
  const grammar = [{ patterns: [{ match: re('(a)(b)(c)'), captures: { 0: { name: 'all' }, 3: { name: 'c' } } }] }];
  const { grammars, dropped } = withoutUnreadGroups(grammar);
  const rule = grammars[0]!.patterns[0]!;
  assert.equal(sourceOf(rule.match), '(?:a)(?:b)(c)');
  assert.deepEqual(rule.captures, { 0: { name: 'all' }, 1: { name: 'c' } });
  assert.equal(dropped, 2);
  assert.equal(sourceOf(grammar[0]!.patterns[0]!.match), '(a)(b)(c)', 'the input is not changed');
  // The kept group captures what it did.
  const [before, after] = [grammar, grammars].map((g) => new RegExp(sourceOf(g[0]!.patterns[0]!.match), 'v').exec('xabc')!);
  assert.equal(after[1], before[3]);
});

test("a begin/end rule's one list becomes a list for each pattern, each numbered for its own", () => {
  const rule = { begin: re('(a)(b)(c)'), end: re('(d)(e)'), captures: { 1: { name: 'one' }, 3: { name: 'three' } } };
  const out = withoutUnreadGroups([{ repository: { r: rule } }]).grammars[0]!.repository.r as Record<string, unknown>;
  assert.equal(sourceOf(out.begin), '(a)(?:b)(c)');
  assert.deepEqual(out.beginCaptures, { 1: { name: 'one' }, 2: { name: 'three' } });
  // The end has no third group: the tokenizer never read that entry for it.
  assert.equal(sourceOf(out.end), '(d)(?:e)');
  assert.deepEqual(out.endCaptures, { 1: { name: 'one' } });
  assert.equal('captures' in out, false);

  const own = { begin: re('(a)(b)'), beginCaptures: { 2: { name: 'b' } }, while: re('(c)(d)'), whileCaptures: { 1: { name: 'c' } } };
  const w = withoutUnreadGroups([own]).grammars[0] as Record<string, unknown>;
  assert.deepEqual(
    [sourceOf(w.begin), w.beginCaptures, sourceOf(w.while), w.whileCaptures],
    ['(?:a)(b)', { 1: { name: 'b' } }, '(c)(?:d)', { 1: { name: 'c' } }],
  );
});

test('a rule that could refer to a group in another way is left as it is', () => {
  const rules = [
    // A scope name that takes a group's text.
    { match: re('(a)(b)'), name: 'keyword.$2', captures: { 1: { name: 'a' } } },
    { match: re('(a)(b)'), captures: { 1: { name: 'a.${2:/downcase}' } } },
    // A backreference, and a named group.
    { match: re(String.raw`(a)(b)\1`), captures: { 2: { name: 'b' } } },
    { begin: re('(?<q>a)(b)'), end: re('(c)'), captures: { 2: { name: 'b' } } },
    // Options that name groups (an emulated expression's hidden captures).
    { match: re('(a)(b)', 'dgv', { hiddenCaptures: [1] }), captures: { 2: { name: 'b' } } },
    // Patterns written as strings (converted when first used).
    { match: '(a)(b)', captures: { 2: { name: 'b' } } },
  ];
  const { grammars, dropped } = withoutUnreadGroups(rules);
  assert.deepEqual(grammars, rules);
  assert.equal(dropped, 0);
  // Options that only defer the build are no reason.
  const lazy = withoutUnreadGroups([{ match: re('(a)(b)', 'dgv', { lazyCompile: true }), captures: { 2: { name: 'b' } } }]).grammars[0]!;
  assert.deepEqual(lazy.match[PACKED], ['(?:a)(b)', 'dgv', { lazyCompile: true }]);
});

/** The kit's own TypeScript files that are all Latin-1. */
function ownSources(): Array<[string, string]> {
  const root = fileURLToPath(new URL('../../src/', import.meta.url));
  const out: Array<[string, string]> = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, e.name);
      if (e.isDirectory()) walk(file);
      else if (file.endsWith('.ts')) {
        const text = readFileSync(file, 'utf8');
        if (textKind(text) === 'latin1') out.push([path.relative(root, file), text]);
      }
    }
  };
  walk(root);
  return out;
}

test('the real grammars: most groups go, and the kit’s own TypeScript gets the same scopes, as the worker builds them for Latin-1 text', async () => {
  const packed = packGrammar([...((await loadGrammar('typescript')) ?? []), ...((await loadGrammar('tsx')) ?? [])] as LanguageRegistration[]);
  const { grammars, dropped } = withoutUnreadGroups(packed);
  assert.ok(dropped > 8_000, `${dropped} groups made non-capturing`);
  // Each expression is one of the original's with some `(` made `(?:`, and nothing else (a rule's capture
  // lists may move among its keys, so the expressions are compared as sets).
  const key = ([source, flags, options]: PackedRegExp) => `${source.replaceAll('(?:', '(')} ${flags} ${JSON.stringify(options)}`;
  const sources = (g: unknown) => {
    const out: string[] = [];
    JSON.stringify(g, (k, value: unknown) => (k === PACKED ? (out.push(key(value as PackedRegExp)), undefined) : value));
    return out.sort();
  };
  assert.deepEqual(sources(grammars), sources(packed));

  const build = async (g: LanguageRegistration[]): Promise<ShikiPrimitive> =>
    createShikiPrimitiveAsync({
      engine: createJavaScriptRegexEngine(),
      themes: [githubLight],
      langs: unpackGrammar(g, narrowedPacked),
    });
  const [before, after] = await Promise.all([build(packed), build(grammars)]);
  // The samples that are all Latin-1 (constructs the kit's own files have few of), then the kit's own files.
  const files = [...JS_FAMILY_SAMPLES.filter(([, text]) => textKind(text) === 'latin1'), ...ownSources()];
  assert.ok(files.length > 50, `${files.length} files`);
  let lines = 0;
  for (const [name, text] of files)
    for (const lang of ['typescript', 'tsx']) {
      const [x, y] = [before, after].map((hl) => hl.getLanguage(lang));
      let sx: Parameters<typeof x.tokenizeLine>[1] = null;
      let sy: Parameters<typeof y.tokenizeLine>[1] = null;
      text.split('\n').forEach((line, i) => {
        const rx = x.tokenizeLine(line, sx, 0);
        const ry = y.tokenizeLine(line, sy, 0);
        sx = rx.ruleStack;
        sy = ry.ruleStack;
        assert.deepEqual(ry.tokens, rx.tokens, `${name}, ${lang}, line ${i + 1}`);
        lines += 1;
      });
    }
  before.dispose();
  after.dispose();
  assert.ok(lines > 10_000, `${lines} lines`);
});
