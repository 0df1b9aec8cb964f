import { LitElement, html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import { keyed } from 'lit/directives/keyed.js';
import { sourcePath, type QaLineRange } from '../../model/display.js';
import { presentItem } from '../../model/item.js';
import type { QaSourceReference } from '../../model/types.js';
import type { QaFileContent, QaSourcesHost } from '../../host/types.js';
import { adoptTokenSheet } from '../../render/highlight/sheet.js';
import { MAX_TOKENIZED_LINE } from '../../render/highlight/constants.js';
import { loadHighlighter, prepareGrammar, warmHighlighter } from '../../render/highlight/start.js';
import { afterNextPaint, whenIdle } from '../../render/tasks.js';
import { isMarkdownPath, languageForPath } from '../../workspace/languages.js';
import { extensionOf } from '../../workspace/paths.js';
import { QaCloseEvent, QaModeChangeEvent, type QaPreviewMode } from '../../events.js';
import { LocalizeController } from '../shared/localize.js';
import { SchemeController } from '../shared/scheme.js';
import { base, tokens } from '../shared/styles.js';
import { previewStyles } from './file-preview.styles.js';
import { canRun, keyCommand, type ActionState } from './commands.js';
import { FileState } from './file-state.js';
import type { PreviewStatus } from './file-status.js';
import type { FindSource } from './find-bar.js';
import { FindControl } from './find-control.js';
import { FullViewController } from './full-view.js';
import { fileFacts, renderBreadcrumb, renderFacts, renderToolbar, type FileFacts } from './header.js';
import type { PreviewAction } from './keys.js';
import { KeysHelp } from './keys-help.js';
import { LineSelection } from './line-selection.js';
import { findPart, rawViewPart } from './lazy-parts.js';
import { adoptPartSheets } from './part-sheets.js';
import { countPreview } from '../shared/warm-source.js';
import {
  DEFAULT_MAX_BYTES,
  DEFAULT_MAX_MARKDOWN_RENDER_BYTES,
  DEFAULT_READ_TIMEOUT_MS,
  downloadText,
  rememberMode,
  rememberedMode,
  rememberWrap,
  rememberedWrap,
  shownName,
} from './preview-helpers.js';
import type { RawDocument } from './raw-document.js';
import { RawPaneController } from './raw-pane.js';
import { RenderedPaneController } from './rendered-pane.js';
import { renderError, renderNotices, renderRangesBar, renderSelectionBar, renderSkeleton, renderStateNotice, renderTooLarge } from './states.js';

let instances = 0;

/**
 * A read-only preview of one workspace file: breadcrumb, Rendered/Raw for
 * Markdown (sanitized rendering), a virtualized, highlighted raw view with
 * line numbers and the referenced line ranges, Download and Close.
 *
 * @summary Preview of a local file source, Markdown rendered or raw with line ranges.
 *
 * @event {QaSourceOpenEvent} qa-source-open - A relative link in the rendered document was activated (`ranges` is empty; `location` and `href` are null). Cancelable: unless cancelled, the preview opens that path itself.
 * @event {QaCloseEvent} qa-close - The user asked to close the preview (Close button or Escape).
 * @event {QaModeChangeEvent} qa-mode-change - The user switched between Rendered and Raw.
 * @event {QaRenderedEvent} qa-rendered - A document finished rendering.
 * @event {QaRangeSelectEvent} qa-range-select - Lines were selected by their numbers (click, shift-click, drag, Shift+arrows) or by go to line: `{ path, lineStart, lineEnd }`.
 *
 * @csspart base - The whole preview.
 * @csspart header - The header row: breadcrumb and toolbar.
 * @csspart breadcrumb - The workspace path.
 * @csspart facts - The file's facts in the header: line count, size and language.
 * @csspart toolbar - Badges, the Rendered/Raw toggle, Download and Close.
 * @csspart toggle - The Rendered/Raw radio group.
 * @csspart keys-help - The keyboard help popover (`?`): every key of the preview, each with a button that does it.
 * @csspart button - Header and action buttons.
 * @csspart chip - The `Referenced lines` chip.
 * @csspart ranges - The bar of cited ranges: the chip, `Range 1 of 3` and its previous / next buttons.
 * @csspart selection - The bar of lines selected by their numbers: `Lines 10–14`, Copy lines, Copy link, Clear.
 * @csspart find - The find bar: the field, the count (`3 of 17`), match case, whole word, previous / next and close.
 * @csspart ruler - The overview ruler beside the raw scroll track: where cited ranges and find matches lie in the file.
 * @csspart body - The area below the header that shows the file or a state.
 * @csspart markdown - The rendered Markdown document.
 * @csspart raw - The raw view (scroller with line numbers).
 * @csspart notice - Notices: partial content, render limit, too large, binary, empty.
 * @csspart error - The error state.
 * @csspart skeleton - The loading placeholder.
 * @csspart icon - Icons.
 *
 * @cssproperty --qa-color-highlight-current - Background of the current cited range when there are several.
 * @cssproperty --qa-color-line-selection - Background of lines selected by their numbers.
 * @cssproperty --qa-color-find-match - Background of find matches.
 * @cssproperty --qa-color-find-current - Background of the current find match.
 * @cssproperty --qa-color-find-edge - Find marks on the overview ruler and the go-to-line flash.
 * @cssproperty --qa-color-line-selection-edge - Edge mark of lines selected by their numbers.
 * @cssproperty --qa-preview-background - Background of the preview.
 * @cssproperty --qa-preview-header-background - Background of the header.
 * @cssproperty --qa-preview-max-block-size - Height cap of the raw view when the preview has no height of its own (default 85vh).
 * @cssproperty --qa-preview-code-font-size - Font size of the raw view (line height stays 20px).
 * @cssproperty --qa-preview-gutter-color - Colour of line numbers.
 */
export class QaFilePreview extends LitElement {
  // The Markdown styles come with the Markdown renderer (its lazy chunk): see `adoptStyles` in rendered-pane.ts.
  static override styles = [tokens, base, previewStyles];

  /** The host adapter that reads files. */
  @property({ attribute: false }) host: QaSourcesHost | null = null;
  /** Session the file belongs to (passed to the host). */
  @property({ attribute: 'session-id' }) sessionId = '';
  /** Workspace-relative path of the file. Set by the page (or `connectSources`); the preview changes it itself only to follow a link in the document (unless `qa-source-open` is cancelled) or a `source`. */
  @property() path: string | null = null;
  /** Referenced line ranges (1-based, inclusive). */
  @property({ attribute: false }) ranges: QaLineRange[] = [];
  /** Convenience: a source reference sets `path` and `ranges` from its locations. */
  @property({ attribute: false }) source: QaSourceReference | null = null;
  /** `rendered` or `raw`; unset, Markdown opens Rendered (or the choice remembered for its extension) and everything else Raw. */
  @property() mode: QaPreviewMode | undefined = undefined;
  /** Files larger than this (bytes) show the too-large state. */
  @property({ type: Number, attribute: 'max-bytes' }) maxBytes = DEFAULT_MAX_BYTES;
  /** Markdown larger than this (bytes) opens Raw with a notice. */
  @property({ type: Number, attribute: 'max-markdown-render-bytes' }) maxMarkdownRenderBytes = DEFAULT_MAX_MARKDOWN_RENDER_BYTES;
  /** Language of the UI (`en`, `ru`, `zh`); default: the nearest `lang`. */
  @property() locale: string | null = null;
  /**
   * Milliseconds a read may take before the preview gives up with its timeout
   * state (the request is aborted; Retry asks again). `0` waits for ever.
   */
  @property({ type: Number, attribute: 'timeout-ms' }) timeoutMs = DEFAULT_READ_TIMEOUT_MS;
  /** Wrap long lines in Raw; unset, the choice remembered for this browser session (off when none was made). */
  @property({ attribute: false }) wrap: boolean | undefined = undefined;
  /** Load remote images in rendered Markdown (default: placeholders). */
  @property({ type: Boolean, attribute: 'allow-remote-images' }) allowRemoteImages = false;

  @state() private crumbsExpanded = false;
  /** Index of the current range in `ranges` (the navigator's `Range 1 of 3`). */
  @state() private rangeIndex = 0;
  /** Raw wraps long lines (Wrap lines; remembered for the browser session). */
  @state() private wrapped = rememberedWrap();

  private readonly localize = new LocalizeController(this);
  private readonly idPrefix = `qa${++instances}-`;
  /** The file shown and its state; its reads go one at a time, with their timeout. */
  private readonly opened = new FileState(this, () => this.maxBytes);
  /** Find in the file and go to line (the find bar). */
  private readonly find = new FindControl(this, () => this.findSource());
  /** Lines selected by their numbers in Raw, and their Copy actions. */
  private readonly selection = new LineSelection(this, {
    view: () => this.raw.view,
    viewElement: () => this.raw.element,
    t: () => this.t,
    linkContext: () => ({ host: this.host, sessionId: this.sessionId, path: this.file?.path ?? this.path ?? '' }),
  });
  /** What both panes read of the preview. */
  private readonly shown = { generation: () => this.opened.generation, t: () => this.t, ranges: () => this.ranges, rangeIndex: () => this.rangeIndex };
  private readonly raw = new RawPaneController(this, {
    ...this.shown,
    doc: () => (this.doc && this.file ? { doc: this.doc, path: this.file.path, name: shownName(this.file.path) } : null),
    wrapped: () => this.wrapped,
    selection: this.selection,
    onLoadFailed: () => this.opened.showError(),
  });
  private readonly rendered = new RenderedPaneController(this, {
    ...this.shown,
    file: () => this.file,
    host: () => this.host,
    sessionId: () => this.sessionId,
    allowRemoteImages: () => this.allowRemoteImages,
    idPrefix: this.idPrefix,
    onRendered: () => this.applyRanges(true),
    follow: (path) => {
      this.ranges = [];
      this.path = path;
    },
  });
  /** The `?` popover of keys and actions. */
  private readonly help = new KeysHelp(this);
  private readonly fullView = new FullViewController(this, () => ({
    adapter: this.host,
    open: { sessionId: this.sessionId, path: this.file?.path ?? this.path ?? '', ranges: this.ranges.map((r) => ({ ...r })), mode: this.currentMode },
  }));
  /** What each action does (a key, or its button in the help). */
  private readonly actions: Partial<Record<PreviewAction, () => void>> = {
    help: () => this.help.set(!this.help.isOpen),
    close: () => this.dispatchEvent(new QaCloseEvent()),
    'toggle-mode': () => this.onToggle(this.currentMode === 'raw' ? 'rendered' : 'raw'),
    wrap: () => this.setWrap(!this.wrapped),
    'full-view': () => this.fullView.toggle(),
    download: () => this.download(),
    'next-range': () => this.goToRange(this.rangeIndex + 1),
    'previous-range': () => this.goToRange(this.rangeIndex - 1),
    'copy-lines': () => this.selection.copyLines(),
    'copy-link': () => this.selection.copyLink(),
  };

  constructor() {
    super();
    new SchemeController(this);
    countPreview(this);
    this.addEventListener('keydown', (e) => this.onKeydown(e));
    this.addEventListener('qa-rendered', () => this.openSettled());
  }

  override connectedCallback(): void {
    super.connectedCallback();
    // The raw view, which every code file needs first, loads at once (a few KB): a file opened right
    // after the preview appears finds it there instead of fetching it while the open keeps the page
    // busy (benchmark row "Raw, 57,220 lines: open → painted"). The rest waits for idle time.
    rawViewPart.load().catch(() => undefined);
    this.preloadWhenIdle();
    if (this.hasUpdated && this.path && this.status === 'loading') this.load();
  }

  /** A file is being opened and is not on screen yet (a code file: not in colour yet): the idle preload waits for it. */
  private opening = false;

  /**
   * Once the page is idle, the rest of the preview's lazy code (the Markdown
   * renderer and the page's parser, find, the highlighter's client; the raw
   * view again, if its load at connection failed) loads, so the first file
   * opened does not wait for it (benchmark rows "Markdown
   * 100 KB: open → first screen painted" and "Raw, 57,220 lines: open →
   * painted"). While a file is opening, the idle moments between its steps
   * are not the page's: the preload (and the Markdown warm-up, when the
   * renderer's code arrives during an open) is left out, the open loads only
   * what it needs, and the preload runs again once the file is shown or has
   * failed (loads already made cost nothing).
   */
  private preloadWhenIdle(): void {
    whenIdle(() => {
      if (!this.isConnected || this.opening) return;
      rawViewPart.load().catch(() => undefined);
      findPart.load().catch(() => undefined);
      loadHighlighter().catch(() => undefined);
      this.rendered.warm(() => !this.opening);
    });
  }

  /**
   * The file being opened is shown, or will not be: the idle preload runs
   * (again). For a code file, once its first colours are in: on a cold page
   * the page's thread is what they wait for (the worker's messages, the
   * grammar's chunk), and the preload's Markdown warm-up takes 10–20 ms of it.
   */
  private openSettled(): void {
    if (!this.opening) return;
    // A code file is on screen and its highlighter may still be starting: its grammar loads now, while the worker starts.
    const lang = this.status === 'ready' && this.currentMode === 'raw' && this.path ? languageForPath(this.path) : null;
    if (lang) prepareGrammar(lang);
    const settle = () => {
      this.opening = false;
      this.preloadWhenIdle();
    };
    const coloured = lang ? this.doc?.whenColoured() : undefined;
    if (!coloured) {
      settle();
      return;
    }
    const id = this.opened.generation;
    void coloured.then(() => {
      // A file opened since settles on its own.
      if (id === this.opened.generation) settle();
    });
  }

  /** The first render in a language waits for its terms (see `LocalizeController.pending`). */
  protected override scheduleUpdate(): void | Promise<unknown> {
    return this.localize.whenReady(() => super.scheduleUpdate());
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('source') && this.source) {
      this.path = sourcePath(this.source);
      this.ranges = presentItem(this.source, 0).ranges;
    }
    if (changed.has('path') || changed.has('host') || changed.has('sessionId') || changed.has('maxBytes')) {
      if (this.path && this.host) this.load();
      else this.reset(this.path ? 'loading' : 'idle');
    }
    if (changed.has('wrap') && this.wrap !== undefined && this.wrap !== this.wrapped) {
      this.wrapped = this.wrap;
      this.raw.view?.setWrap(this.wrap);
    }
    if (changed.has('ranges')) {
      this.rangeIndex = 0;
      // Raw: scroll before the template commits, while the layout is still clean (a cheap jump).
      if (this.status === 'ready' && this.currentMode === 'raw') this.applyRanges(true);
    }
  }

  protected override update(changed: PropertyValues<this>): void {
    super.update(changed);
    if (changed.has('ranges') && this.status === 'ready' && this.currentMode === 'rendered') this.applyRanges(true);
  }

  protected override firstUpdated(): void {
    // Token colours and the lazy parts' styles are adopted with the element's
    // own styles, not when a file opens: adopting a sheet later restyles the
    // whole shadow tree.
    adoptTokenSheet(this.renderRoot);
    adoptPartSheets(this.renderRoot);
    const body = this.renderRoot.querySelector<HTMLElement>('.body');
    if (body) this.raw.observe(body);
  }

  protected override updated(): void {
    if (this.status !== 'loading' && this.status !== 'ready') this.openSettled();
    if (this.status !== 'ready' || !this.file) return;
    if (this.currentMode === 'raw') this.raw.ensure();
    else this.rendered.ensure();
    this.find.retarget();
  }

  /** The mode shown now. */
  get currentMode(): QaPreviewMode {
    const path = this.file?.path ?? this.path ?? '';
    if (!isMarkdownPath(path) || this.rawOnly) return 'raw';
    return this.mode ?? rememberedMode(extensionOf(path)) ?? 'rendered';
  }

  /** Reads the file again (the Retry button). */
  retry(): void {
    this.load();
  }

  /** Makes range `index` (wrapping around) the current one and scrolls to it. */
  goToRange(index: number): void {
    const n = this.ranges.length;
    if (!n || this.status !== 'ready') return;
    this.rangeIndex = ((index % n) + n) % n;
    this.applyRanges(true);
  }

  /** Opens the find bar (Ctrl/Cmd+F), with `query` in it when given, and searches the file. */
  openFind(query?: string): void {
    if (this.status === 'ready') this.find.open(query);
  }

  /** Go to line (Ctrl/Cmd+G): Raw scrolls to the 1-based line, selects and flashes it; Rendered scrolls to the block holding it. */
  goToLine(line: number): void {
    if (this.status !== 'ready') return;
    this.find.goTo(line);
  }

  /** Turns Wrap lines on or off in Raw, and remembers the choice for the browser session. */
  setWrap(on: boolean): void {
    this.wrapped = on;
    this.wrap = on;
    rememberWrap(on);
    this.raw.view?.setWrap(on);
  }

  /** Lines wrap in Raw. */
  get wrapLines(): boolean {
    return this.wrapped;
  }

  /** Opens (true) or closes the `?` popover of keys, as its button does. */
  showKeys(open: boolean): void {
    this.help.set(open);
  }

  /** The link to the selected lines: the host's (`linkForRange`), else this page's address with `#L10-L20`. */
  lineLink(range: QaLineRange): string {
    return this.selection.link(range);
  }

  private onKeydown(e: KeyboardEvent): void {
    const command = keyCommand(e, {
      ready: this.status === 'ready',
      helpOpen: this.help.isOpen,
      findOpen: this.find.isOpen,
      rawSelection: !!this.selection.range && this.currentMode === 'raw',
      ranges: this.ranges.length,
      can: (a) => this.can(a),
    });
    if (!command) return;
    e.preventDefault();
    if (command.kind === 'close-help') this.help.set(false);
    else if (command.kind === 'find') this.find.open(command.query);
    else if (command.kind === 'close-find') this.find.close();
    else if (command.kind === 'clear-selection') this.selection.clear();
    else this.actions[command.action]?.();
  }

  private onToggle(mode: QaPreviewMode): void {
    if (mode === 'rendered' && this.rawOnly) return;
    this.setMode(mode, true);
  }

  /** `View raw at lines …`: Raw, scrolled to that range. */
  private viewRawAt(range: QaLineRange): void {
    this.raw.openAt(range);
    this.setMode('raw', false);
    this.requestUpdate();
    void this.updateComplete.then(() => this.raw.element?.focus({ preventScroll: true }));
  }

  private openExcerpt(): void {
    this.mode = 'raw';
    this.opened.openExcerpt();
  }

  private download(): void {
    if (this.file) downloadText(this.renderRoot, this.file.content, shownName(this.file.path));
  }

  protected override render(): TemplateResult {
    const t = this.t;
    const path = this.file?.path ?? this.path ?? '';
    return html`<div part="base" class="base" data-status=${this.status} lang=${this.localize.lang}>
      <header part="header" class="header">
        ${renderBreadcrumb(path, this.crumbsExpanded, t, () => (this.crumbsExpanded = true))}
        ${this.facts ? renderFacts(this.facts, t) : nothing}
        <div part="toolbar" class="toolbar">${this.renderToolbar()}</div>
        ${this.help.isOpen ? this.renderHelp() : nothing}
      </header>
      ${this.find.renderBar(t, this.localize.lang)}
      ${this.renderNotices()} ${this.renderChip()} ${this.renderSelection()}
      <div part="body" class="body">${this.renderBody()}</div>
    </div>`;
  }

  private renderToolbar(): TemplateResult {
    const state = {
      ready: this.status === 'ready',
      partial: this.partial,
      markdown: isMarkdownPath(this.file?.path ?? this.path ?? ''),
      mode: this.currentMode,
      rawOnly: this.rawOnly,
      wrapped: this.wrapped,
      fullView: this.fullView.active,
      helpOpen: this.help.isOpen,
      can: (a: PreviewAction) => this.can(a),
      find: this.find.renderButton(this.t),
    };
    return renderToolbar(state, this.t, { pickMode: (m) => this.onToggle(m), run: (a) => this.actions[a]?.() });
  }

  private renderHelp(): TemplateResult {
    const t = this.t;
    const f = this.facts;
    return this.help.render({
      id: `${this.idPrefix}keys`,
      facts: f ? [t('lineCount', { n: f.lines }), f.size, f.language].join(' · ') : null,
      t,
      can: (a) => this.can(a),
      label: (a) => (a === 'full-view' && this.fullView.active ? t('exitFullView') : null),
      run: (a) => this.actions[a]?.(),
    });
  }

  private renderNotices(): TemplateResult | typeof nothing {
    if (this.status !== 'ready') return nothing;
    const t = this.t;
    const raw = this.currentMode === 'raw';
    const notes: string[] = [];
    if (this.overRenderLimit) notes.push(t('renderLimit'));
    else if (this.rendered.tooComplex) notes.push(t('renderTooComplex'));
    else if (this.rendered.failed) notes.push(t('renderFailed'));
    if (this.partial) notes.push(t('partialNotice'));
    // Read only in Raw: a file shown Rendered has no raw document until it is needed.
    if (raw && this.doc?.hasBidi) notes.push(t('bidiWarning'));
    if (raw && this.doc?.hasInvisible) notes.push(t('invisibleWarning'));
    if (raw && this.doc?.hasLongLines) notes.push(t('colourCapped', { n: MAX_TOKENIZED_LINE }));
    return renderNotices(notes);
  }

  private renderChip(): TemplateResult | typeof nothing {
    if (this.status !== 'ready' || !this.ranges.length) return nothing;
    return renderRangesBar(this.ranges, this.rangeIndex, this.currentMode, this.t, {
      jump: () => this.goToRange(this.rangeIndex),
      step: (by) => this.goToRange(this.rangeIndex + by),
      viewRaw: (r) => this.viewRawAt(r),
    });
  }

  private renderSelection(): TemplateResult | typeof nothing {
    const range = this.selection.range;
    if (this.status !== 'ready' || !range || this.currentMode !== 'raw') return nothing;
    return renderSelectionBar(range, this.selection.note, this.t, {
      copyLines: () => this.selection.copyLines(),
      copyLink: () => this.selection.copyLink(),
      clear: () => this.selection.clear(),
    });
  }

  private renderBody(): unknown {
    const t = this.t;
    switch (this.status) {
      case 'idle':
        return nothing;
      case 'loading':
        return renderSkeleton(t);
      case 'error':
        return renderError(this.opened.errorKind, t, () => this.retry());
      case 'binary':
        return renderStateNotice(t('binary'));
      case 'empty':
        return renderStateNotice(t('emptyFile'));
      case 'too-large':
        return renderTooLarge(
          { size: this.file?.size ?? this.opened.tooLargeSize, limit: this.maxBytes, lang: this.localize.lang, excerpt: !!this.file?.content },
          t,
          { openExcerpt: () => this.openExcerpt(), download: () => this.download() },
        );
      case 'ready':
        return keyed(this.opened.generation, this.renderDocument());
    }
  }

  private renderDocument(): TemplateResult {
    const mode = this.currentMode;
    const renderable = isMarkdownPath(this.file!.path) && !this.overRenderLimit;
    return html`${renderable ? this.rendered.render(shownName(this.file!.path), mode !== 'rendered') : nothing}
      ${this.raw.render(this.wrapped, mode !== 'raw')}`;
  }

  private get t() {
    return this.localize.t.bind(this.localize);
  }

  /** Markdown over the render limit (opens Raw, with a notice). */
  private get overRenderLimit(): boolean {
    return !!this.file && isMarkdownPath(this.file.path || this.path || '') && (this.file?.size ?? 0) > this.maxMarkdownRenderBytes;
  }

  /** Markdown that can only be shown raw: over the render limit, too complex, or its rendering failed. */
  private get rawOnly(): boolean {
    return this.overRenderLimit || this.rendered.failed || this.rendered.tooComplex;
  }

  private get partial(): boolean {
    return this.opened.partial;
  }

  private get status(): PreviewStatus {
    return this.opened.status;
  }

  private get file(): QaFileContent | null {
    return this.opened.file;
  }

  /** The raw document of the file shown (the benchmarks wait on its colouring through it). */
  private get doc(): RawDocument | null {
    return this.opened.doc;
  }

  /** The file's facts for the header: lines, size and language. */
  private get facts(): FileFacts | null {
    if (this.status !== 'ready' || !this.file) return null;
    // Raw builds its document now (not after a count of its own): the header's line count is the document's.
    if (this.currentMode === 'raw') void this.doc;
    return fileFacts(this.file, this.opened.lines, this.localize.lang, this.t);
  }

  private load(): void {
    this.reset('loading');
    this.opening = true;
    const host = this.host!;
    const path = this.path!;
    const rendered = isMarkdownPath(path) && this.currentMode === 'rendered';
    // The raw view loads while the file is read (Markdown opened Raw, or switched to it later, needs it too).
    rawViewPart.load().catch(() => undefined);
    // The Markdown renderer loads and its parser starts while the file is read, so the first screen does not wait for them.
    if (rendered) this.rendered.warm();
    // Raw colours the file soon after it is shown: the highlighter (its worker, the themes) warms up once
    // the next frame is painted. With a host that takes a while, that frame shows the loading state and
    // the warm-up overlaps the read; with one that answers at once, the worker starts after the rows'
    // first frame, and the open's first task stays the file's: a worker asked for in it only starts once
    // the page's thread is free anyway (benchmark row "Raw, 57,220 lines: open → painted"). A rendered
    // document's fenced code is coloured only once its text is in, so a highlighter started now would
    // only take CPU from the document's first screen (benchmark row "Markdown 100 KB: open → first
    // screen painted"). A preview that has moved on to another file by then leaves it out.
    if (!rendered) void afterNextPaint().then(() => this.isConnected && this.path === path && warmHighlighter(languageForPath(path)));
    this.opened.read(host, { sessionId: this.sessionId, path, maxBytes: this.maxBytes, timeoutMs: this.timeoutMs });
  }

  private reset(status: PreviewStatus): void {
    this.rendered.reset();
    this.selection.reset();
    this.raw.reset();
    this.crumbsExpanded = false;
    this.opened.reset(status);
  }

  /** Marks the referenced ranges (the current one emphasised) in whichever mode is shown, and scrolls to the current one. */
  private applyRanges(scroll: boolean): void {
    if (this.currentMode === 'raw') this.raw.view?.setRanges(this.ranges, scroll ? (this.ranges[this.rangeIndex] ?? null) : null, this.rangeIndex);
    else this.rendered.mark(scroll);
  }

  private setMode(mode: QaPreviewMode, remember: boolean): void {
    if (mode === this.currentMode) return;
    const ext = extensionOf(this.file?.path ?? this.path ?? '');
    this.mode = mode;
    if (remember) rememberMode(ext, mode);
    this.dispatchEvent(new QaModeChangeEvent({ mode, extension: ext }));
  }

  /** What the find bar searches now: the raw view, or the rendered document once it is done. */
  private findSource(): FindSource {
    if (this.status !== 'ready') return null;
    if (this.currentMode === 'raw') return this.raw.view ? { kind: 'raw', view: this.raw.view } : null;
    return this.rendered.findSource(this.opened.lines);
  }

  /** What the actions see of the preview (for `canRun`). */
  private get actionState(): ActionState {
    return {
      status: this.status,
      path: this.file?.path ?? this.path ?? '',
      hasFile: !!this.file,
      rawOnly: this.rawOnly,
      mode: this.currentMode,
      ranges: this.ranges.length,
      selection: !!this.selection.range,
    };
  }

  /** True when `action` applies now (its key works, its button in the help is enabled). */
  private can(action: PreviewAction): boolean {
    return canRun(action, this.actionState);
  }
}
