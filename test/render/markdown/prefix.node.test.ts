// The first screen of a big document found without parsing it: where its start can be cut.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { documentPrefix, htmlDepthChange } from '../../../src/render/markdown/prefix.ts';

test('the document prefix never ends inside a fence', () => {
  const src = `intro\n\n\`\`\`\n${'code\n\n'.repeat(2000)}\`\`\`\n\nafter\n\n${'tail\n\n'.repeat(10)}`;
  const prefix = documentPrefix(src, 100);
  assert.equal(prefix, null); // the fence runs past the search window
  const ok = documentPrefix(`${'para\n\n'.repeat(100)}`, 50)!;
  assert.ok(ok.length >= 50 && ok.length < 60);
});

test('raw HTML left open holds the cut back until it is closed; tags in code spans are text', () => {
  const start = `<details>\n<summary>S</summary>\n\n${'p\n\n'.repeat(5)}</details>\n\n`;
  assert.equal(documentPrefix(`${start}after\n\nmore\n`, 20), start);
  const code = '`<details>` is text\n\n';
  assert.equal(documentPrefix(`${code}more\n\nand more\n`, 10), code);
});

test('a cut comes only before an unindented line, and never without a blank line', () => {
  assert.equal(documentPrefix('a\nb\nc\nd\ne\n', 2), null);
  assert.equal(documentPrefix('a\n\n    code\n\n  b\n\nc\n', 5), 'a\n\n    code\n\n  b\n\n');
  assert.equal(documentPrefix('no newline at all', 2), null);
});

test('open HTML elements are counted, void and optional-end elements are not', () => {
  const cases: Array<[string, number]> = [
    ['<div>', 1],
    ['<div><section></section>', 1],
    ['</div></div>', -2],
    ['<br><img src=x><hr/><p><li><td>', 0],
    ['<x-card data-a="1">', 1],
    ['<!-- <div> -->', 0],
    ['<span/>', 0],
  ];
  for (const [html, change] of cases) assert.equal(htmlDepthChange(html), change, html);
});
