/**
 * Find and go to line in the preview: the find bar (query, `3 of 17`,
 * previous / next, match case, whole word, close), the search over the
 * whole file text in slices (Raw: the file; Rendered: the rendered text),
 * and the marking of matches with the CSS Custom Highlight API — ranges
 * painted over the text without touching the DOM, so syntax colours, copy
 * and the virtualized rows stay as they are. `:123` in the field goes to
 * a line.
 */
import { html, nothing, type ReactiveController, type ReactiveControllerHost, type TemplateResult } from 'lit';
import { createRef, ref } from 'lit/directives/ref.js';
import { TextSearch, isGoToQuery, lineOffsets, matchesInLine, parseGoToLine, type FindMatch } from '../../model/find.js';
import type { QaLineRange } from '../../model/display.js';
import type { QaTerms } from '../../i18n/types.js';
import { icons, previewIcons } from '../shared/icons.js';
import { keysOf, withKey } from './keys.js';
import type { RawView } from './raw-view.js';

type Translate = <K extends keyof QaTerms>(key: K, params?: Record<string, string | number>) => string;

/** Names of the highlights in the page's registry (shared by every preview; each adds and removes its own ranges). */
export const FIND_HIGHLIGHT = 'qa-find';
export const FIND_CURRENT_HIGHLIGHT = 'qa-find-current';
/** The first slice of a search, run in the keystroke's own task so the first results show at once. */
const FIRST_SLICE_MS = 12;
/** Later slices, between which input and painting get their turn. */
const SLICE_MS = 10;
/** Most matches marked at once in Rendered (all are counted and reachable; ranges beyond this are not painted). */
const RENDERED_MARK_CAP = 20_000;
/** Room kept between a revealed match and the scroller's edges (px). */
const REVEAL_MARGIN = 24;

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

/** The 1-based line span `[a, b]` a rendered block carries (`data-qa-line="a-b"`), or null. */
function lineSpan(el: Element): [number, number] | null {
  const m = /^(\d+)-(\d+)$/.exec(el.getAttribute('data-qa-line') ?? '');
  return m ? [Number(m[1]), Number(m[2])] : null;
}

/** The innermost rendered block whose lines hold 1-based `line`, else the first block after it, else the last block. */
export function blockForLine(root: HTMLElement, line: number): HTMLElement | null {
  let best: HTMLElement | null = null;
  let bestSize = Infinity;
  let after: HTMLElement | null = null;
  let last: HTMLElement | null = null;
  for (const el of Array.from(root.querySelectorAll<HTMLElement>('[data-qa-line]'))) {
    const span = lineSpan(el);
    if (!span || el.localName === 'thead' || el.localName === 'tbody') continue;
    last = el;
    if (span[0] <= line && line <= span[1] && span[1] - span[0] <= bestSize) {
      best = el;
      bestSize = span[1] - span[0];
    }
    if (!after && span[0] > line) after = el;
  }
  return best ?? after ?? last;
}

/**
 * Marks (`data-qa-selected`) the outermost rendered blocks that overlap the
 * lines of `range` (a `#L10-L20` link opened in Rendered) and returns them in
 * document order; null clears the marks.
 */
export function selectRenderedLines(root: HTMLElement, range: QaLineRange | null): HTMLElement[] {
  for (const el of Array.from(root.querySelectorAll('[data-qa-selected]'))) el.removeAttribute('data-qa-selected');
  if (!range) return [];
  const out: HTMLElement[] = [];
  for (const el of Array.from(root.querySelectorAll<HTMLElement>('[data-qa-line]'))) {
    const span = lineSpan(el);
    if (!span || span[0] > range.lineEnd || span[1] < range.lineStart) continue;
    if (out.some((o) => o.contains(el))) continue;
    el.setAttribute('data-qa-selected', '');
    out.push(el);
  }
  return out;
}

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

/** Where the find bar looks: the raw view, or the rendered document once it is done; null while neither is ready. */
export type FindSource =
  | { kind: 'raw'; view: RawView }
  | { kind: 'rendered'; root: HTMLElement; scroller: HTMLElement; lines: number; scrollToBlock: (block: HTMLElement) => void }
  | null;

