// The kit's style sheets are Lit `css` template literals. An application's
// bundler minifies the JavaScript around them but never the text inside a
// template, so every comment and indent in them would ship as it is. The
// kit's builds (the package, the no-bundler build, the size budget, the
// benchmark pages) pass them through `minifyCss` instead.
//
// `minifyCss` is deliberately small and conservative: it drops comments and
// the whitespace that CSS never needs (around `{ } ; ,` and after `:`),
// keeps every string as written and every line break (so line numbers and
// source maps stay right), and never touches a space that can be a
// descendant combinator or part of a value (`.a :hover`, `calc(1px + 2px)`).
// A browser test checks that each of the kit's sheets parses to the same
// rules before and after.

import { applyEdits, moduleFile, walk } from './estree.mjs';

/** Characters next to which whitespace carries no meaning in CSS. */
const TIGHT = new Set(['{', '}', ';', ',']);

/** `css` minus comments and needless whitespace; line breaks are kept (one per line break removed). */
export function minifyCss(css) {
  let out = '';
  let space = false;
  let newlines = 0;
  // Whitespace (and comments) seen since the last character written, written now before `next`.
  const flush = (next) => {
    if (newlines > 0) out += '\n'.repeat(newlines);
    else if (space && out !== '') {
      const prev = out[out.length - 1];
      if (!TIGHT.has(prev) && prev !== ':' && !TIGHT.has(next)) out += ' ';
    }
    space = false;
    newlines = 0;
  };
  for (let i = 0; i < css.length;) {
    const c = css[i];
    if (c === '/' && css[i + 1] === '*') {
      const end = css.indexOf('*/', i + 2);
      if (end < 0) throw new Error('minifyCss: a comment is not closed');
      for (let j = i; j < end; j++) if (css[j] === '\n') newlines++;
      space = true;
      i = end + 2;
    } else if (c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f') {
      if (c === '\n') newlines++;
      space = true;
      i++;
    } else if (c === '"' || c === "'") {
      let j = i + 1;
      while (j < css.length && css[j] !== c) j += css[j] === '\\' ? 2 : 1;
      if (j >= css.length) throw new Error('minifyCss: a string is not closed');
      flush(c);
      out += css.slice(i, j + 1);
      i = j + 1;
    } else {
      // The last declaration of a block needs no `;`.
      if (c === '}' && newlines === 0 && out.endsWith(';')) out = out.slice(0, -1);
      flush(c);
      out += c;
      i++;
    }
  }
  flush('');
  return out;
}

/**
 * The source of a module with the text of each `css` template without
 * substitutions minified; null when there is none. Templates with `${…}` or
 * a backslash are left as they are. `parse` is the bundler's parser (an
 * ESTree program of the TypeScript source), so a `css` inside a comment or
 * a string is never mistaken for one.
 */
export function minifyCssLiterals(code, parse) {
  if (!code.includes('css`')) return null;
  const spans = [];
  walk(parse(code), (node) => {
    if (node.type !== 'TaggedTemplateExpression' || node.tag.type !== 'Identifier' || node.tag.name !== 'css' || node.quasi.expressions.length > 0)
      return false;
    // The template literal's span includes its backticks.
    const start = node.quasi.start + 1;
    const end = node.quasi.end - 1;
    const text = code.slice(start, end);
    if (code[start - 1] === '`' && code[end] === '`' && !text.includes('\\')) spans.push([start, end, minifyCss(text)]);
    return true;
  });
  return spans.length === 0 ? null : applyEdits(code, spans);
}

/** The Vite (Rollup) plugin: minifies the `css` templates of the kit's own TypeScript modules. */
export function cssLiterals() {
  return {
    name: 'qa-css-literals',
    enforce: 'pre',
    transform(code, id) {
      const file = moduleFile(id);
      if (!/\/src\/.*\.ts$/.test(file) || file.includes('/node_modules/')) return null;
      const out = minifyCssLiterals(code, (source) => this.parse(source, { lang: 'ts' }));
      // Line breaks are kept, so the mappings made so far stay valid.
      return out === null ? null : { code: out, map: null };
    },
  };
}
