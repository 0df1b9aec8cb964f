/**
 * The preview's Rendered pane: the Markdown document rendered once per file
 * (the renderer and its styles load lazily), the referenced ranges marked
 * with their bands, links inside the document followed, and a line link or
 * a link's fragment scrolled to once the document is rendered.
 */
import { html, type LitElement, type ReactiveController, type TemplateResult } from 'lit';
import { createRef, ref } from 'lit/directives/ref.js';
import { formatRange, type QaLineRange } from '../../model/display.js';
import type { QaFileContent, QaSourcesHost } from '../../host/types.js';
import type { Translate } from '../../i18n/types.js';
import { loadMarkdownRenderer, type MarkdownRenderer } from '../../render/markdown/load.js';
import { adoptTokenSheet } from '../../render/highlight/sheet.js';
import { rootRelative } from '../../workspace/links.js';
import { lineFragment } from '../../workspace/line-fragment.js';
import { QaRenderedEvent, QaSourceOpenEvent } from '../../events.js';
import { previewStyles } from './file-preview.styles.js';
import type { FindSource } from './find-bar.js';
import { selectRenderedLines } from './rendered-lines.js';
import { fileSource } from './preview-helpers.js';
import { scrollToBlocks } from './rendered-scroll.js';

/** What the pane reads from its preview, when it needs it. */
export interface RenderedPaneOptions {
  file(): QaFileContent | null;
  /** The loader's generation: work started for an older one is dropped. */
  generation(): number;
  host(): QaSourcesHost | null;
  sessionId(): string;
  allowRemoteImages(): boolean;
  /** Prefix of the ids in the rendered document (unique per preview). */
  readonly idPrefix: string;
  ranges(): QaLineRange[];
  rangeIndex(): number;
  t(): Translate;
  /** The document is rendered: the preview marks its ranges (before a line link or fragment is scrolled to). */
  onRendered(): void;
  /** A link inside the document to another workspace file was followed (its `qa-source-open` not cancelled). */
  follow(path: string): void;
}

export class RenderedPaneController implements ReactiveController {
  private readonly markdownRef = createRef<HTMLDivElement>();
  /** The layer of the marked-run bands behind the rendered document. */
  private readonly bandsRef = createRef<HTMLDivElement>();
  private readonly scrollRef = createRef<HTMLDivElement>();
  /** Redraws the bands when the document's layout changes (images, fonts, width). */
  private bandsResize: ResizeObserver | null = null;
  private abort: AbortController | null = null;
  private started = false;
  /** The Markdown renderer once it rendered a document here (it also marks the blocks of the referenced ranges). */
  private renderer: MarkdownRenderer | null = null;
  private finished = false;
  private broken = false;
  private complex = false;
  /** A link's fragment to scroll to once the file it opened is rendered (kept across the reset of opening it). */
  private pendingFragment: string | null = null;

  constructor(
    private readonly host: LitElement,
    private readonly options: RenderedPaneOptions,
  ) {
    host.addController(this);
  }

  hostDisconnected(): void {
    this.abort?.abort();
  }

  /** The document is rendered. */
  get done(): boolean {
    return this.finished;
  }

  /** The Markdown renderer failed on this file (or did not load): the file is shown raw, with a notice. */
  get failed(): boolean {
    return this.broken;
  }

  /** The file is over the renderer's work budget (too many or too deeply nested elements): shown raw, with a notice. */
  get tooComplex(): boolean {
    return this.complex;
  }

  /** The rendered document, once its element is there. */
  get root(): HTMLElement | undefined {
    return this.markdownRef.value;
  }

  /** Drops the document shown (a new file is opening). */
  reset(): void {
    this.bandsResize?.disconnect();
    this.bandsResize = null;
    this.abort?.abort();
    this.started = false;
    this.set({ finished: false, broken: false, complex: false });
  }

  /**
   * Loads the renderer and starts its parser while the file is read, so the
   * first screen does not wait for them. `now`: asked once the renderer's
   * code is there; when false, its warm-up (the page's parser, the sanitizer
   * set up) is left out.
   */
  warm(now: () => boolean = () => true): void {
    loadMarkdownRenderer().then(
      (m) => {
        this.adoptStyles(m.markdownStyles.styleSheet);
        if (now()) m.warmMarkdown();
      },
      () => undefined,
    );
  }

