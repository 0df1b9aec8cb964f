// The kit's markdown-it: set up once, GitHub's slugs and fence languages, and the renderer's own markup.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fenceLanguage, getParser, hasParser, slugify } from '../../../src/render/markdown/setup.ts';
import { renderChunks } from '../../../src/render/markdown/render-chunks.ts';

const html = (src: string) => [...renderChunks(src, { nonce: 'N' })].map((c) => c.html).join('');

test('the parser is set up on first use, once', () => {
  assert.equal(hasParser(), false);
  const md = getParser();
  assert.equal(hasParser(), true);
  assert.equal(getParser(), md);
});

test('slugs follow GitHub: lower case, punctuation dropped, spaces to dashes', () => {
  assert.equal(slugify('Hello, World!'), 'hello-world');
  assert.equal(slugify('Über  Café'), 'über--café');
  assert.equal(slugify('API: `render()`'), 'api-render');
  assert.equal(slugify('使用方法'), '使用方法');
  assert.equal(slugify('!!!'), 'section');
});

test('an ASCII heading has the slug the Unicode rule gives it, for every ASCII character', () => {
  const unicodeRule = (text: string) =>
    text
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{Nd}\p{Nl}\p{Pc}\p{Alphabetic}\- ]/gu, '')
      .replace(/ /g, '-') || 'section';
  const ascii = Array.from({ length: 128 }, (_, i) => String.fromCharCode(i));
  for (const c of ascii) assert.equal(slugify(`a${c}B ${c}`), unicodeRule(`a${c}B ${c}`), JSON.stringify(c));
  assert.equal(slugify(ascii.join('')), unicodeRule(ascii.join('')));
  // One character beyond ASCII takes the Unicode rule for the whole heading.
  assert.equal(slugify('Read Me: Über'), 'read-me-über');
});

test('fence languages are reduced to safe identifiers', () => {
  assert.equal(fenceLanguage('ts {1,3}'), 'ts');
  assert.equal(fenceLanguage('rust,ignore'), 'rust');
  assert.equal(fenceLanguage('"><img src=x onerror=alert(1)>'), 'img');
  assert.equal(fenceLanguage('a"b<c>d'), 'abcd');
  assert.equal(fenceLanguage('C++'), 'c++');
});

test('block tags are written without the line breaks markdown-it puts between them', () => {
  assert.equal(
    html('- a\n- b\n\n| h |\n|---|\n| d |\n'),
    '<ul data-qa-line="1-3"><li data-qa-line="1-1">a</li><li data-qa-line="2-3">b</li></ul>' +
      '<table data-qa-line="4-6"><thead data-qa-line="4-4"><tr data-qa-line="4-4"><th>h</th></tr></thead>' +
      '<tbody data-qa-line="6-6"><tr data-qa-line="6-6"><td>d</td></tr></tbody></table>',
  );
});

test('code is written as it is, escaped, with the fence language and nothing on inline code', () => {
  assert.equal(
    html('```ts {1}\nif (a < b) {}\n\n```\n\nUse `<b>` here.\n'),
    '<pre class="qa-code" data-lang="ts" data-qa-line="1-4"><code>if (a &lt; b) {}\n\n</code></pre><p data-qa-line="6-6">Use <code>&lt;b&gt;</code> here.</p>',
  );
  assert.match(html('    indented\n'), /^<pre class="qa-code" data-qa-line="1-1"><code>indented\n<\/code><\/pre>$/);
});

test('the kit marks its own elements with the nonce: task boxes, alert titles, footnotes and their back links', () => {
  const out = html('- [x] done\n\n> [!WARNING]\n> Careful\n\nNote[^1].\n\n[^1]: The note.\n');
  assert.match(out, /<span data-qa-kit="N task checked"><\/span>/);
  assert.match(
    out,
    /<div class="markdown-alert markdown-alert-warning" data-qa-line="3-4"><p class="markdown-alert-title" data-qa-kit="N alert-title warning"><\/p>/,
  );
  assert.match(out, /<section class="footnotes" data-qa-kit="N footnotes"><h2 class="qa-sr-only" data-qa-kit="N footnotes-label"><\/h2>/);
  // Footnote marks as on GitHub: `1`, not `[1]`; `↩`, not `↩︎`.
  assert.match(out, /<sup class="footnote-ref"><a href="#fn1" id="fnref1">1<\/a><\/sup>/);
  assert.match(out, /class="footnote-backref" data-qa-kit="N backref">\u21a9<\/a>/);
});

test('front matter becomes a table, or code when it is more than simple entries', () => {
  assert.match(
    html('---\ntitle: A\n---\n\nText'),
    /^<table class="qa-front-matter" data-qa-line="1-3"><caption data-qa-kit="N front-matter"><\/caption><tbody><tr><th>title<\/th><td>A<\/td><\/tr><\/tbody><\/table>/,
  );
  assert.match(
    html('---\nnested:\n  key: v\n---\n'),
    /^<pre class="qa-code qa-front-matter-code" data-lang="yaml" data-qa-line="1-4"><code>nested:\n {2}key: v\n?<\/code><\/pre>/,
  );
});
