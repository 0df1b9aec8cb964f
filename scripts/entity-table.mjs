// markdown-it decodes named character references (`&copy;`) with the
// `entities` package, whose HTML table is a trie shipped as a packed string
// and unpacked when its module is evaluated: about 3.5 ms of the page's
// thread in a trace of the first Markdown open (inside its first screen),
// and again in the parsing worker, for every page, whether or not a
// document has a single named reference (most have none).
//
// The kit's builds (the package, the no-bundler build, the workers, the
// size budget, the benchmark pages and the browser tests' server) unpack
// the table on first use instead:
//   export const htmlDecodeTree = decodeTrieDict(…);
// becomes a binding that stays null until `loadHtmlDecodeTree()` fills it,
// and the one function of `decode.js` that reads the table calls it when the
// binding is still null. Everything else of the package stays as published.
// A published version whose code no longer has exactly these shapes fails
// the build with a message, rather than shipping a table that is never
// filled. `test/scripts/entity-table.node.test.ts` checks that the table
// unpacked on first use is the published one and that references decode as
// the published package decodes them.

import { applyEdits, moduleFile, walk } from './estree.mjs';

/** The two modules rewritten: the table's and the decoder's (both from the `entities` package). */
export const ENTITY_TABLE_MODULE = /\/node_modules\/entities\/dist\/generated\/decode-data-html\.js$/;
export const ENTITY_DECODER_MODULE = /\/node_modules\/entities\/dist\/decode\.js$/;

const TABLE = 'htmlDecodeTree';
const LOAD = 'loadHtmlDecodeTree';

/**
 * `code` of `file` rewritten so that the HTML table is unpacked on first use;
 * null when `file` is neither module. Throws when the module does not have
 * the expected shape. `parse` is the bundler's parser (an ESTree program).
 */
export function entityTableOnDemand(code, file, parse) {
  const f = moduleFile(file);
  if (ENTITY_TABLE_MODULE.test(f)) return rewriteTable(code, parse);
  if (ENTITY_DECODER_MODULE.test(f)) return rewriteDecoder(code, parse);
  return null;
}

function fail(what) {
  throw new Error(`scripts/entity-table.mjs: the "entities" package no longer has ${what}; update the rewrite to its new version`);
}

/** `export const htmlDecodeTree = <call>;` → a null binding and the function that fills it. */
function rewriteTable(code, parse) {
  const edits = [];
  walk(parse(code), (node) => {
    if (node.type !== 'ExportNamedDeclaration' || node.declaration?.type !== 'VariableDeclaration') return false;
    const [decl, ...rest] = node.declaration.declarations;
    if (rest.length > 0 || decl.id.type !== 'Identifier' || decl.id.name !== TABLE || decl.init?.type !== 'CallExpression') return false;
    const init = code.slice(decl.init.start, decl.init.end);
    edits.push([node.start, node.end, `export let ${TABLE} = null;\nexport function ${LOAD}() {\n  return (${TABLE} = ${init});\n}`]);
    return true;
  });
  if (edits.length !== 1) fail(`one "export const ${TABLE} = …(…)" in its table module`);
  return applyEdits(code, edits);
}

/**
 * In the decoder: the table's import also brings `loadHtmlDecodeTree`, and
 * the one read of the table (`const decodeTree = htmlDecodeTree;`) fills it
 * first. Any other read of the table would see null: the rewrite refuses.
 */
function rewriteDecoder(code, parse) {
  const edits = [];
  let reads = 0;
  walk(parse(code), (node) => {
    if (node.type === 'ImportDeclaration') {
      const spec = node.specifiers.find((s) => s.type === 'ImportSpecifier' && s.imported.name === TABLE && s.local.name === TABLE);
      if (spec) edits.push([spec.end, spec.end, `, ${LOAD}`]);
      return true;
    }
    // Re-exports name the binding without reading it (it stays live).
    if (node.type === 'ExportNamedDeclaration' && node.source) return true;
    if (node.type === 'VariableDeclarator' && node.init?.type === 'Identifier' && node.init.name === TABLE) {
      edits.push([node.init.start, node.init.end, `(${TABLE} ?? ${LOAD}())`]);
      reads += 1;
      return true;
    }
    if (node.type === 'Identifier' && node.name === TABLE) reads = Infinity;
    return false;
  });
  if (edits.length !== 2 || reads !== 1) fail(`exactly one read of "${TABLE}" (as "const decodeTree = ${TABLE};") after its import in decode.js`);
  return applyEdits(code, edits);
}

/** The Vite (Rollup) plugin. */
export function entityTable() {
  return {
    name: 'qa-entity-table',
    transform(code, id) {
      const out = entityTableOnDemand(code, id, (source) => this.parse(source));
      return out === null ? null : { code: out, map: null };
    },
  };
}

/** The same for the browser tests' server (@web/dev-server), so that the tests decode as the builds do. */
export function entityTableForTests() {
  return {
    name: 'qa-entity-table',
    async transform(context) {
      if (!context.path.includes('/node_modules/entities/')) return undefined;
      const { parseAst } = await import('rolldown/parseAst');
      const body = entityTableOnDemand(String(context.body), context.path, (source) => parseAst(source));
      return body === null ? undefined : { body };
    },
  };
}
