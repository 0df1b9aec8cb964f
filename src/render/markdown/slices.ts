/**
 * Time slices of the main thread's work while a document goes in: a frame
 * rendered between slices, and a slice ended before a chunk that would
 * overrun it.
 */
import { afterNextPaint, sinceYield } from '../tasks.js';

/** Main-thread work per slice (ms) while the document is being inserted; the browser renders a frame between slices. */
export const SLICE_BUDGET_MS = 30;
/**
 * Time slices of main-thread work: `due(chars)` says whether work on
 * `chars` more characters of markup still fits the current slice, from the
 * cost per character measured so far (so a slice stops before a chunk that
 * would overrun it, not after; benchmark row "Markdown 1 MB: longest
 * main-thread task").
 */
export class Slices {
  private start = performance.now();
  private msPerChar = 0;
  private done = 0;

  /** Records that `chars` characters of markup took `ms`. */
  measured(chars: number, ms: number): void {
    if (chars <= 0) return;
    const rate = ms / chars;
    this.msPerChar = this.msPerChar === 0 ? rate : this.msPerChar * 0.7 + rate * 0.3;
    this.done += 1;
  }

  /** True when the next `chars` characters should wait for the next slice. */
  due(chars: number): boolean {
    // A slice always does some work, however slow the last chunks were.
    if (this.done === 0) return false;
    // The parser on the main thread may have yielded since the slice began (a new task started there).
    return Math.min(performance.now() - this.start, sinceYield()) + chars * this.msPerChar > SLICE_BUDGET_MS;
  }

  /** Lets the browser render a frame (or take a turn, when hidden) and starts a new slice. */
  async next(): Promise<void> {
    await afterNextPaint();
    this.restart();
  }

  /** Starts a new slice now (after a frame the caller waited for itself). */
  restart(): void {
    this.start = performance.now();
    this.done = 0;
  }
}
