/**
 * What find searches and marks: the raw view's file (its rows in the DOM
 * marked again whenever they change) or the rendered document's text (blocks
 * apart, matches mapped back to its text nodes), and scrolling a match into
 * view.
 */
import { lineOffsets, matchesInLine, type FindMatch, type TextSearch } from '../../model/find.js';
import { FindMarks } from './find-marks.js';
import type { RawView } from './raw-view.js';
import { blockForLine } from './rendered-lines.js';

/** Most matches marked at once in Rendered (all are counted and reachable; ranges beyond this are not painted). */
const RENDERED_MARK_CAP = 20_000;
/** Room kept between a revealed match and the scroller's edges (px). */
const REVEAL_MARGIN = 24;

/**
 * The DOM point of column `col` of a raw row: the text nodes in order, each
 * marker that stands for a hidden character counted as the characters it
 * stands for (a column inside one falls before it).
 */
function pointInRow(row: HTMLElement, col: number): [Node, number] {
  let at = 0;
  let last: [Node, number] = [row, row.childNodes.length];
  const walk = (node: Node): [Node, number] | null => {
    for (const child of Array.from(node.childNodes)) {
      if (child instanceof HTMLElement && child.classList.contains('bidi')) {
        const units = Number(child.dataset.units ?? 1);
        if (col < at + units) return [node, Array.prototype.indexOf.call(node.childNodes, child) as number];
        at += units;
        last = [node, (Array.prototype.indexOf.call(node.childNodes, child) as number) + 1];
        continue;
      }
      if (child.nodeType === Node.TEXT_NODE) {
        const len = (child as Text).data.length;
        if (col <= at + len) return [child, col - at];
        at += len;
        last = [child, len];
        continue;
      }
      const inner = walk(child);
      if (inner) return inner;
    }
    return null;
  };
  return walk(row) ?? last;
}

function rowRange(row: HTMLElement, col: number, length: number): StaticRange {
  const [sc, so] = pointInRow(row, col);
  const [ec, eo] = pointInRow(row, col + length);
  return new StaticRange({ startContainer: sc, startOffset: so, endContainer: ec, endOffset: eo });
}

function liveRange(r: AbstractRange): Range {
  const range = new Range();
  range.setStart(r.startContainer, r.startOffset);
  range.setEnd(r.endContainer, r.endOffset);
  return range;
}

/** Scrolls `scroller` (and a scrolling code block inside it) the least that shows `range` with some room. */
function revealRange(scroller: HTMLElement, range: Range, insetStart = 0): void {
  const box = scroller.getBoundingClientRect();
  let rect = range.getBoundingClientRect();
  if (rect.top < box.top + REVEAL_MARGIN || rect.bottom > box.bottom - REVEAL_MARGIN) {
    scroller.scrollTop += rect.top - box.top - Math.max(REVEAL_MARGIN, box.height / 3);
    rect = range.getBoundingClientRect();
  }
  const el = range.startContainer.parentElement;
  const inner = el?.closest('pre');
  const across = inner && scroller.contains(inner) && inner.scrollWidth > inner.clientWidth ? inner : scroller;
  const abox = across === scroller ? box : across.getBoundingClientRect();
  const left = abox.left + insetStart + REVEAL_MARGIN;
  const right = abox.right - REVEAL_MARGIN;
  // Sideways only as far as needed (a match past the edge; the line's start stays in view when the match fits with it).
  if (rect.left < left) across.scrollLeft -= left - rect.left;
  else if (rect.right > right) across.scrollLeft += rect.right - right;
}

/** What the find bar searches: the raw view's file or the rendered document's text. */
export interface FindTarget {
  readonly kind: 'raw' | 'rendered';
  /** What is searched. */
  readonly text: string;
  readonly starts: Uint32Array;
  /** Lines of the file (for go to line). */
  readonly lines: number;
  /** Offset in `text` where the reader is (the first match at or after it becomes current). */
  startOffset(): number;
  /** Marks the matches on screen and the current one (null search: none). */
  show(search: TextSearch | null, current: FindMatch | null): void;
  /** Scrolls so that the match is in view. */
  reveal(match: FindMatch): void;
  /** Goes to 1-based `line`; returns the element to focus. */
  goToLine(line: number): HTMLElement;
  /** Where focus goes when the bar closes and nothing was focused before it opened. */
  readonly focusTarget: HTMLElement;
  detach(): void;
}

/** Find in the raw view: the file's text; the rows in the DOM are marked again whenever they change. */
export class RawFindTarget implements FindTarget {
  readonly kind = 'raw';
  readonly text: string;
  readonly starts: Uint32Array;
  readonly lines: number;
  private readonly marks = new FindMarks();
  private search: TextSearch | null = null;
  private current: FindMatch | null = null;

  constructor(readonly view: RawView) {
    this.text = view.doc.text;
    this.starts = lineOffsets(this.text);
    this.lines = view.doc.count;
  }

  startOffset(): number {
    const [first] = this.view.visible();
    const line = this.view.lineInView(first + 1) ? first : first + 1;
    return this.starts[Math.min(line, this.starts.length - 1)] ?? 0;
  }

  show(search: TextSearch | null, current: FindMatch | null): void {
    // The marks on screen depend on the query and the current match only, not on how far the count has come.
    const same = search === this.search && (current?.offset ?? -1) === (this.current?.offset ?? -1);
    this.search = search;
    this.current = current;
    this.view.onPaint = search ? () => this.paintRows() : null;
    if (!same) this.paintRows();
    this.view.ruler?.setMatches(search && search.count ? () => search.matchLines() : null, current ? current.line : -1);
  }

