// The parser's entry: a long document's provisional first screen, then every chunk of the document.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { PROVISIONAL_MIN_CHARS, documentChunks, provisionalPrefix, renderProvisional } from '../../../src/render/markdown/parser.ts';
import { documentPrefix } from '../../../src/render/markdown/prefix.ts';
import type { HtmlChunk } from '../../../src/render/markdown/protocol.ts';
import { renderChunks } from '../../../src/render/markdown/render-chunks.ts';

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

test('only a document of PROVISIONAL_MIN_CHARS or more gets a provisional start', () => {
  const paragraphs = (n: number) => 'Paragraph with some words in it.\n\n'.repeat(n);
  const long = paragraphs(Math.ceil(PROVISIONAL_MIN_CHARS / 34) + 1);
  assert.ok(long.length >= PROVISIONAL_MIN_CHARS);
  assert.equal(provisionalPrefix(long), documentPrefix(long, 2_500));
  assert.notEqual(provisionalPrefix(long), null);
  assert.notEqual(provisionalPrefix(long.slice(0, PROVISIONAL_MIN_CHARS)), null);
  assert.equal(provisionalPrefix(long.slice(0, PROVISIONAL_MIN_CHARS - 1)), null);
});
