/**
 * The virtualized raw view: a scroller whose height stands for every line,
 * holding only the rows near the viewport (fixed line height), each placed
 * through the CSSOM. Line numbers are generated content (never selected or
 * copied) in one gutter that stays put when the view scrolls sideways: one
 * sticky element for the whole view, not one per row (a sticky box per row
 * made the browser composite and rasterize each line separately, about 80
 * layers for a screenful). Referenced ranges are tinted with an edge bar; colours arrive as
 * token classes while plain text shows at once. Copying a selection yields
 * the real text of every line it spans, also lines no longer in the DOM.
 */
import type { QaLineRange } from '../../model/display.js';
import { RawDocument } from './raw-document.js';
import { renderLine } from './raw-line.js';
import { OverviewRuler } from './overview-ruler.js';
import { LINE_HEIGHT, RowLayout } from './raw-layout.js';
import { composedRange, positionIn, type RawParts } from './raw-selection.js';

/** The rows' styles, which the loader writes into the part's sheet (`lazy-parts.ts`). */
export { rawViewCss } from './raw-view.styles.js';

/** The scroller's top padding (the styles use the same value): rows start below it. */
const PAD_TOP = 6;
/** Lines of context kept above a range scrolled into view (3–5). */
export const CONTEXT_LINES = 4;
/** Fewest lines of context above a range, when the range needs the room. */
const MIN_CONTEXT_LINES = 3;
/** Rows kept above and below the viewport. */
const OVERSCAN = 8;
/** Viewport height assumed before the scroller has been laid out, when the preview gives no hint. */
const FALLBACK_HEIGHT = 600;
/** A view the browser never lays out (nothing rendered, e.g. a background tab) settles after this long. */
const SETTLE_FALLBACK_MS = 100;

/** Options of a raw view. */
export interface RawViewOptions {
  /** Accessible name of the scroller. */
  label: string;
  /** Tooltip of the markers that stand for direction controls. */
  bidiLabel?: string;
  /** Tooltip of the markers that stand for invisible characters. */
  invisibleLabel?: string;
  /** Height the view will most likely have (from an earlier layout), used until it is laid out. */
  heightHint?: number | null;
  /** Called once, when the first layout has placed the rows where they belong. */
  onLaidOut?: () => void;
  /** Called when the reader selects lines by their numbers (click, shift-click, drag), once the pointer is released. */
  onSelectLines?: (range: QaLineRange) => void;
  /** Long lines wrap (rows of varying height) instead of scrolling sideways. */
  wrap?: boolean;
  /** The element beside the scroll track that becomes the overview ruler (ranges and find matches in the whole file). */
  ruler?: HTMLElement | null;
}

