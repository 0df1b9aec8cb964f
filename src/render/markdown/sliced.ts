/**
 * The document's block structure parsed in time slices, for the main thread
 * when no worker is allowed: a block rule that ends the parse at a top-level
 * block once the slice is used up, and the parse resumed from there in the
 * same state, so the tokens are those of one pass. Pure: no DOM.
 *
 * The pause rule is always in the parser and reads the slice's deadline
 * from this module's state (Infinity outside a sliced parse: it never
 * pauses then), and the line table is built here rather than by
 * markdown-it's block state (which scans the whole source at once). Both
 * keep the longest task of a long document short on the main thread
 * (benchmark row "No worker allowed: Markdown 1 MB, longest main-thread
 * task").
 */
import type { MarkdownIt, StateBlock, StateCore } from 'markdown-it';
import { runStage } from './stages.js';

/** When the block parse in progress stops at the next top-level block (see `pausableBlocks`); Infinity: it never does. */
let blockDeadline = Infinity;
/** The line the block parse stopped before, or -1. */
let pausedAt = -1;
/** The line the current slice started at: it never stops there (each slice parses at least one block). */
let sliceStart = 0;

/**
 * The first block rule: past `blockDeadline`, at the start of a top-level
 * block, it ends the block parse there (remembering the line), so the parse
 * can go on from that line later with the same state. Nested blocks (lists,
 * quotes) and the other rules' look-ahead (`silent`) are never cut.
 */
export function pauseRule(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean {
  if (silent || state.level !== 0 || startLine <= sliceStart || blockDeadline === Infinity || performance.now() < blockDeadline) return false;
  pausedAt = startLine;
  state.line = endLine;
  return true;
}

/**
 * The block stage of `state` (what `runStage(…, BLOCK_STAGE)` does), in
 * slices of about `sliceMs`: yields between slices. The tokens are the same
 * as from one pass — the parse resumes where it stopped, in the same state.
 */
export function* pausableBlocks(md: MarkdownIt, state: StateCore, sliceMs: number): Generator<void, void, void> {
  runStage(md, state, ['normalize']);
  // An empty source: markdown-it's block rule makes no tokens and runs no block rule.
  if (!state.src) return void runStage(md, state, ['github-alerts', 'qa_alerts_pairing']);
  // The block state's line table (one pass over every character) is built in slices too.
  const block = new md.block.State('', md, state.env, state.tokens);
  yield* lineTable(block, state.src, sliceMs);
  let line = 0;
  const end = block.lineMax;
  while (line < end) {
    blockDeadline = performance.now() + sliceMs;
    pausedAt = -1;
    sliceStart = line;
    try {
      md.block.tokenize(block, line, end);
    } finally {
      blockDeadline = Infinity;
    }
    if (pausedAt < 0) break;
    line = pausedAt;
    yield;
  }
  yield;
  runStage(md, state, ['github-alerts', 'qa_alerts_pairing']);
}

/** Lines of the line table filled between two looks at the clock. */
const LINE_TABLE_STEP = 4096;

/**
 * Fills the line table of `block` (begin and end of each line, its
 * indentation) for `src` exactly as markdown-it's `StateBlock` constructor
 * does, yielding whenever a slice of `sliceMs` is used up. Only each line's
 * indentation is read a character at a time; its end is found by `indexOf`,
 * a native search. A document's table is built once, mostly by the
 * interpreter, where a loop over every character is slow: the first call
 * over the 100 KB benchmark document took 4.3 ms that way in Node and 0.8
 * ms this way (1 MB: 18.9 and 5.1 ms). The test that the sliced parse gives
 * the chunks of one pass compares them.
 */
export function* lineTable(block: StateBlock, src: string, sliceMs: number): Generator<void, void, void> {
  const bMarks: number[] = [];
  const eMarks: number[] = [];
  const tShift: number[] = [];
  const sCount: number[] = [];
  const bsCount: number[] = [];
  const len = src.length;
  let deadline = performance.now() + sliceMs;
  for (let start = 0, lines = 0; start < len;) {
    let pos = start;
    let offset = 0;
    for (; pos < len; pos++) {
      const ch = src.charCodeAt(pos);
      if (ch === 0x20) offset++;
      else if (ch === 0x09) offset += 4 - (offset % 4);
      else break;
    }
    // Blanks up to the end, without a line break: markdown-it records no line for them.
    if (pos === len) break;
    const nl = src.indexOf('\n', pos);
    const end = nl < 0 ? len : nl;
    bMarks.push(start);
    eMarks.push(end);
    tShift.push(pos - start);
    sCount.push(offset);
    bsCount.push(0);
    start = end + 1;
    if (++lines === LINE_TABLE_STEP) {
      lines = 0;
      if (start < len && performance.now() >= deadline) {
        yield;
        deadline = performance.now() + sliceMs;
      }
    }
  }
  bMarks.push(len);
  eMarks.push(len);
  tShift.push(0);
  sCount.push(0);
  bsCount.push(0);
  Object.assign(block, { src, bMarks, eMarks, tShift, sCount, bsCount, lineMax: bMarks.length - 1 });
}
