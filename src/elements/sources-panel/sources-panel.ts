import { LitElement, html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import { guard } from 'lit/directives/guard.js';
import { repeat } from 'lit/directives/repeat.js';
import { DEFAULT_MAX_PER_GROUP, DEFAULT_THRESHOLD } from '../../model/present.js';
import { itemsUpTo, type QaSourceGroupView } from '../../model/group.js';
import { presentCitedSections, sectionItemsUpTo, type QaCitedSectionsView, type QaSourceSectionView } from '../../model/sections.js';
import type { QaLocationView } from '../../model/display.js';
import type { QaSourceItemView } from '../../model/item.js';
import { SOURCE_KINDS, type QaIncompleteOrigin, type QaSourceKind } from '../../model/types.js';
import { cleanProse } from '../../model/text.js';
import { formatNumber } from '../../i18n/index.js';
import type { Translate } from '../../i18n/types.js';
import { groupName } from '../../model/card-text.js';
import { activateItem } from '../shared/activation.js';
import { QaCloseEvent } from '../../events.js';
import { LocalizeController } from '../shared/localize.js';
import { viewOf, type QaViewResult } from '../../host/payload.js';
import { RovingController } from '../shared/roving.js';
import { SchemeController } from '../shared/scheme.js';
import { mark } from '../shared/icons.js';
import { renderCard } from '../shared/source-card.js';
import { blockSizes, cardStyles } from '../shared/source-card.styles.js';
import { TAG_HINTS, hiddenHints } from '../shared/source-control.js';
import { base, chevronStyles, pulseStyles, tokens } from '../shared/styles.js';
import { panelStyles } from './sources-panel.styles.js';
import { CitationMarksController } from '../shared/citation-marks.js';
import type { QaCitationIndex } from '../../model/citations.js';
import { hoverCardStyles } from '../shared/hover-card.js';
import { CardPreviewController } from './card-preview.js';
import { WarmSourcesController } from '../shared/warm-source.js';

/** Cards revealed by one `Show N more`. */
export const SHOW_MORE_PAGE = 100;
/** Cards added to the DOM per animation frame while a page is revealed; also the size of a block of cards, which re-renders as one and is skipped off screen as one (see `blocks`). */
export const RENDER_CHUNK = 25;
/** The next chunk comes after this long even when no animation frame does. */
const GROW_FALLBACK_MS = 100;

type ListKey = QaSourceKind | 'discovered' | QaSourceSectionView['key'];

interface ListModel {
  key: ListKey;
  /** Where the cards come from (a group, a section, or the Discovered items): a new one means new cards. */
  from: QaSourceGroupView | QaSourceSectionView | QaSourceItemView[];
  /** The first cards in order: at least `limit`, and the next one when there is one. */
  items: QaSourceItemView[];
  count: number;
  /** Cards shown before any `Show more`. */
  initial: number;
  /** Cards the user asked to see. */
  limit: number;
  /** Cards in the DOM now (catches up with `limit` chunk by chunk). */
  rendered: number;
  open: boolean;
}

const KIND_SET = new Set<string>(SOURCE_KINDS);

function who(o: QaIncompleteOrigin, fallback: string): string {
  const provider = o.provider ? cleanProse(o.provider).text : '';
  const run = o.subagentRunId ? cleanProse(o.subagentRunId).text : '';
  if (provider && run) return `${provider} (${run})`;
  return provider || run || fallback;
}

/**
 * The Sources panel of one answer: `Sources`, `7 sources`, groups by kind in
 * a fixed order, one card per source, details on demand. Renders from the
 * same payload and rules as `<qa-source-footer>`, so both always agree.
 * When the answer cites shown sources (`citations`), the cards come in two
 * sections instead: `Cited in the answer · N` (by citation number) and
 * `Also used · M` (the rest, in group order). Remote cards (Jira,
 * Confluence, web) preview their source in a hover card on hover and
 * keyboard focus.
 *
 * @summary The right-hand Sources panel of an answer.
 *
 * @event {QaSourceOpenEvent} qa-source-open - A card was activated. Cancelable: `preventDefault()` stops a remote link from opening.
 * @event {QaSourceHighlightEvent} qa-source-highlight - A card was pointed at or focused (`id`), or left (`id: null`): the wiring highlights its citations.
 * @event {QaCloseEvent} qa-close - The close button was pressed, or Escape with no details open.
 *
 * @csspart base - The panel's outer box.
 * @csspart header - The header: title, close button, count.
 * @csspart close-button - The close button.
 * @csspart count - The `7 sources` line.
 * @csspart provisional - The indicator shown while sources are still being collected.
 * @csspart body - The scrolling area with the groups.
 * @csspart group - One group of cards (also the Discovered row).
 * @csspart group-toggle - A group heading's collapse button.
 * @csspart card - One source card.
 * @csspart card-control - The card's main control (a link or a button).
 * @csspart badge - The card's kind badge or icon.
 * @csspart title - The card's title.
 * @csspart warning - The warning on a card whose name or address could mislead.
 * @csspart details-toggle - The card's details button.
 * @csspart details - The card's details (`Used by`, locations).
 * @csspart location - A location in a card's details: opens exactly that range in the preview.
 * @csspart show-more - The `Show N more` and `Show less` buttons.
 * @csspart empty - The empty-state message.
 * @csspart notice - A debug notice (incomplete provenance, payload problems).
 * @csspart hover-card - The hover card of a remote card.
 * @csspart icon - The hover card's kind icon.
 * @csspart hover-card-snippet - The hover card's snippet.
 * @csspart hover-card-open - The hover card's Open in new tab link.
 *
 * @cssproperty --qa-panel-background - Background of the panel.
 * @cssproperty --qa-panel-padding - Inline padding of the header and body.
 * @cssproperty --qa-card-background - Background of a card.
 * @cssproperty --qa-card-hover-background - Background of a hovered card.
 * @cssproperty --qa-card-border-color - Border colour of a card.
 * @cssproperty --qa-card-open-border-color - Border colour of a card with open details.
 * @cssproperty --qa-card-radius - Corner radius of a card.
 * @cssproperty --qa-card-gap - Space between cards.
 * @cssproperty --qa-card-badge-background - Background of the kind badge.
 * @cssproperty --qa-card-badge-color - Colour of the kind badge.
 * @cssproperty --qa-card-badge-radius - Corner radius of the kind badge.
 * @cssproperty --qa-hover-card-background - Background of the hover card.
 * @cssproperty --qa-hover-card-border-color - Border colour of the hover card.
 * @cssproperty --qa-hover-card-radius - Corner radius of the hover card.
 * @cssproperty --qa-hover-card-width - Width of the hover card (never wider than the viewport).
 */
export class QaSourcesPanel extends LitElement {
  static override styles = [tokens, base, chevronStyles, pulseStyles, cardStyles, blockSizes(RENDER_CHUNK), hoverCardStyles, panelStyles];

  /** The `QaTurnSources` payload: an object or its JSON text. Untrusted; parsed inside, problems shown in debug. */
  @property({ attribute: false }) sources: unknown = null;
  /** Minimum score of a visible source (inclusive). */
  @property({ type: Number }) threshold = DEFAULT_THRESHOLD;
  /** Show the `Discovered · N` row of candidates that are not counted. */
  @property({ type: Boolean, attribute: 'show-discovered' }) showDiscovered = false;
  /** Debug mode: the Discovered row, incomplete provenance and payload problems. */
  @property({ type: Boolean, reflect: true }) debug = false;
  /** The payload is a partial update of a running turn. */
  @property({ type: Boolean, reflect: true }) provisional = false;
  /** Cards shown per group before `Show N more`. */
  @property({ type: Number, attribute: 'max-per-group' }) maxPerGroup = DEFAULT_MAX_PER_GROUP;
  /** Language (`en`, `ru`, `zh`, …); defaults to the nearest `lang`. */
  @property() locale: string | null = null;
  /** Workspace path of the file open in the preview: its card is marked (`connectSources` sets it). */
  @property({ attribute: 'current-path' }) currentPath: string | null = null;
  /** The answer's citation numbers (`linkCitations(…).index`): cited cards show theirs and the header shows cited vs also used. */
  @property({ attribute: false }) citations: QaCitationIndex | null = null;
  /** Id of the source pointed at in the answer: its card is highlighted. */
  @property({ attribute: false }) highlightedSource: string | null = null;

  /** What the live region says: the count of a provisional update, then the final count. */
  @state() private announcement = '';

  private readonly localize = new LocalizeController(this);
  private result: QaViewResult = viewOf(null);
  private readonly collapsed = new Set<ListKey>();
  private discoveredOpen = false;
  private readonly shown = new Map<ListKey, number>();
  private readonly painted = new Map<ListKey, number>();
  private readonly openDetails = new Set<string>();
  private readonly keys = new Map<string, string>();
  private readonly ids = new Map<string, string>();
  private serial = 0;
  private growing = 0;
  private growTimer: ReturnType<typeof setTimeout> | undefined;
  /** Colouring warm-ups for the code files among the cards (see warm-source.ts): not while revealed cards are still being added. */
  private readonly warm = new WarmSourcesController(this, {
    items: () => this.shownItems(this.lists()),
    busy: () => this.growing !== 0 || this.painted.size > 0,
  });
  private readonly roving = new RovingController(this, {
    controls: () => [...this.renderRoot.querySelectorAll<HTMLElement>('.card > .main')],
    controlAt: (node) => node.closest('.card')?.querySelector<HTMLElement>(':scope > .main') ?? null,
    idAt: (node) => this.ids.get(node.closest<HTMLElement>('.card')?.dataset.key ?? '') ?? null,
  });
  /** The key of a card whose details just opened: scrolled into view after the update. */
  private revealAfterUpdate: string | null = null;
  /** A card to focus at the next frame (the first of a revealed page), once its chunk is laid out. */
  private focusNext: string | null = null;
  private announcedCount: number | null = null;
  private readonly preview = new CardPreviewController(this, {
    idOf: (card) => this.ids.get((card as HTMLElement).dataset.key ?? '') ?? null,
    itemOf: (id) => this.shownItem(id),
    cardOf: (id) => (this.keys.has(id) ? this.renderRoot.querySelector<HTMLElement>(`.card[data-key="${this.keys.get(id)}"]`) : null),
    body: () => this.renderRoot.querySelector<HTMLElement>('.body'),
    onOpen: (item, e) => this.onActivate(item, e),
  });

  constructor() {
    super();
    new SchemeController(this);
    new CitationMarksController(this, {
      entryOf: (id) => `.card[data-key="${this.keyOf(id)}"]`,
      idAt: (el) => (el.matches('.card[data-key]') ? (this.ids.get((el as HTMLElement).dataset.key!) ?? null) : null),
      pseudo: '::after',
      numberStyle: 'position: absolute; z-index: 1; inset-block-start: 3px; inset-inline-start: 3px;',
      view: () => this.result.view,
      t: (key, params) => this.localize.t(key, params),
      lang: () => this.localize.lang,
    });
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    if (this.growing) cancelAnimationFrame(this.growing);
    clearTimeout(this.growTimer);
    this.growing = 0;
    this.painted.clear();
  }

  /** The first render in a language waits for its terms (see `LocalizeController.pending`). */
  protected override scheduleUpdate(): void | Promise<unknown> {
    return this.localize.whenReady(() => super.scheduleUpdate());
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('sources') || changed.has('threshold') || changed.has('showDiscovered') || changed.has('debug') || changed.has('maxPerGroup')) {
      this.result = viewOf(this.sources, {
        threshold: this.threshold,
        showDiscovered: this.showDiscovered || this.debug,
        maxPerGroup: this.maxPerGroup,
      });
      if (this.openDetails.size > 0) {
        // Details stay open for sources still shown (visible, or Discovered in debug).
        const { view, payload } = this.result;
        const present = new Set<string>();
        for (const s of payload?.sources ?? []) if (s.score >= view.threshold) present.add(s.id);
        for (const i of view.discovered.items) present.add(i.id);
        for (const id of this.openDetails) if (!present.has(id)) this.openDetails.delete(id);
      }
    }
    if (changed.has('sources') || changed.has('provisional') || changed.has('threshold')) {
      // Announce the count of each provisional update that changes it, then the final count; never every card.
      const count = this.result.view.count;
      const wasProvisional = changed.has('provisional') ? changed.get('provisional') === true : this.provisional;
      if (this.provisional) {
        if (this.hasUpdated && count > 0 && count !== this.announcedCount) this.announcement = this.localize.t('provisionalAnnounce', { n: count });
      } else if (wasProvisional) {
        this.announcement = this.localize.t('sourceCount', { n: count });
      }
      this.announcedCount = this.provisional ? count : null;
    }
  }

  protected override updated(changed: PropertyValues<this>): void {
    if (changed.has('sources')) this.warm.shown();
    // A citation of a source pointed at in the answer: a click on it opens the file too.
    if (changed.has('highlightedSource') && this.highlightedSource !== null) this.warm.point(this.shownItem(this.highlightedSource));
    const reveal = this.revealAfterUpdate;
    this.revealAfterUpdate = null;
    if (reveal !== null) this.renderRoot.querySelector<HTMLElement>(`.card[data-key="${reveal}"]`)?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }

  /** Expands a group, scrolls its heading into view and focuses it. Resolves at once when the group is empty. */
  async openGroup(kind: QaSourceKind): Promise<void> {
    if (!KIND_SET.has(kind)) return;
    const sections = this.sections();
    if (sections) return this.openKindInSections(kind, sections);
    if (this.collapsed.delete(kind)) this.requestUpdate();
    await this.updateComplete;
    const heading = this.renderRoot.querySelector<HTMLElement>(`.group-toggle[data-kind="${kind}"]`);
    if (!heading) return;
    heading.scrollIntoView({ block: 'start', inline: 'nearest' });
    heading.focus({ preventScroll: true });
  }

  /** Shows the hover card of a remote source's card (Jira, Confluence, web) now, as hover or keyboard focus does; nothing for other sources. */
  async showPreview(id: string): Promise<void> {
    await this.updateComplete;
    // Its card in view first: a card outside the panel's scrollport shows no hover card.
    const key = this.keys.get(id);
    this.renderRoot.querySelector<HTMLElement>(`.card[data-key="${key}"]`)?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    this.preview.open(id);
    await this.updateComplete;
  }

  /** Hides the hover card of a remote card. */
  hidePreview(): void {
    this.preview.close();
  }

  private readonly onActivate = (item: QaSourceItemView, e: Event): void => {
    this.roving.active = item.id;
    activateItem(this, item, e);
  };

  private readonly onToggleDetails = (item: QaSourceItemView): void => {
    if (!this.openDetails.delete(item.id)) {
      this.openDetails.add(item.id);
      this.revealAfterUpdate = this.keyOf(item.id);
    }
    this.requestUpdate();
  };

  private readonly onOpenLocation = (item: QaSourceItemView, location: QaLocationView, e: Event): void => {
    this.roving.active = item.id;
    activateItem(this, item, e, location);
  };

  private readonly onClose = (): void => {
    this.dispatchEvent(new QaCloseEvent());
  };

  private readonly onFocusin = (e: FocusEvent): void => {
    const card = (e.target as HTMLElement).closest?.<HTMLElement>('.card');
    if (card) {
      this.clearHeading(card);
      this.warmCard(card);
    }
    this.roving.onFocusin(e);
  };

  private readonly onPointerover = (e: PointerEvent): void => {
    const card = (e.target as HTMLElement).closest?.<HTMLElement>('.card');
    if (card) this.warmCard(card);
  };

  /** A local code file's card under the pointer or focus: its colouring starts loading (see warm-source.ts). */
  private warmCard(card: HTMLElement): void {
    const id = this.ids.get(card.dataset.key ?? '');
    const item = id === undefined ? null : this.shownItem(id);
    this.warm.point(item);
  }

  private readonly onKeydown = (e: KeyboardEvent): void => {
    this.warm.input();
    if (e.key === 'Escape') {
      const previewed = this.preview.id;
      if (previewed !== null) {
        // The hover card first; focus inside it goes back to its card.
        const inCard = (e.composedPath()[0] as Element | undefined)?.closest?.('.hc');
        this.preview.dismiss();
        if (inCard) this.controlOf(previewed)?.focus();
        e.preventDefault();
        e.stopPropagation();
        return;
      }
      if (this.openDetails.size > 0) {
        this.openDetails.clear();
        this.requestUpdate();
        e.preventDefault();
        e.stopPropagation();
      } else {
        this.dispatchEvent(new QaCloseEvent());
      }
      return;
    }
    this.roving.keydown(e);
  };

  private toggleGroup(key: ListKey): void {
    if (key === 'discovered') this.discoveredOpen = !this.discoveredOpen;
    else if (!this.collapsed.delete(key)) this.collapsed.add(key);
    this.requestUpdate();
  }

  private showMore(l: ListModel): void {
    const target = Math.min(l.count, l.limit + SHOW_MORE_PAGE);
    const firstNew = l.items[l.limit];
    this.shown.set(l.key, target);
    this.painted.set(l.key, Math.min(target, l.rendered + RENDER_CHUNK));
    // Focus moves to the first new card at the next frame: by then its chunk is laid out, so focusing and scrolling it costs no layout of the whole list.
    this.focusNext = firstNew?.id ?? null;
    this.scheduleGrow();
    this.requestUpdate();
  }

  private showLess(l: ListModel): void {
    this.shown.delete(l.key);
    this.painted.delete(l.key);
    this.focusNext = null;
    const kind = l.key;
    this.roving.focusAfterUpdate(
      () =>
        this.renderRoot.querySelector<HTMLElement>(`.show-more[data-kind="${kind}"]`) ??
        this.renderRoot.querySelector<HTMLElement>(`.group-toggle[data-kind="${kind}"]`),
    );
    this.requestUpdate();
  }

  protected override render(): TemplateResult {
    const { t, lang } = this.localize.translator();
    const { view, problems } = this.result;
    const lists = this.lists();
    const tabbable = this.roving.tabStop(this.shownItems(lists));
    const showCount = !view.empty || this.provisional;
    return html`<section part="base" class="base" lang=${lang} aria-labelledby="title" @keydown=${this.onKeydown} @click=${this.warm.input} @focusin=${this.onFocusin} @pointerover=${this.onPointerover}>
      <header part="header" class="header">
        <div class="heading-row">
          <h2 id="title" class="heading">${t('sources')}</h2>
          <button type="button" class="close" part="close-button" aria-label=${t('closePanel')} title=${t('close')} @click=${this.onClose}>
            ${mark('close')}
          </button>
        </div>
        ${
          showCount
            ? html`<p class="count" part="count">
                <span class="count-text" dir="auto">${t('sourceCount', { n: view.count })}</span>${
                  this.provisional
                    ? html`<span class="provisional" part="provisional"><span class="pulse" aria-hidden="true"></span>${t('provisional')}</span>`
                    : nothing
                }
              </p>`
            : nothing
        }
      </header>
      <div class="body" part="body">
        ${this.debug ? this.debugNotices(t) : nothing}
        ${
          view.empty && !this.provisional
            ? html`<div class="empty" part="empty">
                ${mark('file', 'glyph empty-mark')}
                <p dir="auto">${problems.length && !this.result.payload ? t('errorBody') : t('emptyPanel')}</p>
              </div>`
            : nothing
        }
        ${lists.map((l) => this.group(l, t, lang, tabbable))}
      </div>
      <div class="visually-hidden" aria-live="polite" aria-atomic="true">${this.announcement}</div>
      ${hiddenHints(t, true)}
    </section>`;
  }

  private group(l: ListModel, t: Translate, lang: string, tabbable: string | null): TemplateResult {
    const discovered = l.key === 'discovered';
    const section = l.key === 'cited' || l.key === 'also';
    const label = discovered
      ? t('discovered')
      : l.key === 'cited'
        ? t('citedSection')
        : l.key === 'also'
          ? t('alsoUsedSection')
          : groupName(t, l.key as QaSourceKind);
    const name = discovered ? t('discoveredHeading', { n: l.count }) : t('groupHeading', { group: label, n: l.count });
    const listId = `list-${l.key}`;
    const remaining = l.count - l.limit;
    return html`<div class="group${discovered ? ' discovered-group' : ''}${section ? ` section ${l.key}-section` : ''}" part="group" data-kind=${l.key}>
      <h3 class="group-heading">
        <button
          type="button"
          class="group-toggle"
          part="group-toggle"
          data-kind=${l.key}
          aria-expanded=${l.open ? 'true' : 'false'}
          aria-controls=${l.open ? listId : nothing}
          aria-label=${name}
          @click=${() => this.toggleGroup(l.key)}
        >
          <span class="chev" aria-hidden="true"></span
          ><span class="group-name" dir="auto">${label}<span class="group-count" aria-hidden="true"> · ${formatNumber(l.count, lang)}</span></span>
        </button>
      </h3>
      ${
        l.open
          ? html`${discovered ? html`<p class="hint">${t('discoveredHint')}</p>` : nothing}
              <ul class="cards" role="list" id=${listId}>
                ${this.blocks(l, t, tabbable)}
              </ul>
              ${
                remaining > 0 || l.limit > l.initial
                  ? html`<div class="more-row">
                      ${
                        remaining > 0
                          ? html`<button type="button" class="show-more" part="show-more" data-kind=${l.key} @click=${() => this.showMore(l)}>
                              ${t('showMore', { n: Math.min(remaining, SHOW_MORE_PAGE) })}
                            </button>`
                          : nothing
                      }
                      ${
                        l.limit > l.initial
                          ? html`<button type="button" class="show-less" part="show-more" data-kind=${l.key} @click=${() => this.showLess(l)}>
                              ${t('showLess')}
                            </button>`
                          : nothing
                      }
                    </div>`
                  : nothing
              }`
          : nothing
      }
    </div>`;
  }

  /**
   * The cards of a list in blocks of `RENDER_CHUNK`. A block renders again
   * only when something it shows changed (its cards, the tab stop or open
   * details among them, the language), so revealing a page, moving focus or
   * opening details touches one or two blocks, not every card shown. Each
   * block is an element of its own (`role="none"`: the list's items are
   * still the cards) whose `content-visibility: auto` skips its cards while it
   * is far off screen; the browser then tracks and lays out one block per
   * `RENDER_CHUNK` cards in every frame, not each card, which a long list
   * paid for in each frame of "Show more" and of scrolling. The block holds
   * the place of its cards until it is first rendered: its `data-cards`
   * tells the style sheet how many (`blockSizes`).
   */
  private blocks(l: ListModel, t: Translate, tabbable: string | null): unknown[] {
    const out: unknown[] = [];
    const discovered = l.key === 'discovered';
    const anyOpen = this.openDetails.size > 0;
    const previewed = this.preview.id;
    for (let start = 0; start < l.rendered; start += RENDER_CHUNK) {
      const end = Math.min(l.rendered, start + RENDER_CHUNK);
      let tab: string | null = null;
      let open = '';
      let shown: string | null = null;
      for (let i = start; i < end; i++) {
        const id = l.items[i]!.id;
        if (id === tabbable) tab = id;
        if (id === previewed) shown = id;
        if (anyOpen && this.openDetails.has(id)) open += `${this.keyOf(id)} `;
      }
      const cards = end - start;
      out.push(
        guard(
          [l.from, end, tab, open, shown, t, this.currentPath],
          () =>
            html`<li class="block" role="none" data-cards=${cards}><ul class="block-cards" role="none">${repeat(
              l.items.slice(start, end),
              (item) => item.id,
              (item, i) =>
                renderCard(item, {
                  position: start + i + 1,
                  setSize: l.count,
                  t,
                  key: this.keyOf(item.id),
                  tabbable: item.id === tab,
                  open: this.openDetails.has(item.id),
                  discovered,
                  current: this.currentPath !== null && item.local && item.path === this.currentPath,
                  hints: TAG_HINTS,
                  onActivate: this.onActivate,
                  onToggle: this.onToggleDetails,
                  onOpenLocation: this.onOpenLocation,
                  previewsRemote: true,
                  extra: item.id === shown ? this.preview.render(item, this.keyOf(item.id), t) : nothing,
                }),
            )}</ul></li>`,
        ),
      );
    }
    return out;
  }

  private debugNotices(t: Translate): TemplateResult {
    const { view, problems } = this.result;
    return html`${
      !view.complete
        ? html`<div class="notice" part="notice" role="note">
            ${mark('info')}
            <div>
              <p>${t('incomplete')}</p>
              ${
                view.incompleteOrigins.length
                  ? html`<ul role="list">
                      ${view.incompleteOrigins.map(
                        (o) => html`<li dir="auto">${t('incompleteReason', { who: who(o, t('subagent')), reason: cleanProse(o.reason).text || '—' })}</li>`,
                      )}
                    </ul>`
                  : nothing
              }
            </div>
          </div>`
        : nothing
    }${
      problems.length
        ? html`<details class="notice problems" part="notice">
            <summary>${t('problems', { n: problems.length })}</summary>
            <ul role="list">
              ${problems.map((p) => html`<li class=${`severity-${p.severity}`}><code dir="ltr">${p.path || '(payload)'}</code> <span dir="auto">${p.message}</span></li>`)}
            </ul>
          </details>`
        : nothing
    }`;
  }

  private lists(): ListModel[] {
    const { view } = this.result;
    const out: ListModel[] = [];
    const sections = this.sections();
    for (const s of sections ? [sections.cited, sections.alsoUsed] : []) {
      if (s.count === 0) continue;
      const limit = this.limitOf(s.key, s.count, s.initial);
      out.push(this.listModel(s.key, s, sectionItemsUpTo(s, limit + 1), s.count, s.initial, !this.collapsed.has(s.key)));
    }
    for (const g of sections ? [] : view.groups) {
      const limit = this.limitOf(g.kind, g.count, g.initial);
      // Only the cards shown (and the next) are built: a group of thousands is never sorted for eight cards.
      out.push(this.listModel(g.kind, g, itemsUpTo(g, limit + 1), g.count, g.initial, !this.collapsed.has(g.kind)));
    }
    if ((this.showDiscovered || this.debug) && view.discovered.count > 0) {
      const items = view.discovered.items;
      const initial = Math.min(items.length, Math.max(1, Math.floor(this.maxPerGroup) || DEFAULT_MAX_PER_GROUP));
      out.push(this.listModel('discovered', items, items, items.length, initial, this.discoveredOpen));
    }
    return out;
  }

  /** The cited / also-used split of the cards, when the answer cites a shown source; else null (the groups). */
  private sections(): QaCitedSectionsView | null {
    return this.citations ? presentCitedSections(this.result.view, this.citations.numbers, this.maxPerGroup) : null;
  }

  /** The cards in the DOM, in order. */
  private *shownItems(lists: ListModel[]): Generator<QaSourceItemView> {
    for (const l of lists) {
      if (!l.open) continue;
      for (let i = 0; i < l.rendered; i++) yield l.items[i]!;
    }
  }

  /** The card view of a source shown in the panel now, or null. */
  private shownItem(id: string): QaSourceItemView | null {
    for (const item of this.shownItems(this.lists())) if (item.id === id) return item;
    return null;
  }

  /** With sections, `openGroup(kind)` shows the first card of that kind (cited first), scrolled to and focused. */
  private async openKindInSections(kind: QaSourceKind, sections: QaCitedSectionsView): Promise<void> {
    let key: ListKey = 'cited';
    let at = sections.cited.items.findIndex((i) => i.kind === kind);
    if (at < 0) {
      // Its place among the also-used cards: every uncited card of the groups before it.
      const citedOf = (k: QaSourceKind) => sections.cited.items.filter((i) => i.kind === k).length;
      const { groups } = this.result.view;
      const g = groups.find((x) => x.kind === kind);
      if (!g || g.count === citedOf(kind)) return;
      key = 'also';
      at = 0;
      for (const x of groups) {
        if (x.kind === kind) break;
        at += x.count - citedOf(x.kind);
      }
    }
    const section = key === 'cited' ? sections.cited : sections.alsoUsed;
    this.collapsed.delete(key);
    if (at >= this.limitOf(key, section.count, section.initial)) this.shown.set(key, at + 1);
    const item = sectionItemsUpTo(section, at + 1)[at];
    if (!item) return;
    this.roving.active = item.id;
    this.requestUpdate();
    await this.updateComplete;
    const control = this.controlOf(item.id);
    if (!control) return;
    control.closest('.card')!.scrollIntoView({ block: 'start', inline: 'nearest' });
    control.focus({ preventScroll: true });
  }

  private limitOf(key: ListKey, count: number, initial: number): number {
    return Math.min(count, Math.max(initial, this.shown.get(key) ?? 0));
  }

  private listModel(key: ListKey, from: ListModel['from'], items: QaSourceItemView[], count: number, initial: number, open: boolean): ListModel {
    const limit = this.limitOf(key, count, initial);
    const rendered = Math.min(limit, this.painted.get(key) ?? limit);
    return { key, from, items, count, initial, limit, rendered, open };
  }

  private keyOf(id: string): string {
    let key = this.keys.get(id);
    if (key === undefined) {
      key = (this.serial++).toString(36);
      this.keys.set(id, key);
      this.ids.set(key, id);
    }
    return key;
  }

  /**
   * Adds revealed cards chunk by chunk, one chunk per frame, so a big page
   * never blocks, and moves focus to the first new card first. A page that
   * gets no frames (in the background) still progresses, on a timer.
   */
  private scheduleGrow(): void {
    if (this.growing) return;
    const step = () => {
      cancelAnimationFrame(this.growing);
      clearTimeout(timer);
      this.growing = 0;
      const focus = this.focusNext;
      this.focusNext = null;
      if (focus !== null) this.controlOf(focus)?.focus();
      if (this.painted.size === 0) return;
      for (const [key, n] of this.painted) {
        const target = this.shown.get(key) ?? 0;
        if (n + RENDER_CHUNK >= target) this.painted.delete(key);
        else this.painted.set(key, n + RENDER_CHUNK);
      }
      this.requestUpdate();
      if (this.painted.size > 0) this.scheduleGrow();
    };
    const timer = setTimeout(step, GROW_FALLBACK_MS);
    this.growing = requestAnimationFrame(step);
    this.growTimer = timer;
  }

  /**
   * Focus scrolls a card into view only when it is outside the scrollport, so
   * a card can get focus half under its group's sticky heading: scroll it
   * clear then (its `scroll-margin` leaves room for the heading).
   */
  private clearHeading(card: HTMLElement): void {
    const heading = card.closest('.group')?.querySelector('.group-heading');
    const body = this.renderRoot.querySelector('.body');
    if (!heading || !body) return;
    const r = card.getBoundingClientRect();
    const port = body.getBoundingClientRect();
    if (r.top < heading.getBoundingClientRect().bottom - 0.5 || r.bottom > port.bottom + 0.5) card.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }

  private controlOf(id: string): HTMLElement | null {
    const key = this.keys.get(id);
    return key === undefined ? null : this.renderRoot.querySelector<HTMLElement>(`.card[data-key="${key}"] > .main`);
  }
}