export class RawView {
  readonly scroller: HTMLElement;
  private readonly sizer: HTMLElement;
  /**
   * The line-number column: the sizer's first child, sticky at the inline
   * start. It holds one block with the numbers of every row shown (one per
   * text line, as generated content) and a band over each referenced run.
   */
  private readonly gutter: HTMLElement;
  private readonly numbers: HTMLElement;
  /** What the gutter shows: its line range and bands (to skip unchanged repaints). */
  private gutterKey = '';
  /** The lines (0-based, end exclusive) the gutter numbers. */
  private numbered: [number, number] = [0, 0];
  private readonly rows = new Map<number, HTMLElement>();
  private ranges: readonly QaLineRange[] = [];
  /** Index in `ranges` of the current range (emphasised), or -1. */
  private current = -1;
  /** Lines selected by their numbers (1-based, inclusive), or null. */
  private selected: QaLineRange | null = null;
  /** Where a selection by line numbers started (shift-click and drag extend from it). */
  private anchor: number | null = null;
  private dragging = false;
  private pinned: number[] = [];
  private readonly dirty = new Set<number>();
  private selectAll = false;
  /** Viewport height from the last layout (ResizeObserver); null before the first one. */
  private height: number | null = null;
  /** Height assumed until the first layout. */
  private readonly hint: number;
  /** Scroll position to apply once laid out (set before the first layout). */
  private pendingTop: number | null = null;
  private laidOut = false;
  private fallback: ReturnType<typeof setTimeout> | undefined;
  /** The frame that adds the rows around the viewport after a jump (0: none pending). */
  private fillFrame = 0;
  private live = true;
  private readonly bidiLabel: string | null;
  private readonly invisibleLabel: string | null;
  private readonly onLaidOut: () => void;
  private readonly onSelectLines: (range: QaLineRange) => void;
  private readonly unsubscribe: () => void;
  private readonly resize: ResizeObserver;
  private readonly onSelection = () => this.trackSelection();
  /** Lines wrap: rows are as tall as their text needs, in whole lines of 20px. */
  private wrapOn = false;
  /** Where each line's row lies in the sizer (fixed lines, or wrapped rows). */
  private readonly layout: RowLayout;
  /** With wrapping: the scroller width the rows were laid out for. */
  private wrapWidth = -1;
  /** Called after the rows in the DOM changed (scrolled, re-coloured): find marks them again. */
  onPaint: (() => void) | null = null;
  /** The overview ruler, when the view has one. */
  readonly ruler: OverviewRuler | null;
  /** The 1-based line flashed after a go-to (until its animation ends), or -1. */
  private flashing = -1;
  /** The end of a keyboard line selection that Shift+↑/↓ moves (the other end is the anchor). */
  private head: number | null = null;

  constructor(
    container: HTMLElement,
    readonly doc: RawDocument,
    options: RawViewOptions,
  ) {
    this.scroller = container;
    this.layout = new RowLayout(doc.count, (n) => doc.lineLength(n));
    this.hint = options.heightHint && options.heightHint > 0 ? options.heightHint : FALLBACK_HEIGHT;
    this.bidiLabel = doc.hasBidi ? (options.bidiLabel ?? '') : null;
    this.invisibleLabel = doc.hasInvisible ? (options.invisibleLabel ?? '') : null;
    this.onLaidOut = options.onLaidOut ?? (() => {});
    this.onSelectLines = options.onSelectLines ?? (() => {});
    container.replaceChildren();
    container.tabIndex = 0;
    container.setAttribute('role', 'region');
    container.setAttribute('aria-label', options.label);
    container.setAttribute('dir', 'ltr');
    container.dataset.lines = String(doc.count);
    this.sizer = container.ownerDocument.createElement('div');
    this.sizer.className = 'raw-sizer';
    this.sizer.style.setProperty('block-size', `${Math.max(1, doc.count) * LINE_HEIGHT}px`);
    this.sizer.style.setProperty('--qa-raw-digits', String(String(doc.count).length));
    this.sizer.style.setProperty('--qa-raw-columns', String(doc.columns));
    this.gutter = container.ownerDocument.createElement('div');
    this.gutter.className = 'raw-gutter';
    this.gutter.setAttribute('aria-hidden', 'true');
    this.numbers = container.ownerDocument.createElement('div');
    this.numbers.className = 'nums';
    this.gutter.append(this.numbers);
    this.sizer.append(this.gutter);
    container.append(this.sizer);
    this.ruler = options.ruler ? new OverviewRuler(options.ruler, doc.count, (line) => this.scrollToLine(line)) : null;
    this.sizer.addEventListener('animationend', (e) => {
      if ((e.target as HTMLElement).classList?.contains('flash')) this.flash(-1);
    });
    this.gutter.addEventListener('pointerdown', (e) => this.gutterDown(e));
    this.gutter.addEventListener('pointermove', (e) => this.gutterMove(e));
    this.gutter.addEventListener('pointerup', (e) => this.gutterUp(e));
    this.gutter.addEventListener('lostpointercapture', () => (this.dragging = false));
    container.addEventListener('scroll', () => this.paint(), { passive: true });
    container.addEventListener('copy', (e) => this.copy(e));
    container.addEventListener('keydown', (e) => this.keydown(e));
    container.addEventListener('pointerdown', () => (this.selectAll = false));
    container.ownerDocument.addEventListener('selectionchange', this.onSelection);
    // Layout is read only after the browser has laid the view out (no forced
    // layout while opening a file): until then rows are placed for the hinted height.
    this.resize = new ResizeObserver((entries) => {
      const box = entries[entries.length - 1]?.borderBoxSize?.[0];
      this.settle(!!box && box.blockSize > 0);
    });
    // The border box does not change when a scrollbar comes or goes, so rows never re-trigger it.
    this.resize.observe(container, { box: 'border-box' });
    this.unsubscribe = doc.onTokens((from, to) => this.repaint(from, to));
    if (options.wrap) this.setWrap(true, false);
  }

