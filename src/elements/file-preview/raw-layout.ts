/**
 * Where the raw view's rows lie: fixed lines of `LINE_HEIGHT`, or with
 * wrapping, rows as tall as their text needs in whole lines, estimated from
 * each line's length and the characters that fit a row and corrected by the
 * heights rows have once laid out. Pure: no DOM.
 */

/** Height of one line, in CSS pixels (the styles use the same value). */
export const LINE_HEIGHT = 20;

export class RowLayout {
  /**
   * With wrapping: where each 0-based line starts (px), `count + 1` entries.
   * Null without.
   */
  private tops: Float64Array | null = null;
  /** With wrapping: the visual rows of lines whose laid-out height differs from the estimate (wide characters, tabs, markers). */
  private readonly measured = new Map<number, number>();

  constructor(
    /** Number of lines. */
    private readonly count: number,
    /** The length of 0-based line `n`, in characters. */
    private readonly lineLength: (n: number) => number,
  ) {}

  /** Rows wrap (their heights vary). */
  get wrapped(): boolean {
    return this.tops !== null;
  }

  /** Fixed rows of one line each. Returns the height of all rows (px). */
  fixed(): number {
    this.tops = null;
    return Math.max(1, this.count) * LINE_HEIGHT;
  }

  /** Wrapped rows, `columns` characters to a row. Returns the height of all rows (px). */
  wrap(columns: number): number {
    const n = this.count;
    const tops = new Float64Array(n + 1);
    let y = 0;
    for (let i = 0; i < n; i += 1) {
      tops[i] = y;
      y += (this.measured.get(i) ?? Math.max(1, Math.ceil(this.lineLength(i) / columns))) * LINE_HEIGHT;
    }
    tops[n] = y;
    this.tops = tops;
    return Math.max(LINE_HEIGHT, y);
  }

  /** Forgets the measured heights (another width, or wrapping turned on or off). */
  forget(): void {
    this.measured.clear();
  }

  /** Takes the laid-out height of line `n`'s row (px); true when it differs from the layout (then `wrap` again). */
  measure(n: number, height: number): boolean {
    const rows = Math.max(1, Math.round(height / LINE_HEIGHT));
    if (rows * LINE_HEIGHT === this.heightOf(n)) return false;
    this.measured.set(n, rows);
    return true;
  }

  /** Where 0-based line `n` starts (px). */
  topOf(n: number): number {
    const t = this.tops;
    if (!t) return n * LINE_HEIGHT;
    return t[Math.max(0, Math.min(n, t.length - 1))]!;
  }

  /** The height of 0-based line `n`'s row (px). */
  heightOf(n: number): number {
    return this.topOf(n + 1) - this.topOf(n);
  }

  /** The 0-based line whose row holds height `y`. */
  lineAtY(y: number): number {
    const t = this.tops;
    if (!t) return Math.floor(y / LINE_HEIGHT);
    let lo = 0;
    let hi = this.count - 1;
    if (hi < 0) return 0;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (t[mid]! <= y) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }
}
