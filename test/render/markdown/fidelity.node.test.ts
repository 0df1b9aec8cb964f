// Markdown as GitHub renders it (issue 15): each case from a minimal input, through the parser.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { documentChunks } from '../../../src/render/markdown/parser.ts';
import { renderChunks } from '../../../src/render/markdown/render-chunks.ts';
import { slugify } from '../../../src/render/markdown/setup.ts';
import { documentPrefix } from '../../../src/render/markdown/prefix.ts';

const html = (src: string) => [...renderChunks(src, { nonce: 'N' })].map((c) => c.html).join('');
/** The tags of `markup` without the kit's line spans. */
const plain = (markup: string) => markup.replace(/ data-qa-line="[^"]*"| data-qa-html/g, '');

test('the first-screen cut never falls inside raw HTML around Markdown (details, div, table cells)', async () => {
  const intro = `${'Intro words. '.repeat(190)}\n\n`;
  for (const [open, close] of [
    ['<details><summary>TOC</summary>', '</details>'],
    ['<div align="center">', '</div>'],
    ['<table><tr><td>', '</td></tr></table>'],
  ]) {
    const src = `${intro}${open}\n\n- ${'a'.repeat(50)}\n- b\n\n${close}\n\n${'Body. '.repeat(50)}\n\n`.padEnd(40_000, 'x');
    const prefix = documentPrefix(src, 2_500);
    assert.ok(prefix === null || !prefix.includes(open) || prefix.includes(close), `${open}: the prefix ends inside it`);
    const chunks: string[] = [];
    for await (const c of documentChunks(src, { nonce: 'N' })) if (!c.provisional) chunks.push(c.html);
    const holder = chunks.find((c) => c.includes(open.slice(0, 4)))!;
    assert.ok(holder.includes(close.slice(0, 6)) && /<ul>.*<\/ul>/.test(plain(holder)), `${open}: opened, filled and closed in one chunk`);
  }
});

test('front matter only when it is a YAML mapping', () => {
  assert.equal(plain(html('---\nFoo\n---\n')), '<hr><h2 id="foo">Foo</h2>');
  assert.equal(plain(html('---\n---\n')), '<hr><hr>');
  assert.equal(plain(html('---\n- a\n---\n')), '<hr><ul><li>a</li></ul><hr>');
  assert.match(html('---\ntitle: A\n---\n'), /<table class="qa-front-matter"/);
  assert.match(html('---\nlist:\n- a\n---\n'), /<table class="qa-front-matter"/);
  assert.match(html('---\nnested:\n  key: v\n---\n'), /qa-front-matter-code/);
});

test('fenced code keeps its trailing blank lines', () => {
  assert.equal(plain(html('```\na\n\n\n```\n')), '<pre class="qa-code"><code>a\n\n\n</code></pre>');
});

test('heading ids follow GitHub: emoji and images leave their space', async () => {
  assert.equal(slugify(' Features'), '-features');
  assert.equal(slugify('½ and ©'), '-and-');
  const chunks: string[] = [];
  for await (const c of documentChunks('## :rocket: Features\n\n## ![logo](l.png) Title\n', { nonce: 'N' })) chunks.push(c.html);
  assert.deepEqual(
    [...chunks.join('').matchAll(/id="([^"]*)"/g)].map((m) => m[1]),
    ['-features', '-title'],
  );
});

test('a task marker with nothing after it stays text', () => {
  assert.equal(plain(html('- [ ]\n- [x]\n')), '<ul><li>[ ]</li><li>[x]</li></ul>');
  assert.match(html('- [ ] a'), /<span data-qa-kit="N task open"><\/span> a<\/li>/);
});

test('only attribute names are renamed, never text or attribute values', () => {
  assert.equal(
    plain(html('<div title="data-qa-x">data-qa-line <b data-qa-kit="1">x</b></div>\n')),
    '<div title="data-qa-x">data-qa-line <b data-x-qa-kit="1">x</b></div>\n',
  );
  assert.equal(
    plain(html('Use `data-qa-line` or <i data-qa-line="1-1">data-qa-line</i>')),
    '<p>Use <code>data-qa-line</code> or <i data-x-qa-line="1-1">data-qa-line</i></p>',
  );
});

test('autolinks, footnote marks and strikethrough as on GitHub', async () => {
  const out = plain(html('crates.io react@18.2.0 www.example.com a@b.example https://x.example //x.example'));
  assert.equal(
    out,
    '<p>crates.io react@18.2.0 <a href="http://www.example.com">www.example.com</a> <a href="mailto:a@b.example">a@b.example</a> <a href="https://x.example">https://x.example</a> //x.example</p>',
  );
  const notes = html('x[^1]\n\n[^1]: note');
  assert.match(notes, /<a href="#fn1" id="fnref1">1<\/a>/);
  assert.match(notes, /class="footnote-backref"[^>]*>\u21a9<\/a>/);
  assert.equal(plain(html('~a~ ~~b~~ ~~~c~~~ ~~d~')), '<p><del>a</del> <del>b</del> ~~~c~~~ ~~d~</p>');
});
