/** Line splitting as every highlighted view counts lines: `\n` or `\r\n` ends a line (a lone `\r` does not). */

/** Splits text into lines the way every highlighted view counts them: `\n` or `\r\n` ends a line. */
export function splitLines(text: string): string[] {
  return text.split(/\r?\n/);
}

/**
 * Start offsets of every line of `text` (as `splitLines` cuts it), plus one
 * sentinel entry: `starts[count]` is `text.length + 1`, as if a line break
 * followed the last line. Built with `indexOf` over the text: a 2 MB file is
 * indexed in a few milliseconds without making a string per line. `widest`
 * is the largest distance between two starts (a line and its break), found
 * on the way: a view that needs its widest line does not loop again.
 */
export function lineStarts(text: string): { starts: Uint32Array; count: number; widest: number } {
  let starts = new Uint32Array(Math.max(16, (text.length >> 5) + 2));
  let count = 1;
  let widest = 0;
  let previous = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) {
    if (count + 1 >= starts.length) {
      const grown = new Uint32Array(starts.length * 2);
      grown.set(starts);
      starts = grown;
    }
    if (i + 1 - previous > widest) widest = i + 1 - previous;
    starts[count++] = previous = i + 1;
  }
  starts[count] = text.length + 1;
  if (text.length + 1 - previous > widest) widest = text.length + 1 - previous;
  return { starts: starts.subarray(0, count + 1), count, widest };
}

/** Where the lines of a text start, as `lineStarts` returns it. */
export interface LineIndex {
  readonly starts: Uint32Array;
  readonly count: number;
  /** The largest distance between two starts, when known. */
  readonly widest?: number;
}

/**
 * True when `index` has the shape of a line index of `text`: a typed array
 * of `count` starts and the sentinel, from 0 to one past the text's end. Its
 * lines are not looked at (a loop over them costs more than `lineStarts`).
 */
function fits(index: LineIndex, text: string): boolean {
  const { starts, count } = index;
  if (!(starts instanceof Uint32Array) || !Number.isSafeInteger(count) || count < 1 || starts.length !== count + 1) return false;
  return starts[0] === 0 && starts[count] === text.length + 1 && (count === 1 || text.charCodeAt(starts[count - 1]! - 1) === 10);
}

/** The lines of a text, cut one at a time from an index of where they start. */
export class TextLines {
  readonly count: number;
  private readonly starts: Uint32Array;
  private readonly widest: number | undefined;

  /**
   * `known`: the text's index, made already by the page's own `lineStarts`
   * (a worker is handed the one its raw view uses, so both cut the same
   * lines). One of the wrong shape is made again from the text.
   */
  constructor(
    readonly text: string,
    known?: LineIndex | null,
  ) {
    const { starts, count, widest } = known && fits(known, text) ? known : lineStarts(text);
    this.starts = starts;
    this.count = count;
    this.widest = Number.isSafeInteger(widest) ? widest : undefined;
  }

  /** Where the lines start (the array is the index's own: not to be changed). */
  get index(): LineIndex {
    return { starts: this.starts, count: this.count, widest: this.widest };
  }

  /** Offset just past the last character of line `n` (before its `\r\n` or `\n`). */
  end(n: number): number {
    const end = this.starts[n + 1]! - 1;
    return end > this.starts[n]! && end < this.text.length && this.text.charCodeAt(end - 1) === 13 ? end - 1 : end;
  }

  /** Length of the longest of the first `count` lines, line breaks not counted (`\r\n` counts its `\r`). */
  longest(count = this.count): number {
    const starts = this.starts;
    const n = Math.min(count, this.count);
    if (n <= 0) return 0;
    // All lines, or all but a last one that is empty (its distance is 1, the least there is): the index knows the widest.
    const whole = n === this.count || (n === this.count - 1 && starts[this.count]! - starts[n]! === 1);
    let max = 0;
    if (whole && this.widest !== undefined) max = this.widest;
    else {
      for (let i = 0; i < n; i += 1) {
        const w = starts[i + 1]! - starts[i]!;
        if (w > max) max = w;
      }
    }
    return Math.max(0, Math.min(max - 1, this.text.length));
  }

  /** Offset of the first character of line `n`. */
  start(n: number): number {
    return this.starts[n]!;
  }

  /** Line `n` (0-based), without its line break; '' outside the text. */
  line(n: number): string {
    if (n < 0 || n >= this.count) return '';
    return this.text.slice(this.starts[n]!, this.end(n));
  }
}
