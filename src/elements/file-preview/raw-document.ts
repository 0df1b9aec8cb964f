/**
 * The model behind a raw view: the file's lines, their tokens as they arrive
 * from the highlighter, and text extraction for copying. It outlives a view,
 * so switching Rendered/Raw back and forth never re-highlights.
 */
import { chunkLine, startHighlight, splitLines, type HighlightJob, type TokenChunk, type TokenLine } from '../../render/highlight/index.js';
import type { QaLineRange } from '../../model/present.js';

/** Columns a tab advances to (matches the view's `tab-size`). */
export const TAB_SIZE = 4;

export class RawDocument {
  /** Every line, without line breaks. */
  readonly lines: string[];
  /** Lines shown: a final line break does not start an empty last line. */
  readonly count: number;
  /** The widest line, in columns (tabs expanded). */
  readonly columns: number;
  /** For each line, the chunk its tokens are in (index into `chunks`, -1: none yet). */
  private readonly where: Int32Array;
  private readonly chunks: TokenChunk[] = [];
  private readonly exact: Uint8Array;
  private readonly listeners = new Set<(from: number, to: number) => void>();
  private job: HighlightJob | null = null;
  private outcome: Promise<string> | null = null;

  constructor(
    readonly text: string,
    /** Shiki language id, or null for plain text. */
    readonly lang: string | null,
  ) {
    this.lines = splitLines(text);
    this.count = this.lines.length > 1 && this.lines[this.lines.length - 1] === '' ? this.lines.length - 1 : this.lines.length;
    let columns = 0;
    for (let i = 0; i < this.count; i += 1) {
      const line = this.lines[i]!;
      if (line.length * TAB_SIZE <= columns) continue;
      let tabs = 0;
      for (let j = line.indexOf('\t'); j !== -1; j = line.indexOf('\t', j + 1)) tabs += 1;
      columns = Math.max(columns, line.length + tabs * (TAB_SIZE - 1));
    }
    this.columns = columns;
    this.where = new Int32Array(this.count).fill(-1);
    this.exact = new Uint8Array(this.count);
  }

  /** Starts colouring (once), with `window` (0-based lines, end exclusive) first. Resolves with the job's outcome. */
  highlight(window: [number, number] | null): Promise<string> {
    if (this.outcome) return this.outcome;
    if (!this.lang || this.count === 0) return (this.outcome = Promise.resolve('unsupported'));
    this.job = startHighlight(this.text, this.lang, {
      window,
      onTokens: (chunk) => {
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
        if (last > chunk.from) for (const l of this.listeners) l(chunk.from, last);
      },
    });
    return (this.outcome = this.job.done);
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

  /** Stops colouring. */
  dispose(): void {
    this.job?.cancel();
    this.listeners.clear();
  }

  /** The text from (line, column) to (line, column), 0-based, end exclusive, lines joined with `\n`. */
  slice(fromLine: number, fromCol: number, toLine: number, toCol: number): string {
    if (toLine < fromLine || (toLine === fromLine && toCol <= fromCol)) return '';
    if (fromLine === toLine) return this.lines[fromLine]!.slice(fromCol, toCol);
    const out = [this.lines[fromLine]!.slice(fromCol)];
    for (let i = fromLine + 1; i < toLine && i < this.count; i += 1) out.push(this.lines[i]!);
    if (toLine < this.count) out.push(this.lines[toLine]!.slice(0, toCol));
    return out.join('\n');
  }

  /** The whole shown text. */
  all(): string {
    return this.lines.slice(0, this.count).join('\n');
  }

  /** True when 1-based `line` lies in one of `ranges`. */
  static inRanges(line: number, ranges: readonly QaLineRange[]): boolean {
    for (const r of ranges) if (line >= r.lineStart && line <= r.lineEnd) return true;
    return false;
  }
}