  /** Marks the matches of the rows in the DOM. */
  private paintRows(): void {
    const pattern = this.search?.pattern;
    if (!pattern) {
      this.marks.clear();
      return;
    }
    const ranges: AbstractRange[] = [];
    let current: AbstractRange | null = null;
    const cur = this.current;
    for (const [n, row] of this.view.shownRows) {
      for (const [col, len] of matchesInLine(this.view.doc.line(n), pattern)) {
        const r = rowRange(row, col, len);
        if (cur && cur.line === n && cur.col === col) current = r;
        else ranges.push(r);
      }
    }
    this.marks.set(ranges, current);
  }

  get focusTarget(): HTMLElement {
    return this.view.scroller;
  }

  reveal(match: FindMatch): void {
    this.view.revealLine(match.line + 1);
    const row = this.view.shownRows.get(match.line);
    if (!row) return;
    const gutter = this.view.scroller.querySelector<HTMLElement>('.raw-gutter');
    revealRange(this.view.scroller, liveRange(rowRange(row, match.col, match.length)), gutter?.offsetWidth ?? 0);
  }

  goToLine(line: number): HTMLElement {
    this.view.goToLine(line);
    return this.view.scroller;
  }

  detach(): void {
    this.view.onPaint = null;
    this.view.ruler?.setMatches(null);
    this.marks.clear();
  }
}

/** Elements that flow inside a block: their text joins the text around them. */
const INLINE = new Set([
  'a',
  'abbr',
  'b',
  'bdi',
  'bdo',
  'cite',
  'code',
  'data',
  'del',
  'dfn',
  'em',
  'i',
  'ins',
  'kbd',
  'mark',
  'q',
  's',
  'samp',
  'small',
  'span',
  'strong',
  'sub',
  'sup',
  'time',
  'u',
  'var',
  'label',
]);
/** Text never searched in Rendered: controls and what is hidden from readers. */
const SKIP = 'button, script, style, template, [aria-hidden="true"], [hidden]';

/** Find in the rendered document: its text (blocks apart), matches mapped back to the text nodes. */
export class RenderedFindTarget implements FindTarget {
  readonly kind = 'rendered';
  readonly text: string;
  readonly starts: Uint32Array;
  private readonly nodes: Text[] = [];
  private readonly at: number[] = [];
  private readonly marks = new FindMarks();
  private made = 0;
  private search: TextSearch | null = null;

  constructor(
    readonly root: HTMLElement,
    readonly scroller: HTMLElement,
    readonly lines: number,
    private readonly scrollToBlock: (block: HTMLElement) => void,
  ) {
    const parts: string[] = [];
    let length = 0;
    let block: Element | null = null;
    const walker = root.ownerDocument.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
      const parent = node.parentElement;
      if (!parent || !node.data || parent.closest(SKIP)) continue;
      let b: Element | null = parent;
      while (b && b !== root && INLINE.has(b.localName)) b = b.parentElement;
      if (block !== null && b !== block) {
        // Text of different blocks never forms one match.
        parts.push('\n');
        length += 1;
      }
      block = b;
      this.nodes.push(node);
      this.at.push(length);
      parts.push(node.data);
      length += node.data.length;
    }
    this.text = parts.join('');
    this.starts = lineOffsets(this.text);
  }

  /** The DOM point of an offset of the text. */
  private point(offset: number): [Node, number] {
    let lo = 0;
    let hi = this.at.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.at[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    const node = this.nodes[lo]!;
    return [node, Math.min(node.data.length, Math.max(0, offset - this.at[lo]!))];
  }

  private range(offset: number, length: number): StaticRange {
    const [sc, so] = this.point(offset);
    const [ec, eo] = this.point(offset + length);
    return new StaticRange({ startContainer: sc, startOffset: so, endContainer: ec, endOffset: eo });
  }

  startOffset(): number {
    if (this.scroller.scrollTop <= 0 || !this.nodes.length) return 0;
    const top = this.scroller.getBoundingClientRect().top;
    // The first text node whose box ends below the top edge, by bisection (they run down the page in order).
    let lo = 0;
    let hi = this.nodes.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const r = this.nodes[mid]!.parentElement!.getBoundingClientRect();
      if (r.bottom <= top) lo = mid + 1;
      else hi = mid;
    }
    return lo < this.nodes.length ? this.at[lo]! : this.text.length;
  }

  show(search: TextSearch | null, current: FindMatch | null): void {
    if (search !== this.search) {
      this.marks.clear();
      this.made = 0;
      this.search = search;
    }
    if (!search) return;
    const upto = Math.min(search.count, RENDERED_MARK_CAP);
    const fresh: AbstractRange[] = [];
    for (; this.made < upto; this.made += 1) {
      const m = search.match(this.made)!;
      fresh.push(this.range(m.offset, m.length));
    }
    this.marks.add(fresh);
    this.marks.setCurrent(current ? this.range(current.offset, current.length) : null);
  }

  get focusTarget(): HTMLElement {
    return this.scroller;
  }

  reveal(match: FindMatch): void {
    revealRange(this.scroller, liveRange(this.range(match.offset, match.length)));
  }

  goToLine(line: number): HTMLElement {
    const block = blockForLine(this.root, line);
    if (block) {
      this.scrollToBlock(block);
      // The same block again: its animation starts over; else the attribute starts it.
      if (block.hasAttribute('data-qa-flash')) for (const a of block.getAnimations?.() ?? []) a.currentTime = 0;
      block.setAttribute('data-qa-flash', '');
      block.addEventListener('animationend', () => block.removeAttribute('data-qa-flash'), { once: true });
    }
    return this.scroller;
  }

  detach(): void {
    this.marks.clear();
    this.search = null;
    this.made = 0;
  }
}