  /**
   * Wraps long lines (rows of varying height; numbers, bands and selection
   * follow their real lines) or stops wrapping. The line at the top of the
   * view stays there.
   */
  setWrap(on: boolean, keepTop = true): void {
    if (on === this.wrapOn) return;
    const [top] = this.visible();
    this.wrapOn = on;
    this.scroller.dataset.wrap = on ? 'on' : 'off';
    this.layout.forget();
    this.wrapWidth = -1;
    this.layoutWrap();
    for (const row of this.rows.values()) row.remove();
    this.rows.clear();
    this.gutterKey = '';
    if (keepTop && this.height !== null) this.scroller.scrollTop = this.topOf(top) + PAD_TOP;
    this.paint();
  }

  /** Lines wrap. */
  get wrapping(): boolean {
    return this.wrapOn;
  }

  /** The characters of monospace text that fit one wrapped row. */
  private columnsPerRow(): number {
    const doc = this.scroller.ownerDocument;
    const probe = doc.createElement('span');
    probe.className = 'ch-probe';
    probe.textContent = '0'.repeat(64);
    this.sizer.append(probe);
    const ch = probe.getBoundingClientRect().width / 64 || 7.5;
    probe.remove();
    const digits = String(this.doc.count).length;
    // The row's padding: the gutter (digits + 28px), 12px after it, 16px at the end.
    const room = this.scroller.clientWidth - (digits * ch + 28 + 12 + 16);
    return Math.max(8, Math.floor(room / ch));
  }

  /** With wrapping on, lays out the rows for the characters that fit one (see `RowLayout`) and sizes the sizer; off, fixed 20px lines. */
  private layoutWrap(): void {
    let height: number;
    if (this.wrapOn) {
      const width = this.scroller.clientWidth;
      height = this.layout.wrap(this.columnsPerRow());
      this.wrapWidth = width;
    } else height = this.layout.fixed();
    this.sizer.style.setProperty('block-size', `${height}px`);
  }

  /** Where 0-based line `n` starts in the sizer (px). */
  topOf(n: number): number {
    return this.layout.topOf(n);
  }

  /** The height of 0-based line `n`'s row (px). */
  heightOf(n: number): number {
    return this.layout.heightOf(n);
  }

  /** The 0-based line whose row holds sizer height `y`. */
  private lineAtY(y: number): number {
    return this.layout.lineAtY(y);
  }

  /**
   * With wrapping: takes the laid-out height of rows just added; where one
   * differs from its estimate, lays the rows out again and moves them.
   */
  private measureRows(added: number[]): void {
    if (!this.wrapOn || !added.length) return;
    let changed = false;
    for (const n of added) {
      const row = this.rows.get(n);
      if (!row) continue;
      if (this.layout.measure(n, row.offsetHeight)) changed = true;
    }
    if (!changed) return;
    this.layoutWrap();
    for (const [n, row] of this.rows) row.style.setProperty('top', `${this.topOf(n)}px`);
    this.gutterKey = '';
  }

