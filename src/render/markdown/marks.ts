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
