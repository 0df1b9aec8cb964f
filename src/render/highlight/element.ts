/**
 * Highlighting of a `<code>` element and of a range of lines, through the
 * lazy way in (start.ts): a module that uses them (the Markdown renderer)
 * does not load the highlighter's client until it colours something, and
 * still renders when the client cannot be loaded.
 */
import type { HighlightJobOptions } from './client.js';
import { startHighlight } from './start.js';
import { chunkLine, type TokenLine } from './tokens.js';
import { splitLines } from './lines.js';
import { resolveLanguage } from './languages.js';
import { adoptTokenSheet, renderTokens } from './sheet.js';

/**
 * Replaces the text of a `<code>` element with coloured token spans (same
 * text), lazily; no-op for unknown languages; never throws. The token sheet is
 * adopted into the element's shadow root (or document).
 */
export async function highlightElement(code: HTMLElement, lang: string, signal?: AbortSignal): Promise<void> {
  try {
    const id = resolveLanguage(lang);
    const text = code.textContent ?? '';
    if (!id || !text || signal?.aborted) return;
    const lines = splitLines(text);
    const tokens: TokenLine[] = new Array(lines.length);
    const job = startHighlight(text, id, {
      signal,
      onTokens: (chunk) => {
        if (chunk.exact) for (let i = 0; i < chunk.count; i += 1) tokens[chunk.from + i] = chunkLine(chunk, i);
      },
    });
    if ((await job.done) !== 'done' || signal?.aborted || code.textContent !== text) return;
    const frag = document.createDocumentFragment();
    // Line breaks are kept exactly as they were (`\n` or `\r\n`).
    const breaks = text.match(/\r?\n/g) ?? [];
    for (let i = 0; i < lines.length; i += 1) {
      renderTokens(lines[i]!, tokens[i], frag);
      if (i < breaks.length) frag.appendChild(document.createTextNode(breaks[i]!));
    }
    adoptTokenSheet(code);
    code.replaceChildren(frag);
    code.dataset.qaHighlighted = id;
  } catch {
    // Highlighting is decoration: the plain text stays.
  }
}

/**
 * Tokens of lines `from`…`to` (0-based, end exclusive; default: all) of
 * `text`, exact (the lines before are tokenized too), or null for an unknown
 * language or when aborted. Style numbers are token classes (`qa-tk-N`).
 */
export async function highlightLines(
  text: string,
  lang: string,
  options: { from?: number; to?: number; signal?: AbortSignal } = {},
): Promise<number[][] | null> {
  const id = resolveLanguage(lang);
  if (!id) return null;
  const total = splitLines(text).length;
  const from = Math.max(0, options.from ?? 0);
  const to = Math.min(total, options.to ?? total);
  const out: number[][] = new Array(Math.max(0, to - from));
  let missing = out.length;
  let complete = missing === 0;
  const onTokens: HighlightJobOptions['onTokens'] = (chunk) => {
    if (!chunk.exact) return;
    for (let i = 0; i < chunk.count; i += 1) {
      const n = chunk.from + i;
      if (n >= from && n < to && out[n - from] === undefined) {
        out[n - from] = Array.from(chunkLine(chunk, i));
        missing -= 1;
      }
    }
    if (missing === 0 && !complete) {
      // The lines asked for are exact: the rest of the document is not needed.
      complete = true;
      job.cancel();
    }
  };
  const job = startHighlight(text, id, { signal: options.signal, window: [from, to], onTokens });
  const outcome = await job.done;
  return complete || outcome === 'done' ? out : null;
}