  /**
   * Shows the first rows (at a range or 1-based line, when given) and starts
   * colouring, the viewport first. The layout is read when the browser
   * reports the view's size (after its next layout, so opening a big file is
   * not one long task); `onLaidOut` follows then.
   */
  open(at: QaLineRange | number | null): void {
    if (typeof at === 'number') this.scrollToLine(at);
    else if (at) this.scrollToRange(at);
    else this.paint(0);
    void this.doc.highlight(this.visible());
    // A view that is never laid out (no rendering, e.g. a background tab) still settles.
    this.fallback = setTimeout(() => {
      if (!this.laidOut) this.settle(this.scroller.clientHeight > 0);
    }, SETTLE_FALLBACK_MS);
  }

  /** Takes the laid-out height, applies a scroll position waiting for it, and repaints. */
  private settle(visible: boolean): void {
    this.height = visible ? this.scroller.clientHeight : null;
    if (visible && this.wrapOn && this.scroller.clientWidth !== this.wrapWidth) {
      // Another width wraps differently: estimate again, keeping the top line.
      const [top] = this.visible();
      this.layout.forget();
      this.layoutWrap();
      for (const [n, row] of this.rows) row.style.setProperty('top', `${this.topOf(n)}px`);
      this.gutterKey = '';
      if (this.pendingTop === null && top > 0) this.scroller.scrollTop = this.topOf(top) + PAD_TOP;
    }
    // The ruler sits just inside the scroll track (its width is known once laid out).
    if (visible && this.ruler) this.ruler.el.style.setProperty('--_ruler-end', `${Math.max(0, this.scroller.offsetWidth - this.scroller.clientWidth)}px`);
    if (this.height !== null && this.pendingTop !== null) {
      this.scrollAligned(this.pendingTop);
      this.pendingTop = null;
    }
    this.paint();
    if (!this.laidOut) {
      this.laidOut = true;
      clearTimeout(this.fallback);
      // Announced in a task of its own: a listener that changes the layout
      // must not run inside the browser's resize-observer step.
      setTimeout(this.onLaidOut, 0);
    }
  }

  /** Removes listeners and stops colouring updates for this view. */
  destroy(): void {
    this.live = false;
    clearTimeout(this.fallback);
    cancelAnimationFrame(this.fillFrame);
    this.unsubscribe();
    this.resize.disconnect();
    this.ruler?.destroy();
    this.scroller.ownerDocument.removeEventListener('selectionchange', this.onSelection);
  }

  /** Number of line rows currently in the DOM. */
  get renderedRows(): number {
    return this.rows.size;
  }

  /**
   * Marks the referenced ranges (1-based, inclusive), `current` (an index in
   * `ranges`) emphasised, scrolling to `scrollTo` first when given (new rows
   * come out marked).
   */
  setRanges(ranges: readonly QaLineRange[], scrollTo: QaLineRange | number | null = null, current = 0): void {
    const before = this.rows.size ? new Set(this.rows.keys()) : null;
    this.ranges = ranges;
    this.current = current >= 0 && current < ranges.length ? current : -1;
    this.ruler?.setRanges(ranges, this.current);
    if (typeof scrollTo === 'number') this.scrollToLine(scrollTo);
    else if (scrollTo) this.scrollToRange(scrollTo);
    // Rows made by the scroll are marked already; only the ones that stayed need it.
    if (before) for (const [n, row] of this.rows) if (before.has(n)) this.decorate(row, n);
    if (scrollTo === null) this.paintNumbers(this.numbered[0], this.numbered[1]);
  }

  /** Scrolls so that 1-based `line` sits a little below the top (a few lines of context above it). */
  scrollToLine(line: number): void {
    this.scrollToRange({ lineStart: line, lineEnd: line });
  }

