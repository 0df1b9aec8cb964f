/**
 * The chunk generator: parses a document and yields its HTML in chunks that
 * each end at a top-level block boundary, small at first and then of about
 * `CHUNK_CHARS` source characters. Pure: no DOM, so it runs in a Web Worker
 * or, when workers are not allowed, on the main thread.
 *
 * The output is NOT safe HTML: raw HTML from the document passes through
 * and the caller sanitizes every chunk. Every block carries
 * `data-qa-line="a-b"` (1-based, inclusive source lines); `data-qa-*`
 * attributes written in the document's own HTML are renamed so they cannot
 * pose as the kit's.
 */
import type { Token } from 'markdown-it';
import { estimateWorkSteps } from './budget.js';
import { FIRST_CHUNK_CHARS, htmlDepthChange } from './prefix.js';
import type { HtmlChunk, ParseOptions } from './protocol.js';
import { getParser } from './setup.js';
import { pausableBlocks } from './sliced.js';
import { splitBlock, type TokenFactory } from './split-block.js';
import { BLOCK_STAGE, CHUNK_STAGE, TAIL_STAGE, renderPart, runStage, type Env } from './stages.js';

/** Source characters in a chunk once past the first few (see `ParseOptions.chunkChars`). */
export const CHUNK_CHARS = 5_000;
/** Raw HTML left open (an unclosed `<div>`) never holds more than this in one chunk. */
const MAX_OPEN_HTML_CHUNK_CHARS = 200_000;
/** A top-level list or table this many times longer than a chunk is sent in pieces. */
const SPLIT_FACTOR = 1.5;

function lineStarts(src: string): number[] {
  const starts = [0];
  let i = -1;
  while ((i = src.indexOf('\n', i + 1)) !== -1) starts.push(i + 1);
  starts.push(src.length + 1);
  return starts;
}

/**
 * Parses `source` and yields HTML chunks that each end at a top-level block
 * boundary (never inside raw HTML left open, such as `<details>` … `</details>`
 * around Markdown). Footnotes come last.
 */
export function* renderChunks(source: string, options: ParseOptions): Generator<HtmlChunk, void, void> {
  const md = getParser();
  const env: Env = { qaNonce: options.nonce };
  const firstChars = options.firstChunkChars ?? FIRST_CHUNK_CHARS;
  const firstEnd = options.firstChunkEnd;
  const chunkChars = options.chunkChars ?? CHUNK_CHARS;
  const state = new md.core.State(source, md, env);
  if (options.sliceMs === undefined) runStage(md, state, BLOCK_STAGE);
  else for (const _ of pausableBlocks(md, state, options.sliceMs)) yield { html: '', blocks: 0, lines: 0, pause: true };
  const tokens = state.tokens;
  const src = state.src;
  const starts = lineStarts(src);
  const sizeOf = (t: Token) => (t.map ? starts[Math.min(t.map[1], starts.length - 1)]! - starts[t.map[0]]! : 0);
  // Before any markup is made: a document that would build too many or too deeply nested elements stops here.
  const estimate = estimateWorkSteps(tokens, sizeOf, chunkChars, options.sliceMs ?? Infinity);
  let step = estimate.next();
  for (; !step.done; step = estimate.next()) yield { html: '', blocks: 0, lines: 0, pause: true };
  const work = step.value;
  if (work.over) {
    yield { html: '', blocks: 0, lines: 0, tooComplex: work };
    return;
  }

  const footnoteDefs: Token[] = [];
  let pending: Token[] = [];
  let pendingBlocks = 0;
  let pendingChars = 0;
  let firstLine = -1;
  let lastLine = 0;
  let openHtml = 0;
  let emitted = 0;
  let continuing = false;
  const make: TokenFactory = (type, tag, nesting) => new state.Token(type, tag, nesting);

  const flush = (): HtmlChunk => {
    const html = renderPart(md, pending, env, [CHUNK_STAGE]);
    const chunk: HtmlChunk = { html, blocks: pendingBlocks, lines: Math.max(1, lastLine - Math.max(firstLine, 0)) };
    if (continuing) chunk.continues = true;
    continuing = false;
    pending = [];
    pendingBlocks = 0;
    pendingChars = 0;
    firstLine = -1;
    emitted++;
    return chunk;
  };

  for (let i = 0; i < tokens.length;) {
    const start = tokens[i]!;
    let end = i;
    if (start.nesting === 1) {
      end = i + 1;
      while (end < tokens.length && tokens[end]!.level !== start.level) end++;
    }
    // The first chunk ends exactly where it was asked to (the provisional first screen ends there too).
    if (emitted === 0 && firstEnd !== undefined && openHtml === 0 && pending.length && start.map && starts[start.map[0]]! >= firstEnd) yield flush();
    const block = tokens.slice(i, end + 1);
    // Let go of the block in the document's list: once its chunk is out, nothing holds its tokens (a 1 MB
    // document's block structure is about 100,000 of them, which every collection of the heap had to mark).
    (tokens as Array<Token | undefined>).fill(undefined, i, end + 1);
    i = end + 1;
    if (start.type === 'footnote_reference_open') {
      footnoteDefs.push(...block);
      continue;
    }
    // A long list or table goes out in pieces, so no chunk is much larger than the others
    // (benchmark row "Long table (30,000 rows): longest main-thread task").
    const pieces = openHtml === 0 && sizeOf(start) > chunkChars * SPLIT_FACTOR ? splitBlock(block, chunkChars, sizeOf, make) : null;
    if (pieces && pieces.length > 1) {
      // Its first piece starts a chunk of its own unless what waits is small.
      if (pending.length && pendingChars >= chunkChars / 2 && (emitted > 0 || firstEnd === undefined)) yield flush();
      for (let p = 0; p < pieces.length; p++) {
        const { tokens: piece, span } = pieces[p]!;
        if (p > 0) continuing = true;
        else pendingBlocks++;
        pending.push(...piece);
        pendingChars += starts[Math.min(span[1], starts.length - 1)]! - starts[span[0]]!;
        if (firstLine < 0) firstLine = span[0];
        lastLine = span[1];
        if (p < pieces.length - 1) {
          const chunk = flush();
          if (p > 0 && start.type === 'table_open') chunk.rows = piece.reduce((n, t) => n + (t.type === 'tr_open' ? 1 : 0), 0);
          yield chunk;
        }
      }
    } else {
      pending.push(...block);
      pendingBlocks++;
      pendingChars += sizeOf(start);
      if (start.map) {
        if (firstLine < 0) firstLine = start.map[0];
        lastLine = start.map[1];
      }
      if (start.type === 'html_block') openHtml = Math.max(0, openHtml + htmlDepthChange(start.content));
    }
    // Chunks grow from small (the first screen, a cold JIT) to full size.
    const budget = emitted === 0 && firstEnd !== undefined ? Infinity : Math.min(chunkChars, firstChars * 2 ** emitted);
    if (pendingChars >= budget && (openHtml === 0 || pendingChars >= MAX_OPEN_HTML_CHUNK_CHARS)) {
      openHtml = 0;
      yield flush();
    }
  }
  if (pending.length) yield flush();

  const footnotes = (env as { footnotes?: { list?: unknown[] } }).footnotes;
  if (footnotes?.list?.length) {
    const html = renderPart(md, footnoteDefs, env, [CHUNK_STAGE, TAIL_STAGE]);
    if (html.trim()) yield { html, blocks: 1, lines: 1 };
  }
}
