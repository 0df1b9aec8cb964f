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
import type { Token } from 'markdown-it';
import { documentChunks } from '../../../src/render/markdown/parser.ts';
import type { HtmlChunk } from '../../../src/render/markdown/protocol.ts';
import { renderChunks } from '../../../src/render/markdown/render-chunks.ts';
import { getParser } from '../../../src/render/markdown/setup.ts';
import { lineTable, pausableBlocks } from '../../../src/render/markdown/sliced.ts';
import { BLOCK_STAGE, runStage } from '../../../src/render/markdown/stages.ts';
import { estimateWork, estimateWorkSteps } from '../../../src/render/markdown/budget.ts';

const corpusDir = fileURLToPath(new URL('../../../stories/fixtures/corpus/', import.meta.url));
const corpus = readdirSync(corpusDir).filter((f) => f.endsWith('.md'));
const specExamples = (createRequire(import.meta.url)('commonmark-spec') as { tests: Array<{ markdown: string; number: number }> }).tests.map((t) => ({
  markdown: t.markdown,
  example: t.number,
}));

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

test('the line table built in slices is the one markdown-it builds in one pass', () => {
  const md = getParser();
  const cases = [
    '',
    'x',
    '\n',
    '\n\n\n',
    'no newline at the end',
    'ends in spaces   ',
    '   ',
    '\t\tcode\n  \t mixed\n    four\n',
    '  \n\t\n',
    'a\n\tb\n  c\n',
    // Longer than one step of the scan, so it is cut between steps.
    Array.from({ length: 30_000 }, (_, i) => `${' '.repeat(i % 7)}${i % 5 === 0 ? '\t' : ''}line ${i}${i % 11 === 0 ? '  ' : ''}`).join('\n'),
    ...corpus.map((f) => readFileSync(path.join(corpusDir, f), 'utf8')),
  ];
  for (const src of cases) {
    const whole = new md.block.State(src, md, {}, []);
    const sliced = new md.block.State('', md, {}, []);
    let steps = 0;
    for (const _ of lineTable(sliced, src, 0)) steps++;
    const table = (s: typeof whole) => ({
      src: s.src,
      bMarks: s.bMarks,
      eMarks: s.eMarks,
      tShift: s.tShift,
      sCount: s.sCount,
      bsCount: s.bsCount,
      lineMax: s.lineMax,
    });
    assert.deepEqual(table(sliced), table(whole), JSON.stringify(src.slice(0, 40)));
    // 4,096 lines per step (LINE_TABLE_STEP).
    assert.equal(steps, Math.max(0, Math.ceil(whole.lineMax / 4_096) - 1), 'cut between every step when the slice is used up');
  }
});

test('the work estimate in slices pauses on a long document and gives the estimate of one pass', () => {
  const source = Array.from({ length: 3_000 }, (_, i) => `## Part ${i}\n\nText <b>bold</b> *em*\n\n| a | b |\n|---|---|\n| ${i} | x |\n\n- a\n- b\n`).join(
    '\n',
  );
  const md = getParser();
  const state = { tokens: [] as Token[] };
  md.block.parse(source, md, { qaNonce: 'N' }, state.tokens);
  const sizeOf = (t: { map: [number, number] | null }) => (t.map ? (t.map[1] - t.map[0]) * 40 : 0);
  const whole = estimateWork(state.tokens, sizeOf, 5_000);
  const steps = estimateWorkSteps(state.tokens, sizeOf, 5_000, 0);
  let pauses = 0;
  let r = steps.next();
  for (; !r.done; r = steps.next()) pauses++;
  assert.ok(pauses >= Math.floor(state.tokens.length / 2_000) - 1, `${pauses} pauses over ${state.tokens.length} tokens`);
  assert.deepEqual(r.value, whole);
  assert.ok(whole.over === null && whole.elements > 40_000, `a whole estimate: ${JSON.stringify(whole)}`);
});

test('a long document on the main thread: its provisional first screen is parsed in slices too, and every chunk is the same', async () => {
  const source = Array.from({ length: 1_500 }, (_, i) => `## Section ${i}\n\nSome *text* with a [link](https://example.com/${i}) and \`code\`.\n`).join('\n');
  const collect = async (sliceMs?: number) => {
    const out: HtmlChunk[] = [];
    let pausesBeforeFirst = 0;
    for await (const c of documentChunks(source, { nonce: 'N', sliceMs })) {
      if (c.pause) {
        if (!out.length) pausesBeforeFirst++;
      } else out.push(c);
    }
    return { out, pausesBeforeFirst };
  };
  const whole = await collect();
  const sliced = await collect(0);
  assert.equal(whole.out[0]!.provisional, true);
  assert.equal(whole.pausesBeforeFirst, 0);
  assert.ok(sliced.pausesBeforeFirst >= 2, `${sliced.pausesBeforeFirst} pauses before the first screen`);
  assert.deepEqual(sliced.out, whole.out);
});

test('the block stage in slices makes the tokens of one pass; a slicing left half-way does not cut the next parse', () => {
  const md = getParser();
  const source = Array.from({ length: 500 }, (_, i) => `## H ${i}\n\n- a ${i}\n- b\n\n> q\n`).join('\n');
  const blockTokens = (sliceMs?: number) => {
    const state = new md.core.State(source, md, { qaNonce: 'N' });
    let pauses = 0;
    if (sliceMs === undefined) runStage(md, state, BLOCK_STAGE);
    else for (const _ of pausableBlocks(md, state, sliceMs)) pauses++;
    return { tokens: state.tokens, pauses };
  };
  const whole = blockTokens();
  const sliced = blockTokens(0);
  assert.ok(sliced.pauses > 100, `${sliced.pauses} pauses`);
  assert.deepEqual(sliced.tokens, whole.tokens);
  // Given up after its first slice, the sliced parse leaves no deadline behind.
  const state = new md.core.State(source, md, { qaNonce: 'N' });
  const steps = pausableBlocks(md, state, 0);
  steps.next();
  steps.next();
  steps.return();
  assert.deepEqual(blockTokens().tokens, whole.tokens);
});
