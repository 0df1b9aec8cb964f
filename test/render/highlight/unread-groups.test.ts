// The precompiled grammars as the builds ship them, with the capturing groups
// no rule reads made non-capturing (scripts/unread-groups.mjs), give the same
// scopes as the grammars as published, line for line, in the browser's own
// regex engine: for text that is all Latin-1 (the worker narrows the
// expressions) and for text beyond it (the expressions as shipped, with the
// `v` flag).
import { expect } from 'chai';
import { createShikiPrimitiveAsync, type LanguageRegistration, type ShikiPrimitive } from 'shiki/core';
import { createJavaScriptRegexEngine } from 'shiki/engine/javascript';
import githubLight from '@shikijs/themes/github-light-default';
import { withoutUnreadGroups } from '../../../scripts/unread-groups.mjs';
import { holdsPacked, packGrammar, unpackGrammar } from '../../../src/render/highlight/transfer.js';
import { shippedExpression } from '../../../src/render/highlight/engine.js';
import { textKind } from '../../../src/render/highlight/latin1.js';
import { narrowedPacked } from '../../../src/render/highlight/narrowed.js';
import { LANGUAGE_LOADERS, PRECOMPILED_LANGUAGES } from '../../../src/render/highlight/languages.js';
import { JS_FAMILY_SAMPLES } from './js-family-samples.js';

/** The published module of a precompiled grammar, past the test server's rewrite. */
async function published(lang: string): Promise<LanguageRegistration[]> {
  const url = `/node_modules/@shikijs/langs-precompiled/dist/${lang}.mjs?published`;
  return ((await import(/* @vite-ignore */ url)) as { default: LanguageRegistration[] }).default;
}

type Build = 'latin1' | 'any';

/** A primitive with `grammars` built for text of `kind`, as the worker builds them. */
function primitive(grammars: LanguageRegistration[], kind: Build): Promise<ShikiPrimitive> {
  const langs = unpackGrammar(grammars, kind === 'latin1' ? narrowedPacked : shippedExpression);
  return createShikiPrimitiveAsync({ engine: createJavaScriptRegexEngine(), themes: [githubLight], langs });
}

/** Every line's tokens as `start scope scope …`, one string per token. */
function scopes(hl: ShikiPrimitive, lang: string, text: string): string[][] {
  const grammar = hl.getLanguage(lang);
  let state: Parameters<typeof grammar.tokenizeLine>[1] = null;
  return text.split('\n').map((line) => {
    const r = grammar.tokenizeLine(line, state, 0);
    state = r.ruleStack;
    return r.tokens.map((t) => `${t.startIndex} ${t.scopes.join(' ')}`);
  });
}

/**
 * Files of this repository that the test server sends as they are (it
 * compiles `.ts` files to JavaScript; test/scripts/unread-groups.node.test.ts
 * tokenizes those from the disk). Several hold text beyond Latin-1.
 */
const FILES: Array<[string, 'js' | 'tsx']> = [
  ['/bench/run.mjs', 'js'],
  ['/scripts/unread-groups.mjs', 'js'],
  ['/scripts/packed-grammars.mjs', 'js'],
  ['/examples/apps/shared/AnswerSources.tsx', 'tsx'],
  ['/examples/apps/vite-react/src/main.tsx', 'tsx'],
  ['/examples/apps/webpack-react/src/main.tsx', 'tsx'],
];

/** The languages a text is tokenized in: its own and the other member of its family. */
const LANGS = { tsx: ['tsx', 'typescript'], js: ['javascript', 'jsx'] } as const;

describe('precompiled grammars without the groups no rule reads', () => {
  it('are the grammars the test server serves, and drop most groups', async () => {
    expect([...PRECOMPILED_LANGUAGES].sort()).to.deep.equal(['javascript', 'jsx', 'tsx', 'typescript']);
    for (const lang of PRECOMPILED_LANGUAGES) {
      const served = (await LANGUAGE_LOADERS[lang]!()).default;
      expect(holdsPacked(served), lang).to.equal(true);
      const { grammars, dropped } = withoutUnreadGroups(packGrammar(await published(lang)));
      expect(JSON.parse(JSON.stringify(served)), lang).to.deep.equal(JSON.parse(JSON.stringify(grammars)));
      expect(dropped, `${lang}: groups made non-capturing`).to.be.greaterThan(4_000);
    }
  });

  it('give the scopes of the published grammars, line for line', async function () {
    this.timeout(120_000);
    // The samples both ways (narrowed where they are Latin-1, and as shipped); files as the worker builds
    // the grammar for them.
    const texts: Array<[string, string, readonly string[], Build[]]> = JS_FAMILY_SAMPLES.map(([name, text]) => [
      name,
      text,
      ['typescript', 'tsx', 'javascript', 'jsx'],
      textKind(text) === 'latin1' ? ['latin1', 'any'] : ['any'],
    ]);
    for (const [file, family] of FILES) {
      const response = await fetch(file);
      expect(response.ok, file).to.equal(true);
      const text = await response.text();
      texts.push([file, text, LANGS[family], [textKind(text) === 'latin1' ? 'latin1' : 'any']]);
    }
    // One primitive per form and kind of build, with the four grammars (they embed one another).
    const primitives = new Map<string, ShikiPrimitive>();
    const get = async (form: 'before' | 'after', kind: Build) => {
      const key = `${form} ${kind}`;
      let hl = primitives.get(key);
      if (!hl) {
        const packed = (await Promise.all([...PRECOMPILED_LANGUAGES].map(async (lang) => packGrammar(await published(lang))))).flat();
        hl = await primitive(form === 'before' ? packed : withoutUnreadGroups(packed).grammars, kind);
        primitives.set(key, hl);
      }
      return hl;
    };
    let lines = 0;
    for (const [name, text, langs, kinds] of texts) {
      for (const lang of langs)
        for (const kind of kinds) {
          const before = scopes(await get('before', kind), lang, text);
          const after = scopes(await get('after', kind), lang, text);
          before.forEach((line, i) => expect(after[i], `${name}, ${lang} (${kind}), line ${i + 1}`).to.deep.equal(line));
          lines += before.length;
        }
    }
    for (const hl of primitives.values()) hl.dispose();
    expect(lines).to.be.greaterThan(2_000);
  });
});
