/**
 * The model behind a raw view: where each line of the file starts, their
 * tokens as they arrive from the highlighter, and text extraction for
 * copying. Lines are cut from the file's text only when a view shows or
 * copies them (a 2 MB file is never split into 57,000 strings up front). It
 * outlives a view, so switching Rendered/Raw back and forth never
 * re-highlights; and what it coloured outlives it (recent.ts), so a file
 * opened again on the same page starts with its colours.
 */
import { chunkLine, type TokenChunk, type TokenLine } from '../../render/highlight/tokens.js';
import { MAX_TOKENIZED_LINE } from '../../render/highlight/constants.js';
import { TextLines } from '../../render/highlight/lines.js';
import { recallTokens, rememberTokens, startHighlight } from '../../render/highlight/start.js';
import type { HighlightJob } from '../../render/highlight/client.js';
import type { QaLineRange } from '../../model/display.js';
import { INVISIBLE_CHARACTER } from '../../model/text.js';

/** Columns a tab advances to (matches the view's `tab-size`). */
export const TAB_SIZE = 4;

/** Characters that change the direction of the text around them (Trojan Source, CVE-2021-42574): embeddings, overrides, isolates and marks. */
export const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/;
/** Invisible characters (zero-width, BOM, soft hyphen, fillers, tag characters): shown as markers too, with their own notice. */
export { INVISIBLE_CHARACTER };
/** Extra columns a direction control or invisible character takes when shown as a marker (`⟦U+202E⟧`). */
export const BIDI_MARKER_COLUMNS = 8;

export class RawDocument {
  /** Lines shown: a final line break does not start an empty last line. */
  readonly count: number;
  /** The widest line, in columns (tabs expanded, direction controls counted as their markers). */
  readonly columns: number;
  /** True when the text holds direction controls (shown as markers, with a notice). */
  readonly hasBidi: boolean;
  /** True when the text holds invisible characters (shown as markers, with a notice). */
  readonly hasInvisible: boolean;
  /** Where each line starts and ends. */
  private readonly lines: TextLines;
  /** For each line, the chunk its tokens are in (index into `chunks`, -1: none yet). */
  private readonly where: Int32Array;
  private readonly chunks: TokenChunk[] = [];
  private readonly exact: Uint8Array;
  private readonly listeners = new Set<(from: number, to: number) => void>();
  private job: HighlightJob | null = null;
  private outcome: Promise<string> | null = null;
  private coloured: Promise<void> | null = null;
  private longLines: boolean | null = null;

  constructor(
    readonly text: string,
    /** Shiki language id, or null for plain text. */
    readonly lang: string | null,
  ) {
    this.lines = new TextLines(text);
    const total = this.lines.count;
    // The last line starts past the text: the text ends with a line break.
    this.count = total > 1 && this.lines.start(total - 1) >= text.length ? total - 1 : total;
    this.hasBidi = BIDI_CONTROL.test(text);
    this.hasInvisible = INVISIBLE_CHARACTER.test(text);
    this.columns = this.widest();
    this.where = new Int32Array(this.count).fill(-1);
    this.exact = new Uint8Array(this.count);
    // The same text coloured before on this page: its tokens at once, and no job when they cover every line.
    const recent = lang && this.count > 0 ? recallTokens(text, lang) : null;
    if (recent) {
      for (const chunk of recent.chunks) this.take(chunk);
      if (recent.complete) this.outcome = Promise.resolve('done');
    }
  }

  /** True when the file is coloured and has a line too long to colour (`MAX_TOKENIZED_LINE`); found on first use. */
  get hasLongLines(): boolean {
    if (!this.lang) return false;
    if (this.longLines === null) {
      // No line is longer than the longest one counted with its `\r`: only a file that has one that long is looked through.
      let long = false;
      if (this.lines.longest(this.count) >= MAX_TOKENIZED_LINE) {
        for (let i = 0; i < this.count && !long; i += 1) long = this.lineLength(i) >= MAX_TOKENIZED_LINE;
      }
      this.longLines = long;
    }
    return this.longLines;
  }

  /** The widest line in columns, in one sweep over the text's tabs (and direction controls) in order. */
  private widest(): number {
    const { text, lines } = this;
    if (!this.hasBidi && !this.hasInvisible && text.indexOf('\t') === -1 && text.indexOf('\r') === -1) {
      // Only line feeds: a line's width is the distance between two line starts.
      return lines.longest(this.count);
    }
    const shown = [this.hasBidi ? BIDI_CONTROL.source : '', this.hasInvisible ? INVISIBLE_CHARACTER.source : ''].filter(Boolean).join('|');
    const bidi = shown ? new RegExp(shown, 'gu') : null;
    let tab = text.indexOf('\t');
    let control = bidi ? bidi.exec(text) : null;
    let columns = 0;
    for (let i = 0; i < this.count; i += 1) {
      const end = lines.end(i);
      let width = end - lines.start(i);
      for (; tab !== -1 && tab < end; tab = text.indexOf('\t', tab + 1)) width += TAB_SIZE - 1;
      for (; control && control.index < end; control = bidi!.exec(text)) width += BIDI_MARKER_COLUMNS;
      if (width > columns) columns = width;
    }
    return columns;
  }