  /** Renders the file into the pane, once per file (after the pane's element is there). */
  ensure(): void {
    const el = this.markdownRef.value;
    const file = this.options.file();
    if (!el || this.started || !file) return;
    this.started = true;
    this.abort?.abort();
    const ctl = new AbortController();
    this.abort = ctl;
    const id = this.options.generation();
    const host = this.options.host();
    const sessionId = this.options.sessionId();
    const fromPath = file.path;
    const current = () => id === this.options.generation() && !ctl.signal.aborted;
    adoptTokenSheet(el);
    loadMarkdownRenderer()
      .then((renderer) => {
        const { renderMarkdown, markdownStyles } = renderer;
        if (!current()) return;
        this.renderer = renderer;
        this.adoptStyles(markdownStyles.styleSheet);
        return renderMarkdown(el, file.content, {
          path: fromPath,
          // The renderer resolved the link already: the host is asked with its root-relative form, which reads as that path alone.
          resolveLink: (p) => host?.resolveLink?.({ sessionId, fromPath, href: rootRelative(p) }) ?? Promise.resolve(null),
          allowRemoteImages: this.options.allowRemoteImages(),
          idPrefix: this.options.idPrefix,
          ranges: this.options.ranges(),
          signal: ctl.signal,
        }).then(() => {
          if (!current()) return;
          this.set({ finished: true });
          this.options.onRendered();
          // A page opened at a line link (`#L10-L20`) marks and shows the blocks holding those lines.
          const lines = lineFragment(globalThis.location?.hash ?? '');
          const selected = lines ? selectRenderedLines(el, lines) : [];
          if (selected.length) this.scrollTo(selected);
          if (this.pendingFragment) this.scrollToFragment(this.pendingFragment);
          this.pendingFragment = null;
          this.host.dispatchEvent(new QaRenderedEvent({ path: fromPath, mode: 'rendered' }));
        });
      })
      .catch((error: unknown) => {
        // Aborted: a newer file or render took over. Anything else (the renderer failed or did not load): Raw still works.
        if (!current() || (error instanceof DOMException && error.name === 'AbortError')) return;
        // Over the work budget (checked before anything is built): Raw, like a file over the size limit.
        if (error instanceof Error && error.name === 'MarkdownTooComplexError') this.set({ complex: true });
        else {
          this.set({ broken: true });
          console.warn(`qa-sources-kit: could not render ${fromPath} (${error instanceof Error ? error.message : String(error)}); showing its source.`);
        }
      });
  }

  /** Marks the referenced ranges (the current one emphasised) once the document is rendered, and scrolls to the current one when asked. */
  mark(scroll: boolean): void {
    const root = this.markdownRef.value;
    // Finished: the renderer, which marks its own blocks, is loaded.
    if (!this.finished || !root || !this.renderer) return;
    const blocks = this.renderer.markRanges(root, this.options.ranges(), this.options.rangeIndex());
    this.drawMarkBands();
    if (scroll && blocks.length) this.scrollTo(blocks);
  }

  /** Scrolls rendered blocks into view with their context (see `scrollToBlocks`). */
  scrollTo(blocks: HTMLElement[], withContext = true): void {
    const scroller = this.scrollRef.value;
    if (scroller) scrollToBlocks(scroller, blocks, withContext);
  }

  /** What find searches in Rendered: the document once it is rendered, else nothing yet. */
  findSource(lines: number): FindSource {
    const root = this.markdownRef.value;
    const scroller = this.scrollRef.value;
    if (!this.finished || !root || !scroller) return null;
    return { kind: 'rendered', root, scroller, lines, scrollToBlock: (b) => this.scrollTo([b]) };
  }

  private readonly onClick = (e: MouseEvent): void => {
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
      this.host.dispatchEvent(event);
      if (!event.defaultPrevented) {
        this.pendingFragment = a.dataset.qaFragment || null;
        this.options.follow(path);
      }
    }
  };

  /** The pane: the document over its layer of bands, in a scroller named after the file. */
  render(name: string, hidden: boolean): TemplateResult {
    const t = this.options.t();
    return html`<div class="md-scroll" role="region" aria-label=${`${t('rendered')}: ${name}`} tabindex="0" ?hidden=${hidden} ${ref(this.scrollRef)}>
      <div class="qa-bands" aria-hidden="true" ${ref(this.bandsRef)}></div>
      <div class="qa-markdown" part="markdown" ${ref(this.markdownRef)} @click=${this.onClick}></div>
    </div>`;
  }

  private set(next: { finished?: boolean; broken?: boolean; complex?: boolean }): void {
    let changed = false;
    for (const key of ['finished', 'broken', 'complex'] as const) {
      const value = next[key];
      if (value === undefined || value === this[key]) continue;
      this[key] = value;
      changed = true;
    }
    if (changed) this.host.requestUpdate();
  }

  /** One band per run of marked blocks behind the rendered text, with its `lines 27–36` label; redrawn when the layout changes. */
  private drawMarkBands(): void {
    const root = this.markdownRef.value;
    const layer = this.bandsRef.value;
    const renderer = this.renderer;
    if (!root || !layer || !renderer) return;
    const t = this.options.t();
    const runs = renderer.markRuns(root, this.options.ranges(), this.options.rangeIndex());
    renderer.drawBands(layer, runs, (r, short) => (short ? formatRange(r) : t('markedLines', { range: formatRange(r) })));
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

  /** Scrolls to an anchor's target: it at the top (nothing cut above it). */
  private scrollWithin(target: HTMLElement): void {
    this.scrollTo([target], false);
  }

  private scrollToFragment(fragment: string): void {
    const root = this.markdownRef.value;
    if (!root) return;
    const prefix = this.options.idPrefix;
    const target =
      root.querySelector<HTMLElement>(`[id="${CSS.escape(prefix + fragment)}"]`) ?? root.querySelector<HTMLElement>(`[id="${CSS.escape(fragment)}"]`);
    if (target) this.scrollWithin(target);
  }

  /**
   * Adds the Markdown renderer's style sheet to the shadow root, before the
   * preview's own (which refine it), once: it is part of the renderer's lazy
   * chunk, so a page that never opens Markdown never downloads it.
   */
  private adoptStyles(sheet: CSSStyleSheet | undefined): void {
    const root = this.host.renderRoot;
    if (!sheet || !(root instanceof ShadowRoot) || root.adoptedStyleSheets.includes(sheet)) return;
    const sheets = [...root.adoptedStyleSheets];
    const own = previewStyles.styleSheet;
    const at = own ? sheets.indexOf(own) : -1;
    sheets.splice(at < 0 ? sheets.length : at, 0, sheet);
    root.adoptedStyleSheets = sheets;
  }
}
