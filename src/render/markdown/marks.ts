/**
 * Block marking: the rendered blocks whose source lines overlap the
 * referenced ranges get `data-qa-marked`. Granularity is the block, never
 * the line: a paragraph that contains one referenced line is marked whole.
 */

/** A 1-based, inclusive line range. */
export interface LineRange {
  lineStart: number;
  lineEnd: number;
}

const MARK = 'data-qa-marked';
const CURRENT = 'data-qa-current';
const ROW_GROUPS = new Set(['thead', 'tbody', 'tfoot']);

function spanOf(el: Element): [number, number] | null {
  const v = el.getAttribute('data-qa-line');
  if (!v) return null;
  const dash = v.indexOf('-');
  const a = Number(v.slice(0, dash));
  const b = Number(v.slice(dash + 1));
  return Number.isFinite(a) && Number.isFinite(b) ? [a, b] : null;
}

/** Removes every mark under `root`. */
export function clearMarks(root: Element): void {
  for (const el of Array.from(root.querySelectorAll(`[${MARK}], [${CURRENT}]`))) {
    el.removeAttribute(MARK);
    el.removeAttribute(CURRENT);
  }
}

/**
 * Marks, under `root`, the blocks that overlap `ranges`: a block wholly
 * inside a range is marked as one; otherwise the innermost overlapping
 * blocks are. Raw HTML elements (their line span covers only their opening
 * lines) are never marked whole. Returns the marked blocks in document order.
 */
export function markWithin(root: Element, ranges: readonly LineRange[]): HTMLElement[] {
  const marked: HTMLElement[] = [];
  const visit = (el: Element): boolean => {
    // Row groups are not marked themselves (rows are), so the tint reads per row.
    const span = ROW_GROUPS.has(el.localName) ? null : spanOf(el);
    const overlaps = span !== null && ranges.some((r) => span[0] <= r.lineEnd && r.lineStart <= span[1]);
    const fromHtml = el.hasAttribute('data-qa-html');
    if (overlaps && !fromHtml && ranges.some((r) => r.lineStart <= span![0] && span![1] <= r.lineEnd)) {
      el.setAttribute(MARK, '');
      marked.push(el as HTMLElement);
      return true;
    }
    const before = marked.length;
    let inside = false;
    for (const child of Array.from(el.children)) inside = visit(child) || inside;
    if (overlaps && !inside) {
      el.setAttribute(MARK, '');
      marked.splice(before, 0, el as HTMLElement);
      return true;
    }
    return inside || overlaps;
  };
  for (const child of Array.from(root.children)) visit(child);
  return marked;
}

/** (Re)marks blocks whose source-line span overlaps `ranges` (attribute `data-qa-marked`), returns the first marked block or null. */
export function markBlocks(container: HTMLElement, ranges: ReadonlyArray<{ lineStart: number; lineEnd: number }>): HTMLElement | null {
  clearMarks(container);
  const valid: LineRange[] = ranges.filter((r) => Number.isFinite(r.lineStart) && Number.isFinite(r.lineEnd));
  if (!valid.length) return null;
  return markWithin(container, valid)[0] ?? null;
}

/**
 * (Re)marks the blocks of every range and, among them, the blocks of
 * `ranges[current]` as current (`data-qa-current`). Returns the current
 * range's blocks in document order (empty when it overlaps no block).
 */
export function markRanges(container: HTMLElement, ranges: ReadonlyArray<{ lineStart: number; lineEnd: number }>, current: number): HTMLElement[] {
  clearMarks(container);
  const valid: LineRange[] = ranges.filter((r) => Number.isFinite(r.lineStart) && Number.isFinite(r.lineEnd));
  if (!valid.length) return [];
  const cur = ranges[current];
  const blocks = cur && valid.includes(cur) ? markWithin(container, [cur]) : [];
  for (const b of blocks) b.setAttribute(CURRENT, '');
  markWithin(container, valid);
  return blocks;
}