  /** Line `n` (0-based), without its line break. */
  line(n: number): string {
    return n < 0 || n >= this.count ? '' : this.lines.line(n);
  }

  /** Length of line `n` in UTF-16 units. */
  lineLength(n: number): number {
    return n < 0 || n >= this.count ? 0 : this.lines.end(n) - this.lines.start(n);
  }

  /** Starts colouring (once), with `window` (0-based lines, end exclusive) first. Resolves with the job's outcome. */
  highlight(window: [number, number] | null): Promise<string> {
    if (this.outcome) return this.outcome;
    if (!this.lang || this.count === 0) return (this.outcome = Promise.resolve('unsupported'));
    this.job = startHighlight(this.text, this.lang, {
      window,
      lines: this.lines.index,
      onTokens: (chunk) => {
        const last = this.take(chunk);
        if (last > chunk.from) for (const l of this.listeners) l(chunk.from, last);
      },
    });
    return (this.outcome = this.job.done);
  }

  /** Takes a chunk of tokens for the lines it covers (an exact one over any other); returns the end of the lines it took (its `from`: none). */
  private take(chunk: TokenChunk): number {
    const index = this.chunks.push(chunk) - 1;
    let last = chunk.from;
    for (let i = 0; i < chunk.count; i += 1) {
      const n = chunk.from + i;
      if (n >= this.count) break;
      if (!chunk.exact && this.exact[n]) continue;
      this.where[n] = index;
      if (chunk.exact) this.exact[n] = 1;
      last = n + 1;
    }
    return last;
  }

  /** Resolves when the first tokens are in or colouring has ended (done, failed, stopped); at once when it has not started. */
  whenColoured(): Promise<void> {
    const outcome = this.outcome;
    if (!outcome) return Promise.resolve();
    this.coloured ??= new Promise<void>((resolve) => {
      if (this.chunks.length > 0) return resolve();
      const off = this.onTokens(() => {
        off();
        resolve();
      });
      void outcome.then(() => {
        off();
        resolve();
      });
    });
    return this.coloured;
  }

  /** The tokens of line `n` (0-based) as far as known. */
  tokensOf(n: number): TokenLine | undefined {
    const c = this.where[n];
    if (c === undefined || c < 0) return undefined;
    const chunk = this.chunks[c]!;
    return chunkLine(chunk, n - chunk.from);
  }

  /** The reader looks at these lines (0-based, end exclusive): colour them next. */
  prioritize(from: number, to: number): void {
    this.job?.prioritize(from, to);
  }

  /** Calls `listener(from, to)` whenever tokens for those lines arrive. */
  onTokens(listener: (from: number, to: number) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Stops colouring; what was coloured is kept for the page (see recent.ts). */
  dispose(): void {
    this.job?.cancel();
    this.job = null;
    this.listeners.clear();
    if (!this.lang || this.chunks.length === 0) return;
    // Only the chunks some line still reads (a file opened again and coloured again has two of some);
    // the file is finished when every line has its exact tokens.
    const used = new Uint8Array(this.chunks.length);
    let exactLines = 0;
    for (let n = 0; n < this.count; n += 1)
      if (this.exact[n]) {
        used[this.where[n]!] = 1;
        exactLines += 1;
      }
    rememberTokens(
      this.text,
      this.lang,
      this.chunks.filter((_, i) => used[i] === 1),
      exactLines === this.count,
    );
  }

  /** The text from (line, column) to (line, column), 0-based, end exclusive, lines joined with `\n`. */
  slice(fromLine: number, fromCol: number, toLine: number, toCol: number): string {
    if (toLine < fromLine || (toLine === fromLine && toCol <= fromCol)) return '';
    if (fromLine === toLine) return this.line(fromLine).slice(fromCol, toCol);
    const out = [this.line(fromLine).slice(fromCol)];
    for (let i = fromLine + 1; i < toLine && i < this.count; i += 1) out.push(this.line(i));
    if (toLine < this.count) out.push(this.line(toLine).slice(0, toCol));
    return out.join('\n');
  }

  /** The whole shown text, lines joined with `\n`. */
  all(): string {
    const out: string[] = new Array(this.count);
    for (let i = 0; i < this.count; i += 1) out[i] = this.line(i);
    return out.join('\n');
  }

  /** True when 1-based `line` lies in one of `ranges`. */
  static inRanges(line: number, ranges: readonly QaLineRange[]): boolean {
    for (const r of ranges) if (line >= r.lineStart && line <= r.lineEnd) return true;
    return false;
  }
}
