// The chunk generator: chunks end on top-level block boundaries, start small, and cut long lists and tables into pieces.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { CHUNK_CHARS, renderChunks } from '../../../src/render/markdown/render-chunks.ts';
import { FIRST_CHUNK_CHARS } from '../../../src/render/markdown/prefix.ts';

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

test('chunks grow from a small first one to about CHUNK_CHARS, and say how many blocks and lines they hold', () => {
  const paragraph = (i: number) => `Paragraph ${i} ${'word '.repeat(30)}\n\n`;
  const source = Array.from({ length: 600 }, (_, i) => paragraph(i)).join('');
  const chunks = [...renderChunks(source, { nonce: 'N' })];
  const sizes = chunks.map((c) => c.blocks * paragraph(0).length);
  assert.ok(sizes[0]! >= FIRST_CHUNK_CHARS && sizes[0]! < FIRST_CHUNK_CHARS + 2 * paragraph(0).length, `first chunk: ${sizes[0]}`);
  assert.ok(sizes[1]! > sizes[0]!, 'the second chunk is larger');
  for (const size of sizes.slice(2, -1)) assert.ok(size >= CHUNK_CHARS && size < CHUNK_CHARS + 2 * paragraph(0).length, `chunk of ${size}`);
  assert.equal(
    chunks.reduce((n, c) => n + c.blocks, 0),
    600,
  );
  // A paragraph takes a line and the blank line after it; the chunk's span ends with its last paragraph.
  for (const c of chunks) assert.equal(c.lines, 2 * c.blocks - 1);
});

test('the first chunk ends where it is asked to, at the block starting there', () => {
  const source = Array.from({ length: 100 }, (_, i) => `Paragraph ${i}.\n`).join('\n');
  const end = source.indexOf('Paragraph 40.');
  const [first, second] = [...renderChunks(source, { nonce: 'N', firstChunkEnd: end })];
  assert.equal(first!.blocks, 40);
  assert.ok(first!.html.endsWith('<p data-qa-line="79-79">Paragraph 39.</p>'));
  assert.ok(second!.html.startsWith('<p data-qa-line="81-81">Paragraph 40.</p>'));
});

test('a block is let go once its chunk is made: what the render holds shrinks as it goes', () => {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  const inUse = () => {
    gc();
    gc();
    return process.memoryUsage().heapUsed;
  };
  const para = (i: number) => `Paragraph ${i} with *emphasis*, \`code\` and a [link](https://example.com/${i}).\n\n`;
  const row = (i: number) => `| ${i} | cell ${i} | **b** |\n`;
  const src = Array.from(
    { length: 40 },
    (_, k) =>
      `## Part ${k}\n\n${Array.from({ length: 60 }, (_, i) => para(i)).join('')}| a | b | c |\n|---|---|---|\n${Array.from({ length: 40 }, (_, i) => row(i)).join('')}\n`,
  ).join('');
  const before = inUse();
  const held: number[] = [];
  let n = 0;
  const chunks = renderChunks(src, { nonce: 'N' });
  for (const _ of chunks) if (++n % 8 === 0) held.push(inUse() - before);
  assert.ok(held.length >= 4, `chunks: ${n}`);
  // Held through the render (the old list) it grew with every parsed chunk; let go, it falls.
  assert.ok(held.at(-1)! < held[0]! * 0.75, `heap in use at every 8th chunk (MB): ${held.map((b) => (b / 1e6).toFixed(1)).join(' ')}`);
});
