import { LitElement, html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import { keyed } from 'lit/directives/keyed.js';
import { ref, createRef } from 'lit/directives/ref.js';
import { formatRange, sourcePath, type QaLineRange } from '../../model/display.js';
import { presentItem } from '../../model/item.js';
import { revealHidden } from '../../model/text.js';
import type { QaSourceReference } from '../../model/types.js';
import { isQaHostError, type QaFileContent, type QaSourcesHost } from '../../host/types.js';
import { drawBands, markRanges, markRuns } from '../../render/markdown/marks.js';
import { loadMarkdownRenderer } from '../../render/markdown/load.js';
import { adoptTokenSheet, MAX_TOKENIZED_LINE, warmHighlighter } from '../../render/highlight/index.js';
import { formatBytes } from '../../i18n/index.js';
import { hasNulBytes } from '../../workspace/bytes.js';
import { isBinaryMime, isMarkdownPath, languageForPath, languageName } from '../../workspace/languages.js';
import { rootRelative } from '../../workspace/links.js';
import { basename, extensionOf } from '../../workspace/paths.js';
import { QaCloseEvent, QaModeChangeEvent, QaRangeSelectEvent, QaRenderedEvent, QaSourceOpenEvent, type QaPreviewMode } from '../../events.js';
import { icons, previewIcons } from '../shared/icons.js';
import { LocalizeController } from '../shared/localize.js';
import { SchemeController } from '../shared/scheme.js';
import { base, tokens } from '../shared/styles.js';
import { previewStyles } from './file-preview.styles.js';
import { renderActionButton, renderBreadcrumb, renderFacts, renderModeToggle, renderToggleButton, type FileFacts } from './header.js';
import { actionFor, keysOf, withKey, type PreviewAction } from './keys.js';
import {
  renderError,
  renderKeysHelp,
  renderNotices,
  renderRangesBar,
  renderSelectionBar,
  renderSkeleton,
  renderStateNotice,
  renderTooLarge,
} from './states.js';
import {
  DEFAULT_MAX_BYTES,
  DEFAULT_MAX_MARKDOWN_RENDER_BYTES,
  DEFAULT_READ_TIMEOUT_MS,
  downloadText,
  fileSource,
  lineCountOf,
  rememberMode,
  rememberedMode,
  rememberWrap,
  rememberedWrap,
} from './preview-helpers.js';
import { FileLoadController } from './file-loader.js';
import { RawDocument } from './raw-document.js';
import type { RawView } from './raw-view.js';
import { loadedRawView, loadRawView } from './load-raw-view.js';
import { PreviewFind, selectRenderedLines, type FindSource } from './find-bar.js';

type Status = 'idle' | 'loading' | 'ready' | 'too-large' | 'binary' | 'empty' | 'error';

/** A file name as the preview shows it (labels, download name): hidden and direction-changing characters as visible markers. */
function shownName(path: string): string {
  return revealHidden(basename(path)).text;
}

let instances = 0;

/** Room left above a block scrolled into view in Rendered (px). */
const RENDERED_CONTEXT_PX = 12;
/** A block before the target is shown as its context when it starts at most this far above it (about five lines). */
const RENDERED_CONTEXT_MAX_PX = 110;

/**
 * The outermost rendered block (a child of a chunk) that reaches furthest
 * across viewport height `y`, found by bisection (blocks run down the page in
 * document order), or null.
 */
function blockAt(scroller: HTMLElement, y: number): HTMLElement | null {
  const all = scroller.querySelectorAll<HTMLElement>('.qa-markdown > .qa-chunk > *, .qa-markdown > :not(.qa-chunk)');
  let lo = 0;
  let hi = all.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (all[mid]!.getBoundingClientRect().top < y) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found >= 0 ? all[found]! : null;
}

/** `#L10-L20` (or `#L10`) as a range, or null. */
export function lineFragment(hash: string): QaLineRange | null {
  const m = /^#L(\d{1,9})(?:-L(\d{1,9}))?$/.exec(hash);
  if (!m) return null;
  const a = Number(m[1]);
  const b = m[2] ? Number(m[2]) : a;
  if (a < 1 || b < 1) return null;
  return { lineStart: Math.min(a, b), lineEnd: Math.max(a, b) };
}

/** A range as a line fragment, without the `#`: `L10-L20`, or `L10` for one line. */
export function formatLineFragment(r: QaLineRange): string {
  return r.lineStart === r.lineEnd ? `L${r.lineStart}` : `L${r.lineStart}-L${r.lineEnd}`;
}

/**
 * Puts `text` on the clipboard as plain text, synchronously inside the
 * user's click (a copy command whose event carries the text: no clipboard
 * permission needed). Returns false when the browser refused.
 */
function copyText(from: HTMLElement, text: string): boolean {
  const doc = from.ownerDocument;
  let done = false;
  const onCopy = (e: ClipboardEvent) => {
    if (!e.clipboardData) return;
    e.clipboardData.setData('text/plain', text);
    e.preventDefault();
    done = true;
  };
  doc.addEventListener('copy', onCopy, { capture: true });
  try {
    doc.execCommand('copy');
  } catch {
    done = false;
  } finally {
    doc.removeEventListener('copy', onCopy, { capture: true });
  }
  if (!done) void globalThis.navigator?.clipboard?.writeText(text).catch(() => undefined);
  return done;
}

/** The block just before `el` in reading order, inside `root` (the previous sibling, else the parent's). */
function previousBlock(el: HTMLElement, root: HTMLElement): HTMLElement | null {
  for (let at: Element | null = el; at && at !== root; at = at.parentElement) {
    const prev = at.previousElementSibling;
    if (prev instanceof HTMLElement && prev.getClientRects().length) return prev;
  }
  return null;
}

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
  // The Markdown styles come with the Markdown renderer (its lazy chunk): see `adoptMarkdownStyles`.
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

  @state() private status: Status = 'idle';
  @state() private file: QaFileContent | null = null;
  @state() private errorKind: 'timeout' | 'other' = 'other';
  @state() private excerptOpen = false;
  @state() private crumbsExpanded = false;
  @state() private markdownDone = false;
  /** The Markdown renderer failed on this file (or did not load): the file is shown raw, with a notice. */
  @state() private renderFailed = false;
  /** The Markdown file is over its work budget (too many or too deeply nested elements): shown raw, with a notice. */
  @state() private tooComplex = false;

  private readonly localize = new LocalizeController(this);
  private readonly idPrefix = `qa${++instances}-`;
  /** Reads the file: one read at a time, with its timeout; its generation tells stale work apart. */
  private readonly loader = new FileLoadController(this, { onFile: (file) => this.accept(file), onError: (e) => this.fail(e) });
  private renderAbort: AbortController | null = null;
  private doc: RawDocument | null = null;
  private rawView: RawView | null = null;
  private markdownStarted = false;
  /** Where Raw opens next (a range from the Rendered view), instead of the current range. */
  private pendingRawRange: QaLineRange | null = null;
  private pendingFragment: string | null = null;
  /** Index of the current range in `ranges` (the navigator's `Range 1 of 3`). */
  @state() private rangeIndex = 0;
  /** Lines selected by their numbers in Raw (1-based, inclusive), or null. */
  @state() private lineSelection: QaLineRange | null = null;
  /** What the last Copy did, announced in the selection bar. */
  @state() private copyNote = '';
  /** Raw wraps long lines (Wrap lines; remembered for the browser session). */
  @state() private wrapped = rememberedWrap();
  /** The `?` popover of keys and actions is open. */
  @state() private helpOpen = false;
  /** The preview fills the screen (the Fullscreen API). */
  @state() private fullView = false;
  /** The open file has lines too long to colour (computed once per file). */
  private longLines: boolean | null = null;
  private readonly rawRef = createRef<HTMLDivElement>();
  /** Height of the body part at its last layout: the raw view's likely height before it is laid out. */
  private bodyHeight: number | null = null;
  private bodyResize: ResizeObserver | null = null;
  private readonly markdownRef = createRef<HTMLDivElement>();
  /** The layer of the marked-run bands behind the rendered document. */
  private readonly bandsRef = createRef<HTMLDivElement>();
  /** Redraws the bands when the document's layout changes (images, fonts, width). */
  private bandsResize: ResizeObserver | null = null;
  private readonly rulerRef = createRef<HTMLDivElement>();
  /** Find in the file and go to line (the find bar). */
  private readonly find = new PreviewFind(this, () => this.findSource());

  constructor() {
    super();
    new SchemeController(this);
    this.addEventListener('keydown', (e) => this.onKeydown(e));
    this.addEventListener('fullscreenchange', () => (this.fullView = this.ownerDocument.fullscreenElement === this));
  }

  override connectedCallback(): void {
    super.connectedCallback();
    // Start the highlighter's worker early, off the path of opening a file.
    setTimeout(() => warmHighlighter(), 0);
    if (this.hasUpdated && this.path && this.status === 'loading') this.load();
  }

  protected override firstUpdated(): void {
    // Token colours are adopted with the element's own styles, not when a file
    // opens: adopting a sheet later restyles the whole shadow tree.
    adoptTokenSheet(this.renderRoot);
    const body = this.renderRoot.querySelector<HTMLElement>('.body');
    if (!body) return;
    this.bodyResize = new ResizeObserver((entries) => {
      const box = entries[entries.length - 1]?.contentBoxSize?.[0];
      this.bodyHeight = box && box.blockSize > 0 ? box.blockSize : null;
    });
    this.bodyResize.observe(body);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.renderAbort?.abort();
    this.rawView?.destroy();
    this.rawView = null;
  }

  /** The mode shown now. */
  get currentMode(): QaPreviewMode {
    const path = this.file?.path ?? this.path ?? '';
    if (!isMarkdownPath(path) || this.overRenderLimit || this.renderFailed || this.tooComplex) return 'raw';
    return this.mode ?? rememberedMode(extensionOf(path)) ?? 'rendered';
  }

  private get overRenderLimit(): boolean {
    return !!this.file && isMarkdownPath(this.file.path || this.path || '') && this.byteSize > this.maxMarkdownRenderBytes;
  }

  private get byteSize(): number {
    return this.file?.size ?? 0;
  }

  private get partial(): boolean {
    return !!this.file && (this.file.truncated || this.excerptOpen);
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
      this.rawView?.setWrap(this.wrap);
    }
    if (changed.has('ranges')) {
      this.rangeIndex = 0;
      // Raw: scroll before the template commits, while the layout is still clean (a cheap jump).
      if (this.status === 'ready' && this.currentMode === 'raw') this.applyRanges(true);
    }
  }

  private reset(status: Status): void {
    this.bandsResize?.disconnect();
    this.bandsResize = null;
    this.lineSelection = null;
    this.longLines = null;
    this.copyNote = '';
    this.loader.drop();
    this.renderAbort?.abort();
    this.rawView?.destroy();
    this.rawView = null;
    this.doc?.dispose();
    this.doc = null;
    this.file = null;
    this.excerptOpen = false;
    this.crumbsExpanded = false;
    this.markdownStarted = false;
    this.markdownDone = false;
    this.renderFailed = false;
    this.tooComplex = false;
    this.status = status;
  }

  /** Reads the file again (the Retry button). */
  retry(): void {
    this.load();
  }

  private load(): void {
    this.reset('loading');
    const host = this.host!;
    const path = this.path!;
    const rendered = isMarkdownPath(path) && this.currentMode === 'rendered';
    // The raw view loads while the file is read (Markdown opened Raw, or switched to it later, needs it too).
    loadRawView().catch(() => undefined);
    // The Markdown renderer loads and its parser starts while the file is read, so the first screen does not wait for them.
    if (rendered)
      loadMarkdownRenderer().then(
        (m) => {
          this.adoptMarkdownStyles(m.markdownStyles.styleSheet);
          m.warmMarkdown();
        },
        () => undefined,
      );
    warmHighlighter(rendered ? null : languageForPath(path));
    this.loader.read(host, { sessionId: this.sessionId, path, maxBytes: this.maxBytes, timeoutMs: this.timeoutMs });
  }

  /** Shows a file the host answered with (checked by the loader: the documented shape, the path asked for). */
  private accept(file: QaFileContent): void {
    this.file = file;
    if (isBinaryMime(file.mime) || hasNulBytes(file.content)) this.status = 'binary';
    else if (file.size > this.maxBytes) this.status = 'too-large';
    else if (file.content === '' && !file.truncated) this.status = 'empty';
    else this.open();
  }

  private open(): void {
    const file = this.file!;
    this.doc = new RawDocument(file.content, languageForPath(file.path));
    this.status = 'ready';
  }

  private fail(e: unknown): void {
    let code: string | null = null;
    let size: unknown = null;
    try {
      // A rejection reason is untrusted too: a proxy or getter may throw when read.
      if (isQaHostError(e)) {
        code = e.code;
        size = e.details?.size;
      }
    } catch {
      code = null;
    }
    if (code === 'unsupported') {
      this.status = 'binary';
      return;
    }
    if (code === 'too-large') {
      this.file = null;
      this.status = 'too-large';
      this.tooLargeSize = typeof size === 'number' && Number.isFinite(size) && size >= 0 ? size : null;
      return;
    }
    this.errorKind = code === 'timeout' ? 'timeout' : 'other';
    this.status = 'error';
  }

  private tooLargeSize: number | null = null;

  protected override updated(): void {
    if (this.status !== 'ready' || !this.doc || !this.file) return;
    if (this.currentMode === 'raw') this.ensureRaw();
    else this.ensureMarkdown();
    this.find.retarget();
  }

  protected override update(changed: PropertyValues<this>): void {
    super.update(changed);
    if (changed.has('ranges') && this.status === 'ready' && this.currentMode === 'rendered') this.applyRanges(true);
  }

  private ensureRaw(): void {
    const el = this.rawRef.value;
    if (!el || !this.doc) return;
    if (this.rawView && this.rawView.scroller === el) {
      if (this.pendingRawRange !== null) this.rawView.scrollToRange(this.pendingRawRange);
      this.pendingRawRange = null;
      return;
    }
    const module = loadedRawView();
    if (!module) {
      const id = this.loader.generation;
      loadRawView().then(
        () => {
          if (id === this.loader.generation) this.requestUpdate();
        },
        (error: unknown) => {
          if (id !== this.loader.generation) return;
          console.warn(`qa-sources-kit: could not load the raw view (${error instanceof Error ? error.message : String(error)}).`);
          this.errorKind = 'other';
          this.status = 'error';
        },
      );
      return;
    }
    this.rawView?.destroy();
    adoptTokenSheet(el);
    const t = this.localize.t.bind(this.localize);
    const path = this.file!.path;
    const id = this.loader.generation;
    this.rawView = new module.RawView(el, this.doc, {
      label: `${t('raw')}: ${shownName(path)}`,
      bidiLabel: t('bidiWarning'),
      invisibleLabel: t('invisibleWarning'),
      heightHint: this.bodyHeight,
      onSelectLines: (range) => this.onSelectLines(path, range),
      wrap: this.wrapped,
      ruler: this.rulerRef.value ?? null,
      onLaidOut: () => {
        if (id === this.loader.generation) this.dispatchEvent(new QaRenderedEvent({ path, mode: 'raw' }));
      },
    });
    this.rawView.setRanges(this.ranges, null, this.rangeIndex);
    // A page opened at a line link (`#L10-L20`) shows and selects those lines.
    const fragment = this.pendingRawRange ? null : lineFragment(globalThis.location?.hash ?? '');
    if (fragment) {
      this.rawView.selectLines(fragment);
      this.lineSelection = this.rawView.selectedLines;
    } else if (this.lineSelection) this.rawView.selectLines(this.lineSelection);
    const range = this.pendingRawRange ?? fragment ?? this.ranges[this.rangeIndex] ?? null;
    this.pendingRawRange = null;
    this.rawView.open(range);
  }

  private ensureMarkdown(): void {
    const el = this.markdownRef.value;
    if (!el || this.markdownStarted || !this.file) return;
    this.markdownStarted = true;
    this.renderAbort?.abort();
    const ctl = new AbortController();
    this.renderAbort = ctl;
    const id = this.loader.generation;
    const { host, sessionId } = this;
    const fromPath = this.file.path;
    adoptTokenSheet(el);
    const file = this.file;
    loadMarkdownRenderer()
      .then(({ renderMarkdown, markdownStyles }) => {
        if (id !== this.loader.generation || ctl.signal.aborted) return;
        this.adoptMarkdownStyles(markdownStyles.styleSheet);
        return renderMarkdown(el, file.content, {
          path: fromPath,
          // The renderer resolved the link already: the host is asked with its root-relative form, which reads as that path alone.
          resolveLink: (p) => host?.resolveLink?.({ sessionId, fromPath, href: rootRelative(p) }) ?? Promise.resolve(null),
          allowRemoteImages: this.allowRemoteImages,
          idPrefix: this.idPrefix,
          ranges: this.ranges,
          signal: ctl.signal,
        }).then(() => {
          if (id !== this.loader.generation || ctl.signal.aborted) return;
          this.markdownDone = true;
          this.applyRanges(true);
          // A page opened at a line link (`#L10-L20`) marks and shows the blocks holding those lines.
          const lines = lineFragment(globalThis.location?.hash ?? '');
          const selected = lines ? selectRenderedLines(el, lines) : [];
          if (selected.length) this.scrollToBlocks(selected);
          if (this.pendingFragment) this.scrollToFragment(this.pendingFragment);
          this.pendingFragment = null;
          this.dispatchEvent(new QaRenderedEvent({ path: fromPath, mode: 'rendered' }));
        });
      })
      .catch((error: unknown) => {
        // Aborted: a newer file or render took over. Anything else (the renderer failed or did not load): Raw still works.
        if (id !== this.loader.generation || ctl.signal.aborted || (error instanceof DOMException && error.name === 'AbortError')) return;
        // Over the work budget (checked before anything is built): Raw, like a file over the size limit.
        if (error instanceof Error && error.name === 'MarkdownTooComplexError') this.tooComplex = true;
        else {
          this.renderFailed = true;
          console.warn(`qa-sources-kit: could not render ${fromPath} (${error instanceof Error ? error.message : String(error)}); showing its source.`);
        }
      });
  }

  /** Marks the referenced ranges (the current one emphasised) in whichever mode is shown, and scrolls to the current one. */
  private applyRanges(scroll: boolean): void {
    const current = this.ranges[this.rangeIndex] ?? null;
    if (this.currentMode === 'raw') {
      this.rawView?.setRanges(this.ranges, scroll ? current : null, this.rangeIndex);
    } else if (this.markdownDone && this.markdownRef.value) {
      const blocks = markRanges(this.markdownRef.value, this.ranges, this.rangeIndex);
      this.drawMarkBands();
      if (scroll && blocks.length) this.scrollToBlocks(blocks);
    }
  }

  /** One band per run of marked blocks behind the rendered text, with its `lines 27–36` label; redrawn when the layout changes. */
  private drawMarkBands(): void {
    const root = this.markdownRef.value;
    const layer = this.bandsRef.value;
    if (!root || !layer) return;
    const t = this.localize.t.bind(this.localize);
    const runs = markRuns(root, this.ranges, this.rangeIndex);
    drawBands(layer, runs, (r, short) => (short ? formatRange(r) : t('markedLines', { range: formatRange(r) })));
    if (!this.bandsResize) {
      let last = -1;
      this.bandsResize = new ResizeObserver((entries) => {
        const box = entries[entries.length - 1]?.borderBoxSize?.[0];
        const size = box ? box.blockSize * 100_000 + box.inlineSize : 0;
        if (size === last) return;
        last = size;
        // In a task of its own: drawing reads layout, which must not happen inside the observer's step.
        setTimeout(() => this.drawMarkBands(), 0);
      });
      this.bandsResize.observe(root);
    }
  }

  /**
   * Scrolls rendered blocks into view with their context: the block just
   * before them too (a heading, a lead-in line) when it is short and
   * everything fits, else the blocks' start with a little room. The top edge
   * never cuts a block in half: it falls between blocks.
   */
  private scrollToBlocks(blocks: HTMLElement[], withContext = true): void {
    const scroller = this.renderRoot.querySelector<HTMLElement>('.md-scroll');
    if (!scroller || !blocks.length) return;
    const origin = scroller.getBoundingClientRect().top - scroller.scrollTop;
    const first = blocks[0]!.getBoundingClientRect();
    const last = blocks[blocks.length - 1]!.getBoundingClientRect();
    const view = scroller.clientHeight;
    const top = first.top - origin;
    const bottom = last.bottom - origin;
    const prev = previousBlock(blocks[0]!, scroller);
    let target = Math.max(0, top - RENDERED_CONTEXT_PX);
    if (prev) {
      const p = prev.getBoundingClientRect();
      const pTop = p.top - origin;
      const pBottom = p.bottom - origin;
      if (withContext && top - pTop <= RENDERED_CONTEXT_MAX_PX && bottom - pTop + RENDERED_CONTEXT_PX <= view) target = Math.max(0, pTop - RENDERED_CONTEXT_PX);
      // Without it: start below it, so none of it shows cut (a heading's lower half, a callout's last edge).
      else if (pBottom > target) target = Math.min(top, pBottom);
      // With it: the block before it must not show cut either.
      const before = target < pTop ? previousBlock(prev, scroller) : null;
      const bBottom = before ? before.getBoundingClientRect().bottom - origin : -Infinity;
      if (bBottom > target) target = Math.min(pTop, bBottom);
    }
    scroller.scrollTop = target;
    // Near the end of the document the scroller may stop short of the target: a block can still be cut at the top edge.
    // Then show it whole when the blocks still fit below it, else start just below it.
    const edge = scroller.getBoundingClientRect().top;
    const cut = blockAt(scroller, edge);
    if (cut && !cut.contains(blocks[0]!)) {
      const c = cut.getBoundingClientRect();
      if (c.top < edge - 0.5 && c.bottom > edge + 0.5) {
        const now = edge - scroller.scrollTop;
        const cTop = c.top - now;
        scroller.scrollTop = bottom - cTop + RENDERED_CONTEXT_PX <= view ? Math.max(0, cTop - RENDERED_CONTEXT_PX) : Math.min(top, c.bottom - now);
      }
    }
  }

  /** Scrolls to an anchor's target: it at the top (nothing cut above it). */
  private scrollWithin(target: HTMLElement): void {
    this.scrollToBlocks([target], false);
  }

  private scrollToFragment(fragment: string): void {
    const root = this.markdownRef.value;
    if (!root) return;
    const target =
      root.querySelector<HTMLElement>(`[id="${CSS.escape(this.idPrefix + fragment)}"]`) ?? root.querySelector<HTMLElement>(`[id="${CSS.escape(fragment)}"]`);
    if (target) this.scrollWithin(target);
  }

  private setMode(mode: QaPreviewMode, remember: boolean): void {
    if (mode === this.currentMode) return;
    const ext = extensionOf(this.file?.path ?? this.path ?? '');
    this.mode = mode;
    if (remember) rememberMode(ext, mode);
    this.dispatchEvent(new QaModeChangeEvent({ mode, extension: ext }));
  }

  private onToggle(mode: QaPreviewMode): void {
    if (mode === 'rendered' && (this.overRenderLimit || this.renderFailed || this.tooComplex)) return;
    this.setMode(mode, true);
  }

  /** `View raw at lines …`: Raw, scrolled to that range. */
  private viewRawAt(range: QaLineRange): void {
    this.pendingRawRange = range;
    this.setMode('raw', false);
    this.requestUpdate();
    void this.updateComplete.then(() => this.rawRef.value?.focus({ preventScroll: true }));
  }

  /** Makes range `index` (wrapping around) the current one and scrolls to it. */
  goToRange(index: number): void {
    const n = this.ranges.length;
    if (!n || this.status !== 'ready') return;
    this.rangeIndex = ((index % n) + n) % n;
    this.applyRanges(true);
  }

  /** Next (`+1`) or previous (`-1`) referenced range. */
  private stepRange(by: 1 | -1): void {
    this.goToRange(this.rangeIndex + by);
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

  /** What the find bar searches now: the raw view, or the rendered document once it is done. */
  private findSource(): FindSource {
    if (this.status !== 'ready' || !this.doc) return null;
    if (this.currentMode === 'raw') return this.rawView ? { kind: 'raw', view: this.rawView } : null;
    const root = this.markdownRef.value;
    const scroller = this.renderRoot.querySelector<HTMLElement>('.md-scroll');
    if (!this.markdownDone || !root || !scroller) return null;
    return { kind: 'rendered', root, scroller, lines: this.doc.count, scrollToBlock: (b) => this.scrollToBlocks([b]) };
  }

  private onKeydown(e: KeyboardEvent): void {
    if (e.defaultPrevented) return;
    if (e.key === 'Escape' && this.helpOpen) {
      // Escape first closes the popover of keys.
      e.preventDefault();
      this.setHelp(false);
      return;
    }
    // Ctrl/Cmd+F: find in the file; Ctrl/Cmd+G: go to line (the find bar, starting with `:`). Escape closes the bar first.
    if (this.status === 'ready' && (e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && /^[fg]$/i.test(e.key)) {
      e.preventDefault();
      this.find.open(e.key.toLowerCase() === 'g' ? ':' : undefined);
      return;
    }
    if (e.key === 'Escape' && this.find.isOpen) {
      e.preventDefault();
      this.find.close();
      return;
    }
    if (e.key === 'Escape' && this.lineSelection && this.currentMode === 'raw') {
      // Escape first clears a selection of lines; the next one closes.
      e.preventDefault();
      this.clearSelection();
      return;
    }
    if (e.key === 'Escape') {
      e.preventDefault();
      this.dispatchEvent(new QaCloseEvent());
      return;
    }
    // F8 / Shift+F8 (as VS Code steps through changes), or Alt+↓ / Alt+↑: next / previous range.
    const next = (e.key === 'F8' && !e.shiftKey) || (e.altKey && e.key === 'ArrowDown');
    const prev = (e.key === 'F8' && e.shiftKey) || (e.altKey && e.key === 'ArrowUp');
    if ((next || prev) && this.ranges.length && this.status === 'ready' && !e.ctrlKey && !e.metaKey) {
      e.preventDefault();
      this.stepRange(next ? 1 : -1);
      return;
    }
    const action = actionFor(e);
    if (!action || action === 'close' || action === 'next-range' || action === 'previous-range' || !this.can(action)) return;
    e.preventDefault();
    this.run(action);
  }

  /** True when `action` applies now (its key works, its button in the help is enabled). */
  private can(action: PreviewAction): boolean {
    const ready = this.status === 'ready';
    const path = this.file?.path ?? this.path ?? '';
    switch (action) {
      case 'help':
      case 'close':
        return true;
      case 'toggle-mode':
        return ready && isMarkdownPath(path) && !(this.overRenderLimit || this.renderFailed || this.tooComplex);
      case 'wrap':
        return ready && this.currentMode === 'raw';
      case 'full-view':
        return !!path && this.status !== 'idle';
      case 'download':
        return !!this.file && (ready || this.status === 'too-large' || this.status === 'empty');
      case 'next-range':
      case 'previous-range':
        return ready && this.ranges.length > 0;
      case 'copy-lines':
      case 'copy-link':
        return ready && !!this.lineSelection && this.currentMode === 'raw';
      default:
        return false;
    }
  }

  /** Does `action` (a key, or its button in the help). */
  private run(action: PreviewAction): void {
    switch (action) {
      case 'help':
        this.setHelp(!this.helpOpen);
        break;
      case 'close':
        this.dispatchEvent(new QaCloseEvent());
        break;
      case 'toggle-mode':
        this.onToggle(this.currentMode === 'raw' ? 'rendered' : 'raw');
        break;
      case 'wrap':
        this.setWrap(!this.wrapped);
        break;
      case 'full-view':
        this.toggleFullView();
        break;
      case 'download':
        this.download();
        break;
      case 'next-range':
        this.stepRange(1);
        break;
      case 'previous-range':
        this.stepRange(-1);
        break;
      case 'copy-lines':
        this.copyLines();
        break;
      case 'copy-link':
        this.copyLink();
        break;
      default:
        break;
    }
  }

  /** Turns Wrap lines on or off in Raw, and remembers the choice for the browser session. */
  setWrap(on: boolean): void {
    this.wrapped = on;
    this.wrap = on;
    rememberWrap(on);
    this.rawView?.setWrap(on);
  }

  /** Lines wrap in Raw. */
  get wrapLines(): boolean {
    return this.wrapped;
  }

  /** Open in full view: the host's `openFullView` when it has one, else the preview fills the screen (again: back). */
  private toggleFullView(): void {
    const doc = this.ownerDocument;
    if (doc.fullscreenElement === this) {
      void doc.exitFullscreen().catch(() => undefined);
      return;
    }
    const host = this.host;
    if (host && typeof host.openFullView === 'function') {
      try {
        host.openFullView({
          sessionId: this.sessionId,
          path: this.file?.path ?? this.path ?? '',
          ranges: this.ranges.map((r) => ({ ...r })),
          mode: this.currentMode,
        });
      } catch {
        // A host hook that fails leaves the preview as it is.
      }
      return;
    }
    void this.requestFullscreen?.().catch(() => undefined);
  }

  /** Opens (true) or closes the `?` popover of keys, as its button does. */
  showKeys(open: boolean): void {
    this.setHelp(open);
  }

  /** Opens or closes the `?` popover; focus goes into it, and back to its button when it closes. */
  private setHelp(open: boolean, refocus = true): void {
    if (open === this.helpOpen) return;
    this.helpOpen = open;
    void this.updateComplete.then(() => {
      const root = this.renderRoot;
      if (open) root.querySelector<HTMLElement>('.keys-help .keys-action:not(:disabled)')?.focus();
      else if (refocus) root.querySelector<HTMLElement>('.help-button')?.focus();
    });
  }

  /** Arrow keys move between the popover's buttons. */
  private onHelpKeydown(e: KeyboardEvent): void {
    if (e.altKey || e.ctrlKey || e.metaKey || !['ArrowDown', 'ArrowUp', 'Home', 'End'].includes(e.key)) return;
    const buttons = [...this.renderRoot.querySelectorAll<HTMLElement>('.keys-help .keys-action:not(:disabled)')];
    if (!buttons.length) return;
    e.preventDefault();
    const active = this.renderRoot instanceof ShadowRoot ? this.renderRoot.activeElement : null;
    const at = buttons.indexOf(active as HTMLElement);
    const n = buttons.length;
    const next = e.key === 'Home' ? 0 : e.key === 'End' ? n - 1 : (at + (e.key === 'ArrowDown' ? 1 : -1) + n) % n;
    buttons[next]!.focus();
  }

  /** Focus leaving the popover (not to its own button) closes it. */
  private onHelpFocusOut(e: FocusEvent): void {
    const to = e.relatedTarget as Node | null;
    const pop = this.renderRoot.querySelector('.keys-help');
    if (!to || pop?.contains(to) || (to as Element).classList?.contains('help-button')) return;
    this.setHelp(false, false);
  }

  /** The file's facts for the header: lines, size and language. */
  private get facts(): FileFacts | null {
    if (this.status !== 'ready' || !this.file || !this.doc) return null;
    const path = this.file.path;
    const lang = languageForPath(path);
    return {
      lines: this.doc.count || lineCountOf(this.file.content),
      size: formatBytes(this.byteSize, this.localize.lang),
      language: isMarkdownPath(path) ? 'Markdown' : lang ? languageName(lang) : this.localize.t('plainText'),
    };
  }

  /** True when the file has a line too long to colour (Raw says so). */
  private get hasLongLines(): boolean {
    const doc = this.doc;
    if (!doc || !this.file || !languageForPath(this.file.path)) return false;
    if (this.longLines === null) {
      let long = false;
      for (let i = 0; i < doc.count && !long; i += 1) long = doc.lineLength(i) >= MAX_TOKENIZED_LINE;
      this.longLines = long;
    }
    return this.longLines;
  }

  private onSelectLines(path: string, range: QaLineRange): void {
    this.lineSelection = range;
    this.copyNote = '';
    this.dispatchEvent(new QaRangeSelectEvent({ path, lineStart: range.lineStart, lineEnd: range.lineEnd }));
  }

  private clearSelection(): void {
    this.rawView?.selectLines(null);
    this.lineSelection = null;
    this.copyNote = '';
    this.rawRef.value?.focus({ preventScroll: true });
  }

  /** Copy lines: the selected lines' text, without their numbers. */
  private copyLines(): void {
    const text = this.rawView?.selectedLinesText() ?? '';
    const t = this.localize.t.bind(this.localize);
    this.copyNote = copyText(this, text) ? t('copiedLines') : t('copyFailed');
  }

  /** The link to the selected lines: the host's (`linkForRange`), else this page's address with `#L10-L20`. */
  lineLink(range: QaLineRange): string {
    const path = this.file?.path ?? this.path ?? '';
    let link: string | null;
    try {
      const made: unknown = this.host?.linkForRange?.({ sessionId: this.sessionId, path, lineStart: range.lineStart, lineEnd: range.lineEnd });
      link = typeof made === 'string' && made !== '' ? made : null;
    } catch {
      link = null;
    }
    if (link) return link;
    const page = globalThis.location?.href ?? '';
    return `${page.split('#')[0]}#${formatLineFragment(range)}`;
  }

  private copyLink(): void {
    if (!this.lineSelection) return;
    const t = this.localize.t.bind(this.localize);
    this.copyNote = copyText(this, this.lineLink(this.lineSelection)) ? t('copiedLink') : t('copyFailed');
  }

  private download(): void {
    if (this.file) downloadText(this.renderRoot, this.file.content, shownName(this.file.path));
  }

  private onMarkdownClick(e: MouseEvent): void {
    const a = (e.target as Element | null)?.closest?.('a[data-qa-link]') as HTMLAnchorElement | null;
    if (!a || e.defaultPrevented) return;
    const kind = a.dataset.qaLink;
    if (kind === 'anchor') {
      e.preventDefault();
      const target = this.markdownRef.value?.querySelector<HTMLElement>(`[id="${CSS.escape(a.dataset.qaTarget ?? '')}"]`);
      if (target) {
        this.scrollWithin(target);
        if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
        target.focus({ preventScroll: true });
      }
    } else if (kind === 'workspace') {
      e.preventDefault();
      const path = a.dataset.qaTarget ?? '';
      if (!path) return;
      const event = new QaSourceOpenEvent({ path, ranges: [], source: fileSource(path), location: null, href: null });
      this.dispatchEvent(event);
      if (!event.defaultPrevented) {
        this.pendingFragment = a.dataset.qaFragment || null;
        this.ranges = [];
        this.path = path;
      }
    }
  }

  /**
   * Adds the Markdown renderer's style sheet to the shadow root, before the
   * preview's own (which refine it), once: it is part of the renderer's lazy
   * chunk, so a page that never opens Markdown never downloads it.
   */
  private adoptMarkdownStyles(sheet: CSSStyleSheet | undefined): void {
    const root = this.renderRoot;
    if (!sheet || !(root instanceof ShadowRoot) || root.adoptedStyleSheets.includes(sheet)) return;
    const sheets = [...root.adoptedStyleSheets];
    const own = previewStyles.styleSheet;
    const at = own ? sheets.indexOf(own) : -1;
    sheets.splice(at < 0 ? sheets.length : at, 0, sheet);
    root.adoptedStyleSheets = sheets;
  }

  protected override render(): TemplateResult {
    const t = this.localize.t.bind(this.localize);
    const path = this.file?.path ?? this.path ?? '';
    return html`<div part="base" class="base" data-status=${this.status} lang=${this.localize.lang}>
      <header part="header" class="header">
        ${renderBreadcrumb(path, this.crumbsExpanded, t, () => (this.crumbsExpanded = true))}
        ${this.facts ? renderFacts(this.facts, t) : nothing}
        <div part="toolbar" class="toolbar">${this.renderToolbar()}</div>
        ${this.helpOpen ? this.renderHelp() : nothing}
      </header>
      ${this.find.renderBar(t, this.localize.lang)}
      ${this.renderNotices()} ${this.renderChip()} ${this.renderSelection()}
      <div part="body" class="body">${this.renderBody()}</div>
    </div>`;
  }

  private renderToolbar(): TemplateResult {
    const t = this.localize.t.bind(this.localize);
    const path = this.file?.path ?? this.path ?? '';
    const ready = this.status === 'ready';
    const canDownload = !!this.file && (ready || this.status === 'too-large' || this.status === 'empty');
    return html`${this.partial && ready ? html`<span class="badge partial" title=${t('partial')}>${icons.partial()}<span class="badge-label">${t('partial')}</span></span>` : nothing}
      ${isMarkdownPath(path) && ready ? renderModeToggle(this.currentMode, this.overRenderLimit || this.renderFailed || this.tooComplex, t, (m) => this.onToggle(m)) : nothing}
      ${ready ? this.find.renderButton(t) : nothing}
      ${
        ready && this.currentMode === 'raw'
          ? renderToggleButton({
              label: t('wrapLines'),
              title: withKey(t('wrapLines'), 'wrap'),
              keys: keysOf('wrap'),
              pressed: this.wrapped,
              icon: previewIcons.wrap(),
              cls: 'wrap-button wide-only',
              onClick: () => this.setWrap(!this.wrapped),
            })
          : nothing
      }
      ${renderActionButton({
        label: this.fullView ? t('exitFullView') : t('openFullView'),
        title: withKey(this.fullView ? t('exitFullView') : t('openFullView'), 'full-view'),
        keys: keysOf('full-view'),
        disabled: !this.can('full-view'),
        icon: this.fullView ? previewIcons.exitFullView() : previewIcons.fullView(),
        cls: 'full-view-button wide-only',
        onClick: () => this.toggleFullView(),
      })}
      <button part="button" class="icon-button wide-only" type="button" title=${withKey(t('download'), 'download')} aria-label=${t('download')} aria-keyshortcuts=${keysOf('download') ?? nothing} ?disabled=${!canDownload} @click=${() => this.download()}>
        ${icons.download()}
      </button>
      ${renderActionButton({ label: t('keyboardHelp'), title: withKey(t('keyboardHelp'), 'help'), keys: keysOf('help'), expanded: this.helpOpen, icon: previewIcons.keyboard(), cls: 'help-button', onClick: () => this.setHelp(!this.helpOpen) })}
      <button part="button" class="icon-button" type="button" title=${t('close')} aria-label=${t('close')} @click=${() => this.dispatchEvent(new QaCloseEvent())}>
        ${icons.close()}
      </button>`;
  }

  private renderHelp(): TemplateResult {
    const t = this.localize.t.bind(this.localize);
    const f = this.facts;
    return html`<div class="keys-help-wrap" @focusout=${(e: FocusEvent) => this.onHelpFocusOut(e)}>
      ${renderKeysHelp(
        {
          id: `${this.idPrefix}keys`,
          facts: f ? [t('lineCount', { n: f.lines }), f.size, f.language].join(' · ') : null,
          t,
          can: (a) => this.can(a),
          label: (a) => (a === 'full-view' && this.fullView ? t('exitFullView') : null),
        },
        {
          run: (a) => {
            this.setHelp(false);
            this.run(a);
          },
          close: () => this.setHelp(false),
          keydown: (e) => this.onHelpKeydown(e),
        },
      )}
    </div>`;
  }

  private renderNotices(): TemplateResult | typeof nothing {
    if (this.status !== 'ready') return nothing;
    const t = this.localize.t.bind(this.localize);
    const notes: string[] = [];
    if (this.overRenderLimit) notes.push(t('renderLimit'));
    else if (this.tooComplex) notes.push(t('renderTooComplex'));
    else if (this.renderFailed) notes.push(t('renderFailed'));
    if (this.partial) notes.push(t('partialNotice'));
    if (this.doc?.hasBidi && this.currentMode === 'raw') notes.push(t('bidiWarning'));
    if (this.doc?.hasInvisible && this.currentMode === 'raw') notes.push(t('invisibleWarning'));
    if (this.currentMode === 'raw' && this.hasLongLines) notes.push(t('colourCapped', { n: MAX_TOKENIZED_LINE.toLocaleString(this.localize.lang) }));
    return renderNotices(notes);
  }

  private renderChip(): TemplateResult | typeof nothing {
    if (this.status !== 'ready' || !this.ranges.length) return nothing;
    return renderRangesBar(this.ranges, this.rangeIndex, this.currentMode, this.localize.t.bind(this.localize), {
      jump: () => this.goToRange(this.rangeIndex),
      step: (by) => this.stepRange(by),
      viewRaw: (r) => this.viewRawAt(r),
    });
  }

  private renderSelection(): TemplateResult | typeof nothing {
    if (this.status !== 'ready' || !this.lineSelection || this.currentMode !== 'raw') return nothing;
    return renderSelectionBar(this.lineSelection, this.copyNote, this.localize.t.bind(this.localize), {
      copyLines: () => this.copyLines(),
      copyLink: () => this.copyLink(),
      clear: () => this.clearSelection(),
    });
  }

  private renderBody(): unknown {
    const t = this.localize.t.bind(this.localize);
    const lang = this.localize.lang;
    switch (this.status) {
      case 'idle':
        return nothing;
      case 'loading':
        return renderSkeleton(t);
      case 'error':
        return renderError(this.errorKind, t, () => this.retry());
      case 'binary':
        return renderStateNotice(t('binary'));
      case 'empty':
        return renderStateNotice(t('emptyFile'));
      case 'too-large':
        return renderTooLarge(
          {
            size: this.file?.size ?? this.tooLargeSize,
            limit: this.maxBytes,
            lang,
            excerpt: !!this.file?.content,
          },
          t,
          { openExcerpt: () => this.openExcerpt(), download: () => this.download() },
        );
      case 'ready':
        return keyed(this.loader.generation, this.renderDocument());
    }
  }

  private openExcerpt(): void {
    this.excerptOpen = true;
    this.mode = 'raw';
    this.open();
  }

  private renderDocument(): TemplateResult {
    const t = this.localize.t.bind(this.localize);
    const mode = this.currentMode;
    const name = shownName(this.file!.path);
    const renderable = isMarkdownPath(this.file!.path) && !this.overRenderLimit;
    return html`${
      renderable
        ? html`<div class="md-scroll" role="region" aria-label=${`${t('rendered')}: ${name}`} tabindex="0" ?hidden=${mode !== 'rendered'}>
            <div class="qa-bands" aria-hidden="true" ${ref(this.bandsRef)}></div>
            <div class="qa-markdown" part="markdown" ${ref(this.markdownRef)} @click=${(e: MouseEvent) => this.onMarkdownClick(e)}></div>
          </div>`
        : nothing
    }
      <div class="raw" part="raw" data-wrap=${this.wrapped ? 'on' : 'off'} ?hidden=${mode !== 'raw'} ${ref(this.rawRef)}></div>
      <div class="raw-ruler" part="ruler" ?hidden=${mode !== 'raw'} ${ref(this.rulerRef)}></div>`;
  }
}
