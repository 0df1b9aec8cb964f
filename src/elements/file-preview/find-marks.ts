/**
 * The find marks: ranges in the page's shared CSS Custom Highlights
 * (`qa-find`, `qa-find-current`), painted over the text without touching the
 * DOM, so syntax colours, copy and the virtualized rows stay as they are.
 * Each preview adds and removes only its own ranges.
 */

/** Names of the highlights in the page's registry (shared by every preview; each adds and removes its own ranges). */
export const FIND_HIGHLIGHT = 'qa-find';
export const FIND_CURRENT_HIGHLIGHT = 'qa-find-current';

function sharedHighlight(name: string, priority: number): Highlight | null {
  const registry = globalThis.CSS?.highlights;
  if (!registry || typeof Highlight !== 'function') return null;
  let h = registry.get(name);
  if (!h) {
    h = new Highlight();
    h.priority = priority;
    registry.set(name, h);
  }
  return h;
}

/** One preview's find marks in the shared highlights. */
export class FindMarks {
  private mine: AbstractRange[] = [];
  private cur: AbstractRange | null = null;

  /** Replaces this preview's match marks (and the current one). */
  set(ranges: AbstractRange[], current: AbstractRange | null): void {
    this.clearMatches();
    this.add(ranges);
    this.setCurrent(current);
  }

  /** Adds match marks. */
  add(ranges: AbstractRange[]): void {
    const all = sharedHighlight(FIND_HIGHLIGHT, 1);
    if (!all) return;
    for (const r of ranges) all.add(r);
    this.mine.push(...ranges);
  }

  /** Replaces the current match's mark. */
  setCurrent(range: AbstractRange | null): void {
    const cur = sharedHighlight(FIND_CURRENT_HIGHLIGHT, 2);
    if (!cur) return;
    if (this.cur) cur.delete(this.cur);
    this.cur = range;
    if (range) cur.add(range);
  }

  /** Number of match marks of this preview (the current one not counted). */
  get size(): number {
    return this.mine.length;
  }

  clear(): void {
    this.clearMatches();
    this.setCurrent(null);
  }

  private clearMatches(): void {
    const all = sharedHighlight(FIND_HIGHLIGHT, 1);
    if (all) for (const r of this.mine) all.delete(r);
    this.mine = [];
  }
}
