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
import { TextSearch, isGoToQuery, parseGoToLine, type FindMatch } from '../../model/find.js';
import type { Translate } from '../../i18n/types.js';
import { formatNumber } from '../../i18n/index.js';
import { icons, previewIcons } from '../shared/icons.js';
import { RawFindTarget, RenderedFindTarget, type FindTarget } from './find-targets.js';
import type { RawView } from './raw-view.js';
import { activeIn } from './preview-helpers.js';

/** The field's styles, which the loader writes into the part's sheet (`lazy-parts.ts`). */
export { findCss } from './find-bar.styles.js';

/** The first slice of a search, run in the keystroke's own task so the first results show at once. */
const FIRST_SLICE_MS = 12;
/** Later slices, between which input and painting get their turn. */
const SLICE_MS = 10;

/** Where the find bar looks: the raw view, or the rendered document once it is done; null while neither is ready. */
export type FindSource =
  | { kind: 'raw'; view: RawView }
  | { kind: 'rendered'; root: HTMLElement; scroller: HTMLElement; lines: number; scrollToBlock: (block: HTMLElement) => void }
  | null;

/**
 * The preview's find: state, the running search, and the bar's template.
 * It comes in a lazy chunk: the element reaches it through `FindControl`
 * (find-control.ts), which gives it the source to search (`source()`),
 * renders `renderBar()` below the header and calls `retarget()` after an
 * update (the mode or the document may have changed).
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

  /** The status text: `3 of 17`, `3 of 1,200+` while counting, `No results`, or the line `:123` goes to. */
  status(t: Translate, lang: string): string {
    const fmt = (n: number) => formatNumber(n, lang);
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

  /** Focuses the field of the open bar. */
  focus(): void {
    this.input.value?.focus();
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

  /** The target of the current source, built on first use. */
  private ensureTarget(): FindTarget | null {
    if (this.target) return this.target;
    const src = this.source();
    if (!src) return null;
    this.targetKey = src.kind === 'raw' ? src.view : src.root;
    this.target = src.kind === 'raw' ? new RawFindTarget(src.view) : new RenderedFindTarget(src.root, src.scroller, src.lines, src.scrollToBlock);
    return this.target;
  }

  private show(): void {
    this.target?.show(this.search, this.current);
    this.host.requestUpdate();
  }

  private stop(): void {
    this.abort?.abort();
    this.abort = null;
  }

  /**
   * What the live region says: the status once the count is done (or for
   * `:123`), not each step of a count that changes every few milliseconds.
   */
  private announced(status: string): string {
    const s = this.search;
    return !s || s.done ? status : '';
  }
}

function altKey(letter: string): string {
  return /Mac|iPhone|iPad/.test(globalThis.navigator?.platform ?? '') ? `⌥${letter}` : `Alt+${letter}`;
}