/** A run of marked blocks drawn as one band: the range it stands for (touching ranges merged) and whether it holds the current range. */
export interface MarkRun {
  range: LineRange;
  current: boolean;
  blocks: HTMLElement[];
}

/**
 * The runs of marked blocks, one per range once overlapping or touching
 * ranges are merged, in document order. Each run lists the blocks of its
 * ranges (as `markRanges` marks them). Call after `markRanges`.
 */
export function markRuns(container: HTMLElement, ranges: ReadonlyArray<{ lineStart: number; lineEnd: number }>, current: number): MarkRun[] {
  const valid = ranges
    .map((r, i) => ({ lineStart: Math.min(r.lineStart, r.lineEnd), lineEnd: Math.max(r.lineStart, r.lineEnd), current: i === current }))
    .filter((r) => Number.isFinite(r.lineStart) && Number.isFinite(r.lineEnd))
    .sort((a, b) => a.lineStart - b.lineStart);
  const merged: Array<{ lineStart: number; lineEnd: number; current: boolean }> = [];
  for (const r of valid) {
    const last = merged[merged.length - 1];
    if (last && r.lineStart <= last.lineEnd + 1) {
      last.lineEnd = Math.max(last.lineEnd, r.lineEnd);
      last.current ||= r.current;
    } else merged.push({ ...r });
  }
  // The outermost marked blocks (a marked block inside another is covered by it), in document order.
  const marked = Array.from(container.querySelectorAll<HTMLElement>(`[${MARK}]`)).filter((el) => !el.parentElement?.closest(`[${MARK}]`));
  const runs: MarkRun[] = [];
  for (const m of merged) {
    const range = { lineStart: m.lineStart, lineEnd: m.lineEnd };
    const blocks = marked.filter((b) => {
      // A marked row group's rows, or a block without a span of its own, count by their nearest span.
      const span = spanOf(b) ?? spanOf(b.closest('[data-qa-line]') ?? b);
      return !!span && span[0] <= range.lineEnd && range.lineStart <= span[1] && b.getClientRects().length > 0;
    });
    if (blocks.length) runs.push({ range, current: m.current, blocks });
  }
  return runs;
}

/** Room the band leaves above and below its blocks (px): half the usual gap between blocks, so it never reaches the next one. */
const BAND_PAD = 6;
/** Bands lower than this (px) are labelled with the line numbers alone. */
const SHORT_BAND_PX = 84;

/**
 * Draws one band per run into `layer` (an element positioned over the same
 * box as `container`'s scroll content, behind it): from the top of the
 * run's first block to the bottom of its last, across the whole text
 * column, so the text inside never moves and blocks keep their own look.
 * Each band carries its label (`lines 27–36`, or `27–36` on a short band) as `data-label`, shown by the
 * styles in the margin; the layer is hidden from assistive technology (the
 * ranges bar says the same in words). Geometry is set through the CSSOM (no
 * inline style attributes: strict CSP).
 */
export function drawBands(layer: HTMLElement, runs: readonly MarkRun[], label: (r: LineRange, short: boolean) => string): void {
  const doc = layer.ownerDocument;
  const origin = layer.getBoundingClientRect().top;
  const bands = runs.map((run) => {
    let top = Infinity;
    let bottom = -Infinity;
    for (const b of run.blocks) {
      const r = b.getBoundingClientRect();
      top = Math.min(top, r.top);
      bottom = Math.max(bottom, r.bottom);
    }
    const band = doc.createElement('div');
    band.className = 'qa-band';
    if (run.current) band.setAttribute('data-current', '');
    // A short band has room for the numbers only.
    band.dataset.label = label(run.range, bottom - top + 2 * BAND_PAD < SHORT_BAND_PX);
    band.dataset.lines = `${run.range.lineStart}-${run.range.lineEnd}`;
    band.style.setProperty('top', `${Math.round(top - origin - BAND_PAD)}px`);
    band.style.setProperty('height', `${Math.round(bottom - top + 2 * BAND_PAD)}px`);
    return band;
  });
  layer.replaceChildren(...bands);
}
