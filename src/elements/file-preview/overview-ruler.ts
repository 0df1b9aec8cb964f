/**
 * The overview ruler beside the raw view's scroll track: where in the whole
 * file every cited range (yellow), find match and the current match lie,
 * one strip from the first line to the last. A click scrolls the view to
 * that place. Its DOM stays small whatever the file: matches are drawn per
 * slot of the strip (at most `SLOTS` marks), not one per match.
 */
import type { QaLineRange } from '../../model/display.js';

/** Slots the strip is cut into for matches: a mark per slot that holds any. */
export const SLOTS = 160;

export class OverviewRuler {
  private ranges: readonly QaLineRange[] = [];
  private current = -1;
  private matchLines: ArrayLike<number> | (() => ArrayLike<number>) | null = null;
  private currentMatch = -1;
  private frame = 0;

  constructor(
    readonly el: HTMLElement,
    private readonly lines: number,
    onPick: (line: number) => void,
  ) {
    el.classList.add('ruler');
    el.setAttribute('aria-hidden', 'true');
    el.replaceChildren();
    el.addEventListener('pointerdown', (e) => {
      if (e.button !== 0 || this.lines < 1) return;
      e.preventDefault();
      const box = el.getBoundingClientRect();
      const at = box.height > 0 ? (e.clientY - box.top) / box.height : 0;
      onPick(Math.max(1, Math.min(this.lines, Math.floor(at * this.lines) + 1)));
    });
  }

  /** The cited ranges (1-based, inclusive) and the index of the current one. */
  setRanges(ranges: readonly QaLineRange[], current: number): void {
    this.ranges = ranges;
    this.current = current;
    this.schedule();
  }

  /**
   * The 0-based lines of the find matches (in order), or a function that
   * gives them when the ruler draws (at most once a frame, however often
   * this is called), and the current match's line (-1: none); null clears them.
   */
  setMatches(lines: ArrayLike<number> | (() => ArrayLike<number>) | null, currentLine = -1): void {
    this.matchLines = lines;
    this.currentMatch = currentLine;
    this.schedule();
  }

  /** Number of marks drawn (ranges, match slots, the current match). */
  get marks(): number {
    return this.el.childElementCount;
  }

  /** Draws now (normally done once per frame). */
  draw(): void {
    cancelAnimationFrame(this.frame);
    this.frame = 0;
    const doc = this.el.ownerDocument;
    const n = Math.max(1, this.lines);
    const pct = (v: number) => `${Math.min(100, Math.max(0, (v / n) * 100)).toFixed(3)}%`;
    const marks: HTMLElement[] = [];
    const mark = (cls: string, from: number, to: number) => {
      const m = doc.createElement('div');
      m.className = cls;
      m.style.setProperty('top', pct(from));
      m.style.setProperty('height', `max(3px, ${pct(to - from)})`);
      marks.push(m);
    };
    this.ranges.forEach((r, i) => mark(i === this.current && this.ranges.length > 1 ? 'mark range cur' : 'mark range', r.lineStart - 1, r.lineEnd));
    const lines = typeof this.matchLines === 'function' ? this.matchLines() : this.matchLines;
    if (lines && lines.length) {
      // One short tick per slot that holds a match (never merged), so dense matches read as a hatched strip.
      const slots = new Uint8Array(SLOTS);
      for (let i = 0; i < lines.length; i += 1) slots[Math.min(SLOTS - 1, Math.floor((lines[i]! / n) * SLOTS))] = 1;
      for (let s = 0; s < SLOTS; s += 1) {
        if (!slots[s]) continue;
        const m = doc.createElement('div');
        m.className = 'mark match';
        m.style.setProperty('top', `${((s / SLOTS) * 100).toFixed(3)}%`);
        marks.push(m);
      }
    }
    if (this.currentMatch >= 0) mark('mark match cur', this.currentMatch, this.currentMatch + 1);
    this.el.replaceChildren(...marks);
  }

  destroy(): void {
    cancelAnimationFrame(this.frame);
    this.el.replaceChildren();
  }

  private schedule(): void {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => this.draw());
  }
}
