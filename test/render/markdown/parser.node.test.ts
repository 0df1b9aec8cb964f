// The Markdown parser needs no DOM: it runs in a Web Worker, and here in plain Node.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { documentChunks, renderProvisional } from '../../../src/render/markdown/parser.ts';
import { mayHaveShortcodes } from '../../../src/render/markdown/emoji.ts';
import type { HtmlChunk } from '../../../src/render/markdown/protocol.ts';
import { renderChunks } from '../../../src/render/markdown/render-chunks.ts';
import { fenceLanguage, slugify } from '../../../src/render/markdown/setup.ts';
import { readFrontMatter } from '../../../src/render/markdown/front-matter.ts';
import { documentPrefix } from '../../../src/render/markdown/prefix.ts';
import { claimedHost, hostNotice } from '../../../src/render/links.ts';

const html = (src: string) => [...renderChunks(src, { nonce: 'N' })].map((c) => c.html).join('');

test('front matter: simple shapes become entries, anything else null', () => {
  const cases: Array<[string, unknown]> = [
    ['title: Hello', [['title', 'Hello']]],
    [
      "title: 'It''s'\nn: \"a\\tb\"",
      [
        ['title', "It's"],
        ['n', 'a\tb'],
      ],
    ],
    ['tags: [a, "b c"]', [['tags', ['a', 'b c']]]],
    [
      'list:\n  - x\n  - y\nafter: 1',
      [
        ['list', ['x', 'y']],
        ['after', '1'],
      ],
    ],
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
  assert.equal(
    chunks
      .map((c) => c.html)
      .join('')
      .match(/<p /g)!.length,
    600,
  );
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

test('the provisional first screen is exactly the document’s first chunk', () => {
  const source = readFileSync('stories/fixtures/corpus/changelog-long-jest.md', 'utf8');
  const start = documentPrefix(source, 2500)!;
  assert.ok(start.length >= 2500 && start.endsWith('\n'));
  const provisional = renderProvisional(start, 'N');
  assert.equal(provisional.provisional, true);
  assert.ok(provisional.blocks > 3);
  const first = [...renderChunks(source, { nonce: 'N', firstChunkEnd: start.length })][0]!;
  assert.equal(first.provisional, undefined);
  assert.equal(provisional.html, first.html);
  assert.equal(provisional.blocks, first.blocks);
});

async function collect(source: string): Promise<HtmlChunk[]> {
  const out: HtmlChunk[] = [];
  for await (const chunk of documentChunks(source, { nonce: 'N' })) out.push(chunk);
  return out;
}

test('a long document starts with a provisional first screen, a short one does not', async () => {
  const long = `${'Paragraph with some words in it.\n\n'.repeat(8_000)}[later]: https://example.com/\n`;
  const chunks = await collect(long);
  assert.equal(chunks[0]!.provisional, true);
  assert.equal(chunks.filter((c) => c.provisional).length, 1);
  assert.equal(chunks[1]!.html, chunks[0]!.html);
  const plain = [...renderChunks(long, { nonce: 'N' })];
  assert.equal(
    chunks.slice(1).reduce((n, c) => n + c.blocks, 0),
    plain.reduce((n, c) => n + c.blocks, 0),
  );
  assert.equal(
    chunks
      .slice(1)
      .map((c) => c.html)
      .join(''),
    plain.map((c) => c.html).join(''),
  );
  const short = await collect('# Title\n\ntext\n');
  assert.deepEqual(
    short.map((c) => c.provisional),
    [undefined],
  );
});

test('emoji shortcodes render once the emoji table is loaded for a document that may use them', async () => {
  assert.equal(mayHaveShortcodes('no shortcodes: here, 10:30 or a:b'), false);
  assert.equal(mayHaveShortcodes('party :tada:'), true);
  const chunks = await collect('Released :tada: and `:tada:` in code');
  assert.match(chunks[0]!.html, /Released 🎉 and <code[^>]*>:tada:<\/code>/);
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

test('a long list or table goes out in pieces that continue each other', () => {
  const items = Array.from({ length: 1_200 }, (_, i) => `${i + 1}. item number ${i + 1} with a few words`).join('\n');
  const rows = Array.from({ length: 1_200 }, (_, i) => `| ${i} | row ${i} |`).join('\n');
  const chunks = [...renderChunks(`# Lists\n\n${items}\n\n| a | b |\n|---|--:|\n${rows}\n\nAfter.\n`, { nonce: 'N' })];
  assert.ok(chunks.length > 6);
  for (const c of chunks) assert.ok(c.html.length < 20_000, `a chunk of ${c.html.length} characters`);
  const html = chunks.map((c) => c.html).join('');
  assert.equal(html.match(/<li /g)!.length, 1_200);
  assert.equal(html.match(/<tr /g)!.length, 1_201);
  // One head; every piece a complete list or table; pieces after the first say they continue.
  assert.equal(html.match(/<thead/g)!.length, 1);
  for (const c of chunks) assert.equal((c.html.match(/<(ol|table)\b/g) ?? []).length, (c.html.match(/<\/(ol|table)>/g) ?? []).length);
  const continued = chunks.filter((c) => c.continues);
  assert.ok(continued.length >= 4);
  assert.ok(continued.every((c) => /^<(ol|table)\b/.test(c.html)));
  assert.equal(chunks[0]!.continues, undefined);
  // An ordered list's pieces keep counting.
  const secondPiece = continued.find((c) => c.html.startsWith('<ol'))!;
  const start = Number(/^<ol start="(\d+)"/.exec(secondPiece.html)![1]);
  assert.match(secondPiece.html, new RegExp(`item number ${start} with`));
  assert.ok(chunks.at(-1)!.html.endsWith('<p data-qa-line="2407-2407">After.</p>'));
});

test("the document's own inline style and handler attributes are renamed by the parser; its own markup is left alone", () => {
  const raw = html(
    '# Title\n\n<p style="color:red" onclick="x()">a</p>\n\nText <b onmouseover="y()">b</b> and the word only=1.\n\n<div title=\'a\'\nstyle="z">c</div>\n',
  );
  assert.match(raw, /<p data-qa-line="3-3" data-qa-html data-qa-inert-style="color:red" data-qa-inert-onclick="x\(\)">/);
  assert.match(raw, /<b data-qa-inert-onmouseover="y\(\)">b<\/b> and the word only=1\./);
  assert.match(raw, /data-qa-inert-style="z"/);
  assert.doesNotMatch(raw, /<[^>]*\s(?:style|on[a-z]+)=/);
  // Without raw HTML the markup is what the renderer wrote (nothing to rename).
  const plain = [...renderChunks('Text with style="x" and onclick=y, a [link](https://e.example "on title").\n', { nonce: 'N' })];
  assert.equal(plain.length, 1);
  assert.equal(
    plain[0]!.html,
    '<p data-qa-line="1-1">Text with style=&quot;x&quot; and onclick=y, a <a href="https://e.example" title="on title">link</a>.</p>',
  );
});

test('the middle pieces of a long table say how many body rows they hold, and hold nothing else', () => {
  const rows = Array.from({ length: 3_000 }, (_, i) => `| ${i} | r${i} |`).join('\n');
  const chunks = [...renderChunks(`# T\n\n| a | b |\n|---|---|\n${rows}\n\nAfter.\n`, { nonce: 'N' })];
  const counted = chunks.filter((c) => c.rows !== undefined);
  assert.ok(counted.length >= 10, `${counted.length} pieces with a row count`);
  for (const c of counted) {
    assert.equal(c.continues, true);
    assert.equal(c.rows, (c.html.match(/<tr[\s>]/g) ?? []).length);
    assert.match(c.html, /^<table[^>]*><tbody[^>]*>(<tr[\s\S]*<\/tr>)<\/tbody><\/table>\n?$/);
  }
  // The first piece (with the head and what came before) and the last (with what follows) are not counted.
  assert.equal(chunks[0]!.rows, undefined);
  const last = chunks.find((c) => c.html.includes('After.'))!;
  assert.equal(last.rows, undefined);
  assert.equal(
    counted.reduce((n, c) => n + c.rows!, 0) + (chunks[0]!.html.match(/<tr[\s>]/g) ?? []).length - 1 + (last.html.match(/<tr[\s>]/g) ?? []).length,
    3_000,
  );
});
