// The Markdown parser needs no DOM: it runs in a Web Worker, and here in plain Node.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fenceLanguage, renderChunks, renderWhole, slugify } from '../../../src/render/markdown/parser.ts';
import { readFrontMatter } from '../../../src/render/markdown/front-matter.ts';
import { documentPrefix } from '../../../src/render/markdown/prefix.ts';
import { claimedHost, hostNotice } from '../../../src/render/links.ts';

const html = (src: string) => [...renderChunks(src, { nonce: 'N' })].map((c) => c.html).join('');

test('front matter: simple shapes become entries, anything else null', () => {
  const cases: Array<[string, unknown]> = [
    ['title: Hello', [['title', 'Hello']]],
    ["title: 'It''s'\nn: \"a\\tb\"", [['title', "It's"], ['n', 'a\tb']]],
    ['tags: [a, "b c"]', [['tags', ['a', 'b c']]]],
    ['list:\n  - x\n  - y\nafter: 1', [['list', ['x', 'y']], ['after', '1']]],
    ['# comment\nempty:', [['empty', '']]],
    ['nested:\n  key: value', null],
    ['text: |\n  block', null],
    ['anchor: &a 1', null],
    ['map: {a: 1}', null],
    ['- top level list', null],
    ['list:\n  - key: value', null],
  ];
  for (const [input, expected] of cases) assert.deepEqual(readFrontMatter(input), expected, input);
});

test('front matter is taken only from the very start of a document', () => {
  assert.match(html('---\ntitle: A\n---\n\nText'), /<table class="qa-front-matter"/);
  assert.doesNotMatch(html('Text\n\n---\ntitle: A\n---\n'), /qa-front-matter/);
  assert.doesNotMatch(html('---\nnot closed'), /qa-front-matter/);
});

test('slugs follow GitHub: lower case, punctuation dropped, spaces to dashes', () => {
  assert.equal(slugify('Hello, World!'), 'hello-world');
  assert.equal(slugify('Über  Café'), 'über--café');
  assert.equal(slugify('API: `render()`'), 'api-render');
  assert.equal(slugify('使用方法'), '使用方法');
  assert.equal(slugify('!!!'), 'section');
});

test('fence languages are reduced to safe identifiers', () => {
  assert.equal(fenceLanguage('ts {1,3}'), 'ts');
  assert.equal(fenceLanguage('rust,ignore'), 'rust');
  assert.equal(fenceLanguage('"><img src=x onerror=alert(1)>'), 'img');
  assert.equal(fenceLanguage('a"b<c>d'), 'abcd');
  assert.equal(fenceLanguage('C++'), 'c++');
});

test('chunks end on block boundaries and never inside raw HTML that wraps Markdown', () => {
  const para = (i: number) => `Paragraph ${i} ${'word '.repeat(40)}\n\n`;
  const body = Array.from({ length: 200 }, (_, i) => para(i)).join('');
  const src = `${body}<details>\n<summary>S</summary>\n\n${body}</details>\n\n${body}`;
  const chunks = [...renderChunks(src, { nonce: 'N', firstChunkChars: 500, chunkChars: 2000 })];
  assert.ok(chunks.length > 10);
  const holder = chunks.find((c) => c.html.includes('<details'))!;
  assert.ok(holder.html.includes('</details>'), 'details opened and closed in one chunk');
  for (const c of chunks) assert.ok(!/<p[^>]*>[^<]*$/.test(c.html.trim()), 'no chunk ends inside a paragraph');
  assert.equal(chunks.map((c) => c.html).join('').match(/<p /g)!.length, 600);
});

test('footnotes come last, numbered in order of first reference', () => {
  const out = [...renderChunks(`a[^b] c[^a]\n\n[^a]: A\n[^b]: B\n`, { nonce: 'N' })];
  const last = out.at(-1)!.html;
  assert.match(last, /<section class="footnotes"/);
  assert.ok(last.indexOf('B') < last.indexOf('A'));
});

test('document HTML cannot pose as the kit', () => {
  const out = html('<p data-qa-line="1-2" DATA-QA-KIT="N task checked">x</p>\n\nInline <b data-qa-kit="N x">y</b>');
  assert.doesNotMatch(out, /data-qa-kit="N (task|x)/);
  assert.match(out, /data-x-qa-line/);
});

test('the first-screen prefix renders as the document’s first blocks', () => {
  const start = documentPrefix(readFileSync('stories/fixtures/corpus/changelog-long-jest.md', 'utf8'), 2500)!;
  assert.ok(start.length >= 2500 && start.endsWith('\n'));
  const quick = renderWhole(start, 'N');
  assert.ok(quick.blocks > 3);
  const full = [...renderChunks(start, { nonce: 'N', firstChunkChars: Infinity })][0]!;
  assert.equal(quick.html, full.html);
});

test('the document prefix never ends inside a fence', () => {
  const src = `intro\n\n\`\`\`\n${'code\n\n'.repeat(2000)}\`\`\`\n\nafter\n\n${'tail\n\n'.repeat(10)}`;
  const prefix = documentPrefix(src, 100);
  assert.equal(prefix, null); // the fence runs past the search window
  const ok = documentPrefix(`${'para\n\n'.repeat(100)}`, 50)!;
  assert.ok(ok.length >= 50 && ok.length < 60);
});

test('link text that names another host is noticed; file names are not hosts', () => {
  assert.equal(claimedHost('https://good.example/login'), 'good.example');
  assert.equal(claimedHost('www.bank.com'), 'www.bank.com');
  assert.equal(claimedHost('README.md'), null);
  assert.equal(claimedHost('index.ts'), null);
  assert.equal(claimedHost('click here'), null);
  assert.deepEqual(hostNotice('https://evil.example/', 'https://good.example'), { host: 'evil.example', reason: 'mismatch' });
  assert.equal(hostNotice('https://www.bank.com/a', 'bank.com'), null);
  assert.deepEqual(hostNotice('https://xn--pple-43d.com/', 'bank'), { host: 'xn--pple-43d.com', reason: 'lookalike' });
  assert.equal(hostNotice('mailto:a@b.example', 'c@d.example'), null);
});