/** The focused element inside `root`, through nested shadow roots. */
function activeIn(root: Document | ShadowRoot | null): HTMLElement | null {
  let el = root?.activeElement ?? null;
  while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
  return el instanceof HTMLElement ? el : null;
}

/**
 * The preview's find: state, the running search, and the bar's template.
 * The element gives it the source to search (`source()`), renders
 * `renderBar()` below its header, and calls `retarget()` after an update
 * (the mode or the document may have changed).
 */
export class PreviewFind implements ReactiveController {
  /** The bar is open. */
  isOpen = false;
  query = '';
  caseSensitive = false;
  wholeWord = false;
  /** The search of the current query, or null (empty query, `:123`, nothing to search yet). */
  search: TextSearch | null = null;
  /** Index of the current match, or -1. */
  index = -1;
  private target: FindTarget | null = null;
  private targetKey: unknown = null;
  private abort: AbortController | null = null;
  private returnTo: HTMLElement | null = null;
  private readonly input = createRef<HTMLInputElement>();

  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement,
    private readonly source: () => FindSource,
  ) {
    host.addController(this);
  }

  hostDisconnected(): void {
    this.stop();
    this.target?.detach();
    this.target = null;
    this.targetKey = null;
  }

  /** The line `:123` asks for, or null. */
  get goToLine(): number | null {
    return parseGoToLine(this.query);
  }

  /** The current match, or null. */
  get current(): FindMatch | null {
    return this.search && this.index >= 0 ? this.search.match(this.index) : null;
  }

  /** What is searched now ('raw', 'rendered'), or null. */
  get targetKind(): 'raw' | 'rendered' | null {
    return this.target?.kind ?? null;
  }

  /** Opens the bar (or focuses it), `prefill` as its query; remembers where focus was to give it back on close. */
  open(prefill?: string): void {
    if (!this.isOpen) {
      const focused = activeIn(this.host.shadowRoot);
      this.returnTo = focused ?? null;
    }
    this.isOpen = true;
    const changed = prefill !== undefined && prefill !== this.query;
    if (prefill !== undefined) this.query = prefill;
    this.host.requestUpdate();
    void this.host.updateComplete.then(() => {
      const input = this.input.value;
      if (!input) return;
      input.focus();
      if (prefill === ':') input.setSelectionRange(input.value.length, input.value.length);
      else input.select();
      if (changed || !this.target) this.refresh();
      else this.show();
    });
  }

  /** Closes the bar, clears the marks and gives focus back to where it was (else to the view). */
  close(focus: HTMLElement | null = null): void {
    if (!this.isOpen) return;
    this.isOpen = false;
    this.stop();
    this.target?.show(null, null);
    this.host.requestUpdate();
    const back = focus ?? (this.returnTo?.isConnected && this.returnTo !== this.host ? this.returnTo : (this.target?.focusTarget ?? null));
    this.returnTo = null;
    void this.host.updateComplete.then(() => back?.focus({ preventScroll: true }));
  }

  /** The source may have changed (mode switched, document rendered or reopened): search it again when the bar is open. */
  retarget(): void {
    const src = this.source();
    const key = src === null ? null : src.kind === 'raw' ? src.view : src.root;
    if (key === this.targetKey) return;
    this.target?.detach();
    this.targetKey = key;
    this.target = null;
    // The text is indexed only when find is used: a closed bar costs an opened file nothing.
    if (this.isOpen) this.refresh();
  }

  /** The target of the current source, built on first use. */
  private ensureTarget(): FindTarget | null {
    if (this.target) return this.target;
    const src = this.source();
    if (!src) return null;
    this.targetKey = src.kind === 'raw' ? src.view : src.root;
    this.target = src.kind === 'raw' ? new RawFindTarget(src.view) : new RenderedFindTarget(src.root, src.scroller, src.lines, src.scrollToBlock);
    return this.target;
  }

  /** Starts the search of the current query over: the first slice now (its matches marked, the first one after the reader's place current and shown), the rest in later slices. */
  refresh(): void {
    this.stop();
    const target = this.ensureTarget();
    this.search = null;
    this.index = -1;
    if (!target || !this.isOpen || isGoToQuery(this.query)) {
      target?.show(null, null);
      this.host.requestUpdate();
      return;
    }
    const search = new TextSearch(target.text, this.query, { caseSensitive: this.caseSensitive, wholeWord: this.wholeWord }, target.starts);
    if (!search.pattern) {
      target.show(null, null);
      this.host.requestUpdate();
      return;
    }
    this.search = search;
    const from = target.startOffset();
    const now = () => performance.now();
    search.step(now() + FIRST_SLICE_MS, now);
    const pick = () => {
      if (this.index >= 0) return false;
      let i = search.indexAtOrAfter(from);
      if (i < 0 && search.done && search.count) i = 0;
      if (i < 0) return false;
      this.index = i;
      return true;
    };
    if (pick()) target.reveal(search.match(this.index)!);
    this.show();
    if (search.done) return;
    const ctl = new AbortController();
    this.abort = ctl;
    void search.run({
      sliceMs: SLICE_MS,
      signal: ctl.signal,
      onProgress: () => {
        if (ctl.signal.aborted || this.search !== search) return;
        if (pick()) target.reveal(search.match(this.index)!);
        this.show();
      },
    });
  }

  /** Next (`1`) or previous (`-1`) match, wrapping around. */
  step(by: 1 | -1): void {
    const s = this.search;
    if (!s || !s.count || !this.target) return;
    const n = s.count;
    this.index = this.index < 0 ? (by > 0 ? 0 : n - 1) : (this.index + by + n) % n;
    this.target.reveal(s.match(this.index)!);
    this.show();
  }

  /** Enter in the field: go to the line of `:123`, else the next match. */
  submit(backwards = false): void {
    const line = this.goToLine;
    if (line !== null) {
      this.goTo(line);
      return;
    }
    this.step(backwards ? -1 : 1);
  }

  /** Goes to 1-based `line` in what is shown (Raw: the line; Rendered: its block), closing the bar; false when nothing is shown yet. */
  goTo(line: number): boolean {
    const target = this.ensureTarget();
    if (!target || !Number.isFinite(line)) return false;
    const focus = target.goToLine(line);
    if (this.isOpen) this.close(focus);
    else focus.focus({ preventScroll: true });
    return true;
  }

  private show(): void {
    this.target?.show(this.search, this.current);
    this.host.requestUpdate();
  }

  private stop(): void {
    this.abort?.abort();
    this.abort = null;
  }

  private onKeydown(e: KeyboardEvent): void {
    if (e.key === 'Enter' || e.key === 'F3') {
      e.preventDefault();
      e.stopPropagation();
      this.submit(e.shiftKey);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      this.close();
    } else if ((e.ctrlKey || e.metaKey) && !e.altKey && (e.key === 'f' || e.key === 'F')) {
      e.preventDefault();
      e.stopPropagation();
      this.input.value?.select();
    } else if ((e.ctrlKey || e.metaKey) && !e.altKey && (e.key === 'g' || e.key === 'G')) {
      e.preventDefault();
      e.stopPropagation();
      this.query = ':';
      this.refresh();
      void this.host.updateComplete.then(() => this.input.value?.setSelectionRange(1, 1));
    } else if (e.altKey && !e.ctrlKey && !e.metaKey && (e.code === 'KeyC' || e.code === 'KeyW')) {
      e.preventDefault();
      e.stopPropagation();
      this.toggle(e.code === 'KeyC' ? 'case' : 'word');
    }
  }

  private toggle(which: 'case' | 'word'): void {
    if (which === 'case') this.caseSensitive = !this.caseSensitive;
    else this.wholeWord = !this.wholeWord;
    this.refresh();
  }

  /** The status text: `3 of 17`, `3 of 1,200+` while counting, `No results`, or the line `:123` goes to. */
  status(t: Translate, lang: string): string {
    const fmt = (n: number) => n.toLocaleString(lang);
    const line = this.goToLine;
    if (line !== null) {
      const lines = this.target?.lines ?? 0;
      return t('goToLineOf', { line: fmt(Math.min(line, Math.max(1, lines))), total: fmt(lines) });
    }
    if (isGoToQuery(this.query)) return t('goToLine');
    const s = this.search;
    if (!s) return '';
    if (!s.count) return s.done ? t('findNone') : '';
    const n = fmt(this.index + 1);
    return s.done ? t('findOf', { n, total: fmt(s.count) }) : t('findCounting', { n, total: fmt(s.count) });
  }

  /**
   * What the live region says: the status once the count is done (or for
   * `:123`), not each step of a count that changes every few milliseconds.
   */
  private announced(status: string): string {
    const s = this.search;
    return !s || s.done ? status : '';
  }

  /** The find button of the header. */
  renderButton(t: Translate): TemplateResult {
    return html`<button
      part="button"
      class="icon-button"
      type="button"
      title=${withKey(t('find'), 'find')}
      aria-label=${t('find')}
      aria-keyshortcuts=${keysOf('find') ?? nothing}
      aria-expanded=${this.isOpen ? 'true' : 'false'}
      @click=${() => (this.isOpen ? this.input.value?.focus() : this.open())}
    >
      ${previewIcons.search()}
    </button>`;
  }

  /** The find bar (nothing while closed). */
  renderBar(t: Translate, lang: string): TemplateResult | typeof nothing {
    if (!this.isOpen) return nothing;
    const status = this.status(t, lang);
    const none = !!this.search && this.search.done && this.search.count === 0 && this.goToLine === null;
    const canStep = !!this.search && this.search.count > 0;
    return html`<div class="find-bar" part="find" role="search" aria-label=${t('find')} @keydown=${(e: KeyboardEvent) => this.onKeydown(e)}>
      <span class="find-field" data-none=${none ? 'true' : 'false'}>
        ${previewIcons.search()}
        <input
          ${ref(this.input)}
          class="find-input"
          type="text"
          spellcheck="false"
          autocomplete="off"
          aria-label=${t('find')}
         
          aria-describedby="find-status"
          placeholder=${t('findPlaceholder')}
          .value=${this.query}
          @input=${(e: InputEvent) => {
            this.query = (e.target as HTMLInputElement).value;
            this.refresh();
          }}
        />
      </span>
      <span id="find-status" class="find-status">${status}</span>
      <span class="visually-hidden" role="status">${this.announced(status)}</span>
      <button part="button" class="icon-button small toggle-button" type="button" title=${`${t('matchCase')} (${altKey('C')})`} aria-label=${t('matchCase')} aria-pressed=${this.caseSensitive ? 'true' : 'false'} @click=${() => this.toggle('case')}>
        ${previewIcons.matchCase()}
      </button>
      <button part="button" class="icon-button small toggle-button" type="button" title=${`${t('wholeWord')} (${altKey('W')})`} aria-label=${t('wholeWord')} aria-pressed=${this.wholeWord ? 'true' : 'false'} @click=${() => this.toggle('word')}>
        ${previewIcons.wholeWord()}
      </button>
      <button part="button" class="icon-button small" type="button" title=${`${t('findPrevious')} (Shift+Enter)`} aria-label=${t('findPrevious')} aria-keyshortcuts="Shift+Enter" ?disabled=${!canStep} @click=${() => this.step(-1)}>
        ${previewIcons.up()}
      </button>
      <button part="button" class="icon-button small" type="button" title=${`${t('findNext')} (Enter)`} aria-label=${t('findNext')} aria-keyshortcuts="Enter" ?disabled=${!canStep} @click=${() => this.step(1)}>
        ${previewIcons.down()}
      </button>
      <button part="button" class="icon-button small" type="button" title=${`${t('closeFind')} (Esc)`} aria-label=${t('closeFind')} @click=${() => this.close()}>${icons.close()}</button>
    </div>`;
  }
}

function altKey(letter: string): string {
  return /Mac|iPhone|iPad/.test(globalThis.navigator?.platform ?? '') ? `⌥${letter}` : `Alt+${letter}`;
}