  /**
   * Scrolls a range (1-based, inclusive) into view: the whole range with
   * 3–5 lines of context above it when that fits, otherwise its start with
   * that context. A line at the top edge is never cut: the view starts on a
   * line boundary.
   */
  scrollToRange(range: QaLineRange): void {
    const h = this.height ?? this.hint;
    const start = Math.max(1, Math.min(range.lineStart, this.doc.count));
    const end = Math.max(start, Math.min(range.lineEnd, this.doc.count));
    const fits = Math.floor(h / LINE_HEIGHT);
    const room = fits - (end - start + 1);
    // Tall views keep the usual context; short ones give up to two lines of it to show the whole range.
    let context = room >= CONTEXT_LINES ? CONTEXT_LINES : room >= MIN_CONTEXT_LINES ? room : Math.min(MIN_CONTEXT_LINES, Math.max(0, fits - 1));
    if (this.layout.wrapped) {
      // Wrapped rows: the same rule, in pixels.
      const tall = this.topOf(end) - this.topOf(start - 1);
      const above = (c: number) => this.topOf(start - 1) - this.topOf(Math.max(0, start - 1 - c));
      context =
        tall + above(CONTEXT_LINES) <= h
          ? CONTEXT_LINES
          : tall + above(MIN_CONTEXT_LINES) <= h
            ? MIN_CONTEXT_LINES
            : this.heightOf(start - 1) + above(1) <= h
              ? 1
              : 0;
    }
    const target = Math.max(0, this.topOf(Math.max(0, start - 1 - context)) + PAD_TOP);
    if (this.height === null) this.pendingTop = target;
    else this.scrollAligned(target);
    // The rows on screen first; the ones around them follow in the next frame.
    this.paint(0);
  }

  /**
   * Scrolls to `top`; where the view stops short of it (the end of the
   * file), to the nearest line boundary above, so the top line is never cut.
   */
  private scrollAligned(top: number): void {
    this.scroller.scrollTop = top;
    const at = this.scroller.scrollTop;
    if (at < top - 0.5 && at > PAD_TOP) this.scroller.scrollTop = at - ((at - PAD_TOP) % LINE_HEIGHT);
  }

  /** 0-based [first, end) of the lines in the viewport. */
  visible(): [number, number] {
    const h = this.height ?? this.hint;
    const top = this.pendingTop ?? (this.height === null ? 0 : this.scroller.scrollTop);
    if (this.layout.wrapped) return [this.lineAtY(top), Math.min(this.doc.count, this.lineAtY(top + h) + 1)];
    const first = Math.floor(top / LINE_HEIGHT);
    return [Math.min(first, this.doc.count), Math.min(this.doc.count, Math.ceil((top + h) / LINE_HEIGHT))];
  }

  /**
   * Brings the DOM in line with the scroll position: rows in the viewport,
   * `overscan` rows around it, and rows holding the selection's ends. With
   * fewer rows around than usual, the rest are added in the next frame.
   */
  paint(overscan = OVERSCAN): void {
    const [first, end] = this.visible();
    const from = Math.max(0, first - overscan);
    const to = Math.min(this.doc.count, end + overscan);
    if (overscan < OVERSCAN && !this.fillFrame) {
      this.fillFrame = requestAnimationFrame(() => {
        this.fillFrame = 0;
        if (this.live) this.paint();
      });
    }
    for (const [n, row] of this.rows) {
      if ((n < from || n >= to) && !this.pinned.includes(n)) {
        row.remove();
        this.rows.delete(n);
      }
    }
    let next: HTMLElement | null = null;
    // Insert in line order (last to first), so DOM order is line order and selections read naturally.
    const wanted = new Set<number>(this.pinned.filter((n) => n < this.doc.count));
    for (let n = from; n < to; n += 1) wanted.add(n);
    const order = [...wanted].sort((a, b) => b - a);
    const added: number[] = [];
    for (const n of order) {
      let row = this.rows.get(n);
      if (!row) {
        row = this.makeRow(n);
        this.rows.set(n, row);
        this.sizer.insertBefore(row, next);
        added.push(n);
      }
      next = row;
    }
    this.measureRows(added);
    this.paintNumbers(from, to);
    if (end > first) this.doc.prioritize(first, end);
    this.onPaint?.();
  }

  /** The line rows in the DOM, by 0-based line. */
  get shownRows(): ReadonlyMap<number, HTMLElement> {
    return this.rows;
  }

  /** True when 1-based `line` is wholly inside the viewport. */
  lineInView(line: number): boolean {
    if (this.height === null) return false;
    const top = this.scroller.scrollTop;
    const y = this.topOf(line - 1) + PAD_TOP;
    return y >= top && y + this.heightOf(line - 1) <= top + this.height;
  }

