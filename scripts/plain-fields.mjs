// markdown-it 15 is published with its class fields lowered to a helper
// call per field: every `new Token()` (one per parsed token) runs
// `_defineProperty(this, "map", null)` eleven times, each through
// `toPropertyKey`, `toPrimitive` and `typeof` checks and an `in` test, and
// with a key the engine cannot see at the call site. In a cold parse, which
// is what opening a document is, that helper was the parser's single
// hottest function (a profile of the parsing worker on a 1 MB document:
// 46.5 ms self time of its 368 ms, more than the block tokenizer).
//
// The kit's builds (the package, the no-bundler build, the workers, the
// size budget and the benchmark pages) give markdown-it's module back its
// plain form: a field initialiser `_defineProperty(this, "name", value);`
// in a constructor becomes `this.name = value;`. The two mean the same when
// the class and its ancestors have no property of that name, which
// `test/scripts/plain-fields.node.test.ts` checks for every class markdown-it
// declares, and the tokens and HTML are compared on the Markdown corpus
// (the CommonMark spec among it). Static members (`_defineProperty(MarkdownIt, "Token", Token)`)
// are left as they are.

import { AS_PUBLISHED, applyEdits, moduleFile, resolveAsPublished, walk } from './estree.mjs';

/** The module rewritten: markdown-it's ES module build. */
export const MARKDOWN_IT_MODULE = /\/node_modules\/markdown-it\/dist\/markdown-it\.mjs$/;

/**
 * `code` with each statement `_defineProperty(this, "name", value);` made a
 * plain assignment, and the names rewritten; null when there is none.
 * `parse` is the bundler's parser (an ESTree program), so comments and
 * strings are never mistaken for calls.
 */
export function plainFields(code, parse) {
  if (!code.includes('_defineProperty(')) return null;
  const edits = [];
  const names = new Set();
  walk(parse(code), (node) => {
    if (node.type !== 'ExpressionStatement' || !isFieldCall(node.expression)) return false;
    const [, key, value] = node.expression.arguments;
    names.add(key.value);
    // The value's own text is kept as written (it is evaluated once either way, in the same order), and
    // so is every line break of the statement: the lines after it keep their numbers (and source maps).
    const text = code.slice(value.start, value.end);
    const breaks = count(code.slice(node.start, node.end), '\n') - count(text, '\n');
    edits.push([node.start, node.end, `this.${key.value} = ${text};${'\n'.repeat(breaks)}`]);
    return true;
  });
  return edits.length === 0 ? null : { code: applyEdits(code, edits), names: [...names] };
}

function count(text, ch) {
  let n = 0;
  for (let i = text.indexOf(ch); i !== -1; i = text.indexOf(ch, i + 1)) n++;
  return n;
}

/** `_defineProperty(this, "identifier", value)` exactly. */
function isFieldCall(e) {
  if (!e || e.type !== 'CallExpression' || e.callee.type !== 'Identifier' || e.callee.name !== '_defineProperty') return false;
  const [target, key, value] = e.arguments;
  return (
    e.arguments.length === 3 &&
    target.type === 'ThisExpression' &&
    key.type === 'Literal' &&
    typeof key.value === 'string' &&
    /^[A-Za-z_$][\w$]*$/.test(key.value) &&
    value.type !== 'SpreadElement'
  );
}

/** The Vite (Rollup) plugin: applies `plainFields` to markdown-it's module (not to `markdown-it?as-published`). */
export function markdownItPlainFields() {
  return {
    name: 'qa-markdown-it-plain-fields',
    resolveId: resolveAsPublished('markdown-it'),
    transform(code, id) {
      if (id.endsWith(AS_PUBLISHED)) return null;
      const file = moduleFile(id);
      if (!MARKDOWN_IT_MODULE.test(file)) return null;
      const out = plainFields(code, (source) => this.parse(source));
      return out === null ? null : { code: out.code, map: null };
    },
  };
}
