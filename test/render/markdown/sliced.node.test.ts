// Without a worker the parser works on the main thread, where one pass over a
// long document's block structure would hold the page: `sliceMs` cuts that
// pass between top-level blocks. Cut after every block (sliceMs 0), every
// corpus document and the CommonMark spec examples give exactly the chunks of
// one pass, and a long document really does pause.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { renderChunks, type HtmlChunk } from '../../../src/render/markdown/parser.ts';

const corpusDir = fileURLToPath(new URL('../../../stories/fixtures/corpus/', import.meta.url));
const corpus = readdirSync(corpusDir).filter((f) => f.endsWith('.md'));
const specExamples = (createRequire(import.meta.url)('commonmark-spec') as { tests: Array<{ markdown: string; number: number }> }).tests.map((t) => ({ markdown: t.markdown, example: t.number }));

function chunks(source: string, sliceMs?: number): { out: HtmlChunk[]; pauses: number } {
  const out: HtmlChunk[] = [];
  let pauses = 0;
  for (const c of renderChunks(source, { nonce: 'N', sliceMs })) {
    if (c.pause) pauses += 1;
    else out.push(c);
  }
  return { out, pauses };
}

test('corpus documents: cut after every top-level block, the chunks are those of one pass', () => {
  assert.ok(corpus.length >= 10);
  for (const file of corpus) {
    const source = readFileSync(path.join(corpusDir, file), 'utf8');
    const whole = chunks(source);
    const sliced = chunks(source, 0);
    assert.equal(whole.pauses, 0, `${file}: one pass never pauses`);
    assert.ok(sliced.pauses > 0, `${file}: the sliced parse paused`);
    assert.deepEqual(sliced.out, whole.out, file);
  }
});

test('CommonMark spec examples (alone and all in one document): the same chunks when cut after every block', () => {
  for (const { markdown, example } of specExamples) assert.deepEqual(chunks(markdown, 0).out, chunks(markdown).out, `example ${example}`);
  const all = specExamples.map((e) => e.markdown).join('\n\n');
  assert.deepEqual(chunks(all, 0).out, chunks(all).out);
});

test('a long document pauses about as often as its parse takes slices (never once per document)', () => {
  const source = Array.from({ length: 4_000 }, (_, i) => `## Section ${i}\n\nSome *text* with a [link](https://example.com/${i}).\n\n- a\n- b\n`).join('\n');
  const { out, pauses } = chunks(source, 1);
  assert.ok(pauses >= 2, `${pauses} pauses`);
  assert.deepEqual(out, chunks(source).out);
});