  /** Scrolls to 1-based `line` (with context above) unless it is in view already. */
  revealLine(line: number): void {
    if (!this.lineInView(line)) this.scrollToLine(line);
  }

  /** Scrolls the least that brings 1-based `line` wholly into view (to the top edge from above, the bottom edge from below). */
  private keepInView(line: number): void {
    if (this.height === null || this.lineInView(line)) return;
    const y = this.topOf(line - 1) + PAD_TOP;
    this.scroller.scrollTop = y < this.scroller.scrollTop ? y : y + this.heightOf(line - 1) - this.height;
    this.paint(0);
  }

  /**
   * Go to line: scrolls to 1-based `line` (clamped to the file), selects it
   * (so Shift+↑/↓ extends from it) and flashes it once. Returns the line.
   */
  goToLine(line: number): number {
    const n = Math.max(1, Math.min(this.doc.count, Math.floor(line)));
    this.anchor = n;
    this.head = n;
    this.selectLines({ lineStart: n, lineEnd: n });
    this.scrollToLine(n);
    this.flash(n);
    this.onSelectLines({ lineStart: n, lineEnd: n });
    return n;
  }

  /** The 1-based line flashing after a go-to, or -1. */
  get flashingLine(): number {
    return this.flashing;
  }

  /** Flashes 1-based `line` (a CSS animation; -1 stops it). */
  flash(line: number): void {
    const was = this.flashing;
    this.flashing = line;
    const old = was !== line ? this.rows.get(was - 1) : undefined;
    old?.classList.remove('flash');
    const row = this.rows.get(line - 1);
    if (!row) return;
    // The same row again: its animation starts over (no style recalculation forced to restart it).
    if (row.classList.contains('flash')) for (const a of row.getAnimations?.() ?? []) a.currentTime = 0;
    else row.classList.add('flash');
  }

  /** Numbers for lines `from`…`to` (0-based, end exclusive), and a band over each referenced run among them. */
  private paintNumbers(from: number, to: number): void {
    const runs: Array<[number, number, string]> = [];
    this.ranges.forEach((r, i) => {
      const a = Math.max(from, r.lineStart - 1);
      const b = Math.min(to, r.lineEnd);
      if (b > a) runs.push([a, b, i === this.current ? 'nums ref cur' : 'nums ref']);
    });
    if (this.selected) {
      const a = Math.max(from, this.selected.lineStart - 1);
      const b = Math.min(to, this.selected.lineEnd);
      if (b > a) runs.push([a, b, 'nums sel']);
    }
    this.numbered = [from, to];
    const key = `${from}-${to}|${runs.join('|')}`;
    if (key === this.gutterKey) return;
    this.gutterKey = key;
    // A wrapped line's number is followed by an empty line per extra row, so numbers stay beside their lines.
    const label = this.layout.wrapped
      ? (i: number) => String(i + 1) + '\n'.repeat(Math.max(0, Math.round(this.heightOf(i) / LINE_HEIGHT) - 1))
      : (i: number) => String(i + 1);
    const place = (el: HTMLElement, a: number, b: number) => {
      el.dataset.lines = Array.from({ length: b - a }, (_, i) => label(a + i)).join('\n');
      el.style.setProperty('top', `${this.topOf(a)}px`);
    };
    place(this.numbers, from, to);
    const bands = runs.map(([a, b, cls]) => {
      const band = this.scroller.ownerDocument.createElement('div');
      band.className = cls;
      place(band, a, b);
      return band;
    });
    if (bands.length || this.gutter.childElementCount > 1) this.gutter.replaceChildren(this.numbers, ...bands);
  }

  private makeRow(n: number): HTMLElement {
    const row = this.scroller.ownerDocument.createElement('div');
    row.className = 'ln';
    row.dataset.n = String(n + 1);
    row.style.setProperty('top', `${this.topOf(n)}px`);
    renderLine(this.doc.line(n), this.doc.tokensOf(n), row, this.bidiLabel, this.invisibleLabel);
    this.decorate(row, n);
    return row;
  }

