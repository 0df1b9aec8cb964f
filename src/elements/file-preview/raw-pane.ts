/**
 * The preview's Raw pane: the raw view (a lazy chunk) made in its scroller
 * for the file shown, with the overview ruler beside it, opened at the line
 * link of the page, a range asked for from Rendered, or the current range;
 * the selection of lines carried into a new view.
 */
import { html, type ReactiveController, type ReactiveControllerHost, type TemplateResult } from 'lit';
import { createRef, ref } from 'lit/directives/ref.js';
import type { QaLineRange } from '../../model/display.js';
import type { Translate } from '../../i18n/types.js';
import { adoptTokenSheet } from '../../render/highlight/sheet.js';
import { lineFragment } from '../../workspace/line-fragment.js';
import { QaRenderedEvent } from '../../events.js';
import type { LineSelection } from './line-selection.js';
import { rawViewPart } from './lazy-parts.js';
import type { RawDocument } from './raw-document.js';
import type { RawView } from './raw-view.js';

/** What the pane reads from its preview, when it needs it. */
export interface RawPaneOptions {
  /** The document of the file shown and its path, or null. */
  doc(): { doc: RawDocument; path: string; name: string } | null;
  /** The loader's generation: work started for an older one is dropped. */
  generation(): number;
  t(): Translate;
  wrapped(): boolean;
  ranges(): QaLineRange[];
  rangeIndex(): number;
  /** The lines selected by their numbers, kept across views. */
  readonly selection: LineSelection;
  /** The raw view's module did not load: the preview shows its error state. */
  onLoadFailed(): void;
}

export class RawPaneController implements ReactiveController {
  private rawView: RawView | null = null;
  /** Where Raw opens next (a range from the Rendered view), instead of the current range. */
  private pendingRange: QaLineRange | null = null;
  /** Height of the body part at its last layout: the raw view's likely height before it is laid out. */
  private bodyHeight: number | null = null;
  private bodyResize: ResizeObserver | null = null;
  private readonly rawRef = createRef<HTMLDivElement>();
  private readonly rulerRef = createRef<HTMLDivElement>();

  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement,
    private readonly options: RawPaneOptions,
  ) {
    host.addController(this);
  }

  hostDisconnected(): void {
    this.reset();
  }

  /** The raw view, while one is shown. */
  get view(): RawView | null {
    return this.rawView;
  }

  /** The pane's scroller (the raw view's element). */
  get element(): HTMLElement | undefined {
    return this.rawRef.value;
  }

  /** Follows the height of the preview's body, the raw view's likely height before its first layout. */
  observe(body: HTMLElement): void {
    this.bodyResize = new ResizeObserver((entries) => {
      const box = entries[entries.length - 1]?.contentBoxSize?.[0];
      this.bodyHeight = box && box.blockSize > 0 ? box.blockSize : null;
    });
    this.bodyResize.observe(body);
  }

  /** Drops the raw view (a new file is opening, or the preview left the page). */
  reset(): void {
    this.rawView?.destroy();
    this.rawView = null;
  }

  /** Raw opens next at `range` (asked for from Rendered). */
  openAt(range: QaLineRange): void {
    this.pendingRange = range;
  }

  /** Makes the raw view in the pane once it is there (loading its module first), or scrolls the one there to a range asked for. */
  ensure(): void {
    const el = this.rawRef.value;
    const shown = this.options.doc();
    if (!el || !shown) return;
    if (this.rawView && this.rawView.scroller === el) {
      if (this.pendingRange !== null) this.rawView.scrollToRange(this.pendingRange);
      this.pendingRange = null;
      return;
    }
    const module = rawViewPart.loaded();
    if (!module) {
      const id = this.options.generation();
      rawViewPart.load().then(
        () => {
          if (id === this.options.generation()) this.host.requestUpdate();
        },
        (error: unknown) => {
          if (id !== this.options.generation()) return;
          console.warn(`qa-sources-kit: could not load the raw view (${error instanceof Error ? error.message : String(error)}).`);
          this.options.onLoadFailed();
        },
      );
      return;
    }
    this.rawView?.destroy();
    adoptTokenSheet(el);
    const t = this.options.t();
    const { doc, path, name } = shown;
    const id = this.options.generation();
    const selection = this.options.selection;
    const ranges = this.options.ranges();
    const rangeIndex = this.options.rangeIndex();
    this.rawView = new module.RawView(el, doc, {
      label: `${t('raw')}: ${name}`,
      bidiLabel: t('bidiWarning'),
      invisibleLabel: t('invisibleWarning'),
      heightHint: this.bodyHeight,
      onSelectLines: (range) => selection.select(path, range),
      wrap: this.options.wrapped(),
      ruler: this.rulerRef.value ?? null,
      onLaidOut: () => {
        if (id === this.options.generation()) this.host.dispatchEvent(new QaRenderedEvent({ path, mode: 'raw' }));
      },
    });
    this.rawView.setRanges(ranges, null, rangeIndex);
    // A page opened at a line link (`#L10-L20`) shows and selects those lines.
    const fragment = this.pendingRange ? null : lineFragment(globalThis.location?.hash ?? '');
    if (fragment) {
      this.rawView.selectLines(fragment);
      selection.range = this.rawView.selectedLines;
    } else if (selection.range) this.rawView.selectLines(selection.range);
    const range = this.pendingRange ?? fragment ?? ranges[rangeIndex] ?? null;
    this.pendingRange = null;
    this.rawView.open(range);
  }

  /** The pane: the raw view's scroller and the ruler beside it. */
  render(wrapped: boolean, hidden: boolean): TemplateResult {
    return html`<div class="raw" part="raw" data-wrap=${wrapped ? 'on' : 'off'} ?hidden=${hidden} ${ref(this.rawRef)}></div>
      <div class="raw-ruler" part="ruler" ?hidden=${hidden} ${ref(this.rulerRef)}></div>`;
  }
}
