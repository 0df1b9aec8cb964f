/**
 * Markdown → HTML in block-aligned chunks: the entry of the parser, which
 * the parsing worker runs and, when workers are not allowed, the page loads
 * on demand. A long document first gets a provisional first screen from its
 * start alone; then come the chunks of the whole document (render-chunks.ts)
 * from the kit's markdown-it (setup.ts). Pure: no DOM.
 *
 * The output is NOT safe HTML: the caller sanitizes every chunk.
 */
import { loadEmoji, mayHaveShortcodes } from './emoji.js';
import { provisionalPrefix } from './prefix.js';
import type { HtmlChunk, ParseOptions } from './protocol.js';
import { renderChunks } from './render-chunks.js';
import { getParser, hasParser } from './setup.js';

export { PROVISIONAL_MIN_CHARS, provisionalPrefix } from './prefix.js';
export { getParser, hasParser } from './setup.js';

/** Renders a document's start (see `provisionalPrefix`) as one provisional chunk, footnotes left out. */
export function renderProvisional(prefix: string, nonce: string): HtmlChunk {
  const steps = provisionalSteps(prefix, nonce);
  for (let r = steps.next(); ; r = steps.next()) if (r.done) return r.value;
}

/** `renderProvisional`, with `sliceMs` (on the main thread) yielding `pause` chunks between slices of its parse. */
function* provisionalSteps(prefix: string, nonce: string, sliceMs?: number): Generator<HtmlChunk, HtmlChunk, void> {
  let html = '';
  let blocks = 0;
  let lines = 0;
  for (const chunk of renderChunks(prefix, { nonce, firstChunkChars: Infinity, chunkChars: Infinity, sliceMs })) {
    if (chunk.pause) {
      yield chunk;
      continue;
    }
    if (chunk.tooComplex) return chunk;
    if (chunk.html.startsWith('<section class="footnotes"')) continue;
    html += chunk.html;
    blocks += chunk.blocks;
    lines += chunk.lines;
  }
  return { html, blocks, lines, provisional: true };
}

/**
 * Every chunk of a document in order: for a long one, a provisional first
 * screen first (see `HtmlChunk.provisional`); emoji shortcodes once the
 * emoji table is loaded, which this waits for when the document may use
 * them. The same sequence in the parsing worker and on the main thread.
 */
export async function* documentChunks(source: string, options: ParseOptions): AsyncGenerator<HtmlChunk, void, void> {
  const prefix = options.firstChunkEnd === undefined ? provisionalPrefix(source, options.firstChunkChars) : null;
  const shortcodes = mayHaveShortcodes(source);
  if (shortcodes) void loadEmoji().catch(() => undefined);
  if (options.sliceMs !== undefined && !hasParser()) {
    // On the main thread, setting the parser up is a slice of its own (benchmark row
    // "No worker allowed: Markdown 1 MB, longest main-thread task").
    getParser();
    yield { html: '', blocks: 0, lines: 0, pause: true };
  }
  if (prefix) {
    // On the main thread the first screen's parse is sliced too (its block structure, then its inline content).
    const first = yield* provisionalSteps(prefix, options.nonce, options.sliceMs);
    yield first;
    if (first.tooComplex) return;
  }
  if (shortcodes) await loadEmoji().catch(() => undefined);
  yield* renderChunks(source, prefix ? { ...options, firstChunkEnd: prefix.length } : options);
}