  private decorate(row: HTMLElement, n: number): void {
    const line = n + 1;
    const inRange = RawDocument.inRanges(line, this.ranges);
    row.classList.toggle('ref', inRange);
    row.classList.toggle('ref-start', inRange && !RawDocument.inRanges(line - 1, this.ranges));
    row.classList.toggle('ref-end', inRange && !RawDocument.inRanges(line + 1, this.ranges));
    const cur = this.ranges[this.current];
    row.classList.toggle('cur', !!cur && line >= cur.lineStart && line <= cur.lineEnd);
    const sel = this.selected;
    row.classList.toggle('sel', !!sel && line >= sel.lineStart && line <= sel.lineEnd);
    row.classList.toggle('flash', line === this.flashing);
  }

  /** The lines selected by their numbers, or null. */
  get selectedLines(): QaLineRange | null {
    return this.selected;
  }

  /** Selects lines (1-based, inclusive; clamped to the file), or clears the selection with null. */
  selectLines(range: QaLineRange | null): void {
    if (range) {
      const a = Math.max(1, Math.min(range.lineStart, range.lineEnd, this.doc.count));
      const b = Math.min(this.doc.count, Math.max(range.lineStart, range.lineEnd, a));
      this.selected = { lineStart: a, lineEnd: b };
    } else {
      this.selected = null;
      this.anchor = null;
      this.head = null;
    }
    for (const [n, row] of this.rows) this.decorate(row, n);
    this.gutterKey = '';
    this.paintNumbers(this.numbered[0], this.numbered[1]);
  }

  /** The text of the selected lines, without their numbers (lines joined with `\n`). */
  selectedLinesText(): string {
    const s = this.selected;
    if (!s) return '';
    return this.doc.slice(s.lineStart - 1, 0, s.lineEnd - 1, this.doc.lineLength(s.lineEnd - 1));
  }

  /** The 1-based line under a pointer's viewport height. */
  private lineAt(clientY: number): number {
    const top = this.sizer.getBoundingClientRect().top;
    return Math.max(1, Math.min(this.doc.count, this.lineAtY(clientY - top) + 1));
  }

  private gutterDown(e: PointerEvent): void {
    if (e.button !== 0 || !this.doc.count) return;
    // No text selection starts from the numbers; the lines are selected instead.
    e.preventDefault();
    const line = this.lineAt(e.clientY);
    if (e.shiftKey && this.anchor !== null) this.selectLines({ lineStart: this.anchor, lineEnd: line });
    else {
      this.anchor = line;
      this.selectLines({ lineStart: line, lineEnd: line });
    }
    this.head = line;
    this.dragging = true;
    this.gutter.setPointerCapture?.(e.pointerId);
    this.scroller.focus({ preventScroll: true });
  }

  private gutterMove(e: PointerEvent): void {
    if (!this.dragging || this.anchor === null) return;
    const line = this.lineAt(e.clientY);
    const s = this.selected;
    const next = { lineStart: Math.min(this.anchor, line), lineEnd: Math.max(this.anchor, line) };
    this.head = line;
    if (!s || s.lineStart !== next.lineStart || s.lineEnd !== next.lineEnd) this.selectLines(next);
  }

  private gutterUp(e: PointerEvent): void {
    if (!this.dragging) return;
    this.gutterMove(e);
    this.dragging = false;
    if (this.selected) this.onSelectLines({ ...this.selected });
  }

  private rerender(row: HTMLElement, n: number): void {
    row.replaceChildren();
    renderLine(this.doc.line(n), this.doc.tokensOf(n), row, this.bidiLabel, this.invisibleLabel);
  }

  private repaint(from: number, to: number): void {
    for (const [n, row] of this.rows) {
      if (n < from || n >= to) continue;
      if (this.pinned.includes(n)) {
        // Re-rendering a row under the selection would drop the selection: later.
        this.dirty.add(n);
        continue;
      }
      this.rerender(row, n);
    }
    this.onPaint?.();
  }

