// The builds' minifier of the kit's `css` templates: what it finds in a module and what it leaves.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseAst } from 'rolldown/parseAst';
import { minifyCss, minifyCssLiterals } from '../../scripts/css-literals.mjs';

const parse = (code: string) => parseAst(code, { lang: 'ts' });

test('comments and needless whitespace go; strings, combinators, values and line breaks stay', () => {
  // A space before `:` stays: in a selector it is a descendant combinator (`.a :hover`).
  assert.equal(minifyCss('  .a  ,  .b  {  color :  red ;  margin:0 ;  }  '), '.a,.b{color :red;margin:0}');
  assert.equal(minifyCss('.a :hover { x: y } .a > .b { x: y }'), '.a :hover{x:y}.a > .b{x:y}');
  assert.equal(minifyCss('.a { inline-size: calc(100% - 2 * var(--gap, 4px)) }'), '.a{inline-size:calc(100% - 2 * var(--gap,4px))}');
  assert.equal(minifyCss(`.a::before { content: '  /* kept */  ; { ' ; }`), `.a::before{content:'  /* kept */  ; { '}`);
  assert.equal(minifyCss('.a { content: "a \\" b" }'), '.a{content:"a \\" b"}');
  assert.equal(minifyCss('/* one\n two */\n.a {\n  color: red; /* end */\n}\n'), '\n\n.a{\ncolor:red;\n}\n');
  assert.equal(
    minifyCss('@media (min-width: 40em) and (prefers-color-scheme: dark) { :host([open]) ::slotted(p) { x: y } }'),
    '@media (min-width:40em) and (prefers-color-scheme:dark){:host([open]) ::slotted(p){x:y}}',
  );
  const sheet = '/* a */\n:host {\n  display: block;\n}\n\n.x   .y { a: b }\n';
  assert.equal(minifyCss(sheet).split('\n').length, sheet.split('\n').length, 'as many lines as before');
  assert.throws(() => minifyCss('.a { } /* open'), /comment is not closed/);
  assert.throws(() => minifyCss(".a { content: 'open }"), /string is not closed/);
});

test('only `css` templates without substitutions or escapes are minified, found by the parser', () => {
  const code = [
    "import { css, html } from 'lit';",
    '// not a template: css`  .comment {  }  `',
    "const s = 'css`  .string  {  }`';",
    'export const a = css`',
    '  /* the sheet */',
    '  .a  {  color:  red;  }',
    '`;',
    'export const b = css`  .b { margin: ${0}px }  `;',
    'export const c = css`  .c::before { content: "\\2014" }  `;',
    'export const d = html`  <p>  kept  </p>  `;',
    'export const e = [css`.e  {  x: y; }`];',
  ].join('\n');
  const out = minifyCssLiterals(code, parse)!;
  assert.equal(out.split('\n').length, code.split('\n').length, 'the line count is kept');
  const lines = out.split('\n');
  assert.equal(lines[1], '// not a template: css`  .comment {  }  `');
  assert.equal(lines[2], "const s = 'css`  .string  {  }`';");
  assert.deepEqual(lines.slice(3, 7), ['export const a = css`', '', '.a{color:red}', '`;']);
  assert.equal(lines[7], 'export const b = css`  .b { margin: ${0}px }  `;');
  assert.equal(lines[8], 'export const c = css`  .c::before { content: "\\2014" }  `;');
  assert.equal(lines[9], 'export const d = html`  <p>  kept  </p>  `;');
  assert.equal(lines[10], 'export const e = [css`.e{x:y}`];');
  assert.equal(minifyCssLiterals('export const x = html`<p>a</p>`;', parse), null);
});
