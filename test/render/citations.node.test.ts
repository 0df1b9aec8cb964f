// The markdown-it plugin that writes citation markers as <qa-citation> chips.
// markdown-it and the marker scanner need no DOM: plain Node, on the HTML it emits.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import MarkdownIt from 'markdown-it';
import { citationsPlugin } from '../../src/render/citations.ts';

const md = new MarkdownIt().use(citationsPlugin);
const streaming = new MarkdownIt().use(citationsPlugin, { streaming: true });
const inline = (text: string, m = md) => m.renderInline(text);

test('a marker becomes one chip; its line range becomes `lines`', () => {
  assert.equal(inline('a [[source:x]] b'), 'a <qa-citation source-id="x"></qa-citation> b');
  assert.equal(inline('[[source:x#L10-L20]]'), '<qa-citation source-id="x" lines="10-20"></qa-citation>');
  assert.equal(inline('[[source:x#L10-20]]'), '<qa-citation source-id="x" lines="10-20"></qa-citation>');
  assert.equal(inline('[[source:x#L5]]'), '<qa-citation source-id="x" lines="5"></qa-citation>');
  assert.equal(inline('[[source:x#L7-L7]]'), '<qa-citation source-id="x" lines="7"></qa-citation>');
  // A reversed range is put in order; an unreadable one cites the whole source.
  assert.equal(inline('[[source:x#L20-L10]]'), '<qa-citation source-id="x" lines="10-20"></qa-citation>');
  assert.equal(inline('[[source:x#L0]]'), '<qa-citation source-id="x"></qa-citation>');
  // Ids are trimmed; neighbouring markers are separate chips.
  assert.equal(inline('[[source: spaced id ]][[source:y]]'), '<qa-citation source-id="spaced id"></qa-citation><qa-citation source-id="y"></qa-citation>');
});

test('what is not a whole marker stays text', () => {
  for (const text of ['[[source:]]', '[[source:a]b]]', '[[sources:x]]', '[[Source:x]]', '[ [source:x]]', '[[source:x] ]', '\\[[source:x]]']) {
    assert.doesNotMatch(inline(text), /qa-citation/, text);
  }
  assert.equal(inline('[[source:a\nb]]'), '[[source:a\nb]]');
});

test('ids are escaped attribute values: nothing of a marker becomes markup', () => {
  assert.equal(inline('[[source:a&b<c>"d\']]'), '<qa-citation source-id="a&amp;b&lt;c&gt;&quot;d\'"></qa-citation>');
  const out = inline('[[source:"><img src=x onerror=alert(1)>]]');
  assert.doesNotMatch(out, /<img/);
  assert.equal(out.match(/</g)!.length, 2);
});

test('code spans, code blocks and link text keep their markers as text', () => {
  assert.equal(inline('`[[source:x]]`'), '<code>[[source:x]]</code>');
  assert.equal(md.render('```\n[[source:x]]\n```'), '<pre><code>[[source:x]]\n</code></pre>\n');
  assert.equal(md.render('    [[source:x]]'), '<pre><code>[[source:x]]\n</code></pre>\n');
  assert.equal(inline('[t [[source:x]]](https://e.example)'), '<a href="https://e.example">t [[source:x]]</a>');
  // A marker right before `(url)` is a chip, not the text of a link.
  assert.equal(inline('[[source:x]](https://e.example)'), '<qa-citation source-id="x"></qa-citation>(https://e.example)');
  // Emphasis around a marker still applies.
  assert.equal(inline('*[[source:x]]*'), '<em><qa-citation source-id="x"></qa-citation></em>');
});

test('without streaming, an incomplete marker at the end is shown as it is', () => {
  for (const text of ['a [[source:x', 'a [[sou', 'a [[', 'a [']) assert.equal(md.render(text), `<p>${text}</p>\n`);
});

test('streaming leaves out an incomplete marker at the very end, and only there', () => {
  for (const text of ['a [[source:x', 'a [[source:x#L1', 'a [[source:x]', 'a [[sou', 'a [[', 'a [']) assert.equal(streaming.render(text), '<p>a</p>\n', text);
  assert.equal(streaming.render('a [[source:x]]'), '<p>a <qa-citation source-id="x"></qa-citation></p>\n');
  assert.equal(streaming.render('a [[sou b'), '<p>a [[sou b</p>\n');
  assert.equal(streaming.render('[link](x) and [[source:y]] then [[sou'), '<p><a href="x">link</a> and <qa-citation source-id="y"></qa-citation> then</p>\n');
});

test('a plugin instance changes nothing else markdown-it renders', () => {
  const plain = new MarkdownIt();
  const doc = '# T\n\n[a](b) [c][d] ![e](f) [[not a marker]] [x]\n\n[d]: https://e.example\n';
  assert.equal(md.render(doc), plain.render(doc));
});