  /** The selected text (lines joined with `\n`), or null when the selection is not in this view. */
  selectedText(): string | null {
    const range = composedRange(this.scroller);
    if (!range || range.collapsed) return null;
    if (this.selectAll) return this.doc.all();
    const start = positionIn(this.parts, range.startContainer, range.startOffset, 'start');
    const end = positionIn(this.parts, range.endContainer, range.endOffset, 'end');
    if (!start || !end) return null;
    return this.doc.slice(start.line, start.col, end.line, end.col);
  }

  private copy(e: ClipboardEvent): void {
    const text = this.selectedText();
    if (text === null || !e.clipboardData) return;
    e.clipboardData.setData('text/plain', text);
    e.preventDefault();
  }

  /**
   * Shift+↑ / Shift+↓: selects lines from the keyboard. The first press
   * selects the line at the top of the view (or moves from a selection made
   * by the pointer or a go-to), each next one moves the selection's free end
   * by a line, keeping it in view; Shift+PageUp / PageDown move it a page.
   */
  private extendByKey(e: KeyboardEvent): boolean {
    const step = { ArrowDown: 1, ArrowUp: -1, PageDown: 0, PageUp: 0 }[e.key];
    if (step === undefined || !e.shiftKey || e.altKey || e.ctrlKey || e.metaKey || !this.doc.count) return false;
    const page = Math.max(1, Math.floor((this.height ?? this.hint) / LINE_HEIGHT) - 1);
    const by = step || (e.key === 'PageDown' ? page : -page);
    let line: number;
    if (this.anchor === null || this.head === null || !this.selected) {
      const [first] = this.visible();
      const top = this.lineInView(first + 1) ? first + 1 : first + 2;
      this.anchor = Math.min(this.doc.count, Math.max(1, top));
      line = this.anchor;
    } else line = Math.max(1, Math.min(this.doc.count, this.head + by));
    this.head = line;
    this.selectLines({ lineStart: Math.min(this.anchor, line), lineEnd: Math.max(this.anchor, line) });
    this.keepInView(line);
    this.onSelectLines({ ...this.selected! });
    return true;
  }

  private keydown(e: KeyboardEvent): void {
    if (this.extendByKey(e)) {
      e.preventDefault();
      return;
    }
    if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'a') {
      // Select all selects the file, not the page: every line, also those not in the DOM.
      e.preventDefault();
      const kids = this.sizer.children;
      const sel = this.scroller.ownerDocument.getSelection();
      // The first child is the gutter; the rows follow it.
      if (sel && kids.length > 1) {
        const last = kids[kids.length - 1]!;
        sel.setBaseAndExtent(kids[1]!, 0, last, last.childNodes.length);
        this.selectAll = true;
      }
    } else if (!['Control', 'Meta', 'Shift', 'c', 'C'].includes(e.key)) {
      this.selectAll = false;
    }
  }

  private trackSelection(): void {
    const range = composedRange(this.scroller);
    const pins: number[] = [];
    if (range && !range.collapsed) {
      for (const [node, offset, edge] of [
        [range.startContainer, range.startOffset, 'start'],
        [range.endContainer, range.endOffset, 'end'],
      ] as const) {
        if (!this.scroller.contains(node)) continue;
        const p = positionIn(this.parts, node, offset, edge);
        if (p) pins.push(p.line);
      }
    } else {
      this.selectAll = false;
    }
    this.pinned = pins;
    if (this.dirty.size) {
      const dirty = [...this.dirty].filter((n) => !pins.includes(n));
      for (const n of dirty) {
        this.dirty.delete(n);
        const row = this.rows.get(n);
        if (row) this.rerender(row, n);
      }
      this.onPaint?.();
    }
  }

  /** The parts a selection's position is read from. */
  private get parts(): RawParts {
    return { scroller: this.scroller, sizer: this.sizer, gutter: this.gutter, doc: this.doc };
  }
}
