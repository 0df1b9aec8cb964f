/**
 * Where a DOM selection falls in the raw view's document: the composed
 * range of the selection (also inside a shadow root), and the line and
 * column of its ends, each marker that stands for a hidden character counted
 * as that character, so copying yields the real text.
 */
import type { RawDocument } from './raw-document.js';

/** A place in the document: 0-based line and column (UTF-16 units). */
export interface Position {
  line: number;
  col: number;
}

/** The parts of a raw view a position is read from: the scroller, the sizer (gutter, then the rows in line order), the gutter, the document. */
export interface RawParts {
  readonly scroller: HTMLElement;
  readonly sizer: HTMLElement;
  readonly gutter: HTMLElement;
  readonly doc: RawDocument;
}

/** The selection's range as this view's shadow root sees it, or null. */
export function composedRange(scroller: HTMLElement): StaticRange | Range | null {
  const root = scroller.getRootNode();
  const sel = scroller.ownerDocument.getSelection();
  if (!sel || sel.rangeCount === 0) return null;
  const withComposed = sel as Selection & { getComposedRanges?: (o: { shadowRoots: ShadowRoot[] }) => StaticRange[] };
  if (typeof withComposed.getComposedRanges === 'function' && root instanceof ShadowRoot) {
    return withComposed.getComposedRanges({ shadowRoots: [root] })[0] ?? null;
  }
  const own = root instanceof ShadowRoot ? (root as ShadowRoot & { getSelection?: () => Selection | null }).getSelection?.() : null;
  const s = own ?? sel;
  return s.rangeCount ? s.getRangeAt(0) : null;
}

/**
 * The column in the line's text of a DOM boundary inside `row`: the length
 * of the row's text before it, with each direction marker counted as the
 * one character it stands for (a boundary inside a marker falls before it).
 */
function column(row: HTMLElement, node: Node, offset: number): number {
  const doc = row.ownerDocument;
  const r = doc.createRange();
  r.setStart(row, 0);
  r.setEnd(node, offset);
  let col = r.toString().length;
  if (!row.classList.contains('has-bidi')) return col;
  for (const m of Array.from(row.querySelectorAll<HTMLElement>('.bidi'))) {
    const shown = m.textContent?.length ?? 0;
    // A marker stands for one character: one UTF-16 unit, or two (a tag character).
    const units = Number(m.dataset.units ?? 1);
    if (r.comparePoint(m, m.childNodes.length) === 0) col -= shown - units;
    else if (r.comparePoint(m, 0) === 0) {
      const part = doc.createRange();
      part.setStart(m, 0);
      part.setEnd(node, offset);
      const inside = part.toString().length;
      col -= inside === shown ? shown - units : inside;
    }
  }
  return col;
}

/** Where a DOM boundary falls in the document, or null when outside the view. `edge` says which end it is. */
export function positionIn(view: RawParts, node: Node, offset: number, edge: 'start' | 'end'): Position | null {
  const { scroller, sizer, gutter, doc } = view;
  if (!scroller.contains(node)) {
    // A selection that starts before or ends after the view covers its edge.
    const rel = scroller.compareDocumentPosition(node);
    if (rel & Node.DOCUMENT_POSITION_PRECEDING) return edge === 'start' ? { line: 0, col: 0 } : null;
    if (rel & Node.DOCUMENT_POSITION_FOLLOWING) return edge === 'end' ? { line: doc.count - 1, col: doc.lineLength(doc.count - 1) } : null;
    return null;
  }
  if (node === scroller || node === sizer) {
    // The sizer holds the gutter, then the rows in line order.
    const kids = sizer.children;
    const i = node === scroller ? (offset === 0 ? 1 : kids.length) : Math.max(1, offset);
    const row = kids[i] as HTMLElement | undefined;
    if (row) return { line: Number(row.dataset.n) - 1, col: 0 };
    const last = kids.length > 1 ? (kids[kids.length - 1] as HTMLElement) : undefined;
    const n = last ? Number(last.dataset.n) - 1 : 0;
    return { line: n, col: doc.lineLength(n) };
  }
  // The gutter holds no text (its numbers are generated content).
  if (gutter.contains(node)) return null;
  let row: Node | null = node;
  while (row && !(row instanceof HTMLElement && row.classList.contains('ln'))) row = row.parentNode;
  if (!row) return null;
  return { line: Number((row as HTMLElement).dataset.n) - 1, col: column(row as HTMLElement, node, offset) };
}
