// The JavaScript family's precompiled grammars (`@shikijs/langs-precompiled`,
// see PRECOMPILED_LANGUAGES in src/render/highlight/languages.ts) shipped as
// data. As published, each is a module of 500-odd regular expression
// literals (TypeScript's: 515, full of `\p{…}` escapes): a page that imports
// one parses and builds every expression (about 20 ms for TypeScript in a
// trace of a cold open), only to send them to the highlighter's worker as
// text (src/render/highlight/transfer.ts), where they are built again for the
// text they will scan. The builds replace such a module with the same grammar
// already packed the way transfer.ts sends it, read with one `JSON.parse`
// (about 1 ms), and with the capturing groups no rule reads made
// non-capturing (scripts/unread-groups.mjs: a whole file is then tokenized in
// about two thirds of the time). The worker and the main-thread fallback
// build the expressions from it (`unpackGrammar`); the published form, which
// the tests in Node and any other build get, works as before.
//
// test/scripts/packed-grammars.node.test.ts holds the format here equal to
// transfer.ts's and the expressions built from a rewritten grammar equal to the
// original's (class, source, flags, options).
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { moduleFile } from './estree.mjs';
import { withoutUnreadGroups } from './unread-groups.mjs';

/** The modules rewritten: shiki's precompiled grammars. */
export const PRECOMPILED_GRAMMAR_MODULE = /\/@shikijs\/langs-precompiled\/dist\/[a-z0-9-]+\.mjs$/;

/** The key that marks a packed expression: `PACKED` in src/render/highlight/transfer.ts. */
export const PACKED = '__qaRegExp';

/** A copy of `value` with every RegExp as `{ [PACKED]: [source, flags, options] }` (an `EmulatedRegExp`'s `rawOptions`, null for a plain one). */
function pack(value) {
  if (value instanceof RegExp) {
    const emulated = value.constructor !== RegExp && typeof value.rawOptions === 'object';
    return { [PACKED]: [value.source, value.flags, emulated ? value.rawOptions : null] };
  }
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(pack);
  const out = {};
  for (const key of Object.keys(value)) out[key] = pack(value[key]);
  return out;
}

/**
 * The module that replaces the grammar module at `file`: its default export
 * (the grammar and any it embeds) packed, with the capturing groups no rule
 * reads made non-capturing (scripts/unread-groups.mjs), as one JSON text.
 * Null when the module does not export a list of grammars.
 */
export async function packedGrammarModule(file) {
  const { default: grammars } = await import(pathToFileURL(file).href);
  if (!Array.isArray(grammars) || grammars.length === 0) return null;
  const json = JSON.stringify(withoutUnreadGroups(pack(grammars)).grammars);
  return `// ${file.replace(/^.*\/node_modules\//, '')}, its expressions packed, groups no rule reads non-capturing (scripts/packed-grammars.mjs).\nexport default JSON.parse(${JSON.stringify(json)}).map((grammar) => Object.freeze(grammar));\n`;
}

/** The Vite (Rollup) plugin. */
export function packedGrammars() {
  return {
    name: 'qa-packed-grammars',
    async transform(_code, id) {
      const file = moduleFile(id);
      if (!PRECOMPILED_GRAMMAR_MODULE.test(file)) return null;
      const code = await packedGrammarModule(file);
      return code === null ? null : { code, map: null };
    },
  };
}

/**
 * The same for the browser tests' server (@web/dev-server): the tests run
 * the grammars as the builds ship them. A request with `?published` gets the
 * module as published (the test that compares tokens before and after the
 * rewrite). `rootDir`: the server's root.
 */
export function packedGrammarsForTests(rootDir) {
  return {
    name: 'qa-packed-grammars',
    async transform(context) {
      if (!PRECOMPILED_GRAMMAR_MODULE.test(context.path) || new URLSearchParams(context.querystring ?? '').has('published')) return undefined;
      const code = await packedGrammarModule(path.join(rootDir, decodeURIComponent(context.path)));
      return code === null ? undefined : { body: code };
    },
  };
}
