import { LitElement, html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property } from 'lit/decorators.js';
import { repeat } from 'lit/directives/repeat.js';
import { DEFAULT_MAX_PER_GROUP, DEFAULT_THRESHOLD } from '../../model/present.js';
import { itemsUpTo, type QaSourceGroupView } from '../../model/group.js';
import type { QaSourceItemView } from '../../model/item.js';
import type { QaSourceKind } from '../../model/types.js';
import { formatNumber } from '../../i18n/index.js';
import type { Translate } from '../../i18n/types.js';
import { entryText, groupName } from '../../model/card-text.js';
import { activateItem } from '../shared/activation.js';
import { QaGroupOpenEvent, QaToggleEvent } from '../../events.js';
import { LocalizeController } from '../shared/localize.js';
import { viewOf, type QaViewResult } from '../../host/payload.js';
import { RovingController } from '../shared/roving.js';
import { SchemeController } from '../shared/scheme.js';
import { mark } from '../shared/icons.js';
import { HINTS, hiddenHints, sourceControl } from '../shared/source-control.js';
import { base, chevronStyles, pulseStyles, tokens } from '../shared/styles.js';
import { footerStyles } from './source-footer.styles.js';
import { CitationMarksController } from '../shared/citation-marks.js';
import type { QaCitationIndex } from '../../model/citations.js';
import { WarmSourcesController } from '../shared/warm-source.js';

/** Entries revealed by one `Show N more` in the expanded list. */
export const FOOTER_MORE_PAGE = 100;

/**
 * The compact strip under an answer: `Sources 12 [Documentation 4] [Jira 3]
 * [Web 3] ›`, expandable into the grouped list. Renders nothing at all (the
 * host is `display: none`) when there are no visible sources. Counts are the
 * panel's: both render from the same payload with the same rules.
 *
 * @summary The Sources line under an answer.
 *
 * @event {QaGroupOpenEvent} qa-group-open - A group chip was pressed (open that group in the panel).
 * @event {QaSourceOpenEvent} qa-source-open - An entry of the expanded list was activated. Cancelable.
 * @event {QaSourceHighlightEvent} qa-source-highlight - An entry was pointed at or focused (`id`), or left (`id: null`): the wiring highlights its citations.
 * @event {QaToggleEvent} qa-toggle - The user expanded or collapsed the list.
 *
 * @csspart base - The footer's box.
 * @csspart label - `Sources 12`.
 * @csspart chip - A group chip.
 * @csspart toggle - The expand/collapse button.
 * @csspart list - The expanded grouped list.
 * @csspart entry - One entry of the expanded list.
 * @csspart show-more - The `Show N more` button of a group in the expanded list.
 *
 * @cssproperty --qa-footer-gap - Space between the label and chips.
 * @cssproperty --qa-footer-chip-background - Background of a chip.
 * @cssproperty --qa-footer-chip-hover-background - Background of a hovered chip.
 * @cssproperty --qa-footer-chip-border-color - Border colour of a chip.
 * @cssproperty --qa-footer-chip-radius - Corner radius of a chip.
 * @cssproperty --qa-footer-list-background - Background of the expanded list.
 */
export class QaSourceFooter extends LitElement {
  static override styles = [tokens, base, chevronStyles, pulseStyles, footerStyles];

  /** The `QaTurnSources` payload: an object or its JSON text. Untrusted; parsed inside. */
  @property({ attribute: false }) sources: unknown = null;
  /** Minimum score of a visible source (inclusive). */
  @property({ type: Number }) threshold = DEFAULT_THRESHOLD;
  /** The payload is a partial update of a running turn. */
  @property({ type: Boolean, reflect: true }) provisional = false;
  /** The grouped list is shown. */
  @property({ type: Boolean, reflect: true }) expanded = false;
  /** Language (`en`, `ru`, `zh`, …); defaults to the nearest `lang`. */
  @property() locale: string | null = null;
  /** The answer's citation numbers (`linkCitations(…).index`): cited entries show theirs. */
  @property({ attribute: false }) citations: QaCitationIndex | null = null;
  /** Id of the source pointed at in the answer: its entry is highlighted. */
  @property({ attribute: false }) highlightedSource: string | null = null;

  private readonly localize = new LocalizeController(this);
  private result: QaViewResult = viewOf(null);
  private readonly shown = new Map<QaSourceKind, number>();
  /** Colouring warm-ups for the code files among the entries (see warm-source.ts). */
  private readonly warm = new WarmSourcesController(this, { items: () => this.listed().flatMap((l) => l.items) });
  private readonly roving = new RovingController(this, {
    controls: () => [...this.renderRoot.querySelectorAll<HTMLElement>('.list .entry')],
    controlAt: (node) => (node.classList.contains('entry') ? node : null),
    idAt: (node) => node.closest<HTMLElement>('li[data-id]')?.dataset.id ?? null,
  });

  constructor() {
    super();
    new SchemeController(this);
    new CitationMarksController(this, {
      entryOf: (id) => `li[data-id="${CSS.escape(id)}"] > .entry`,
      idAt: (el) => (el.matches('li[data-id]') ? el.getAttribute('data-id') : null),
      pseudo: '::before',
      numberStyle: 'display: inline-block; flex: none; margin-inline-end: 6px;',
      view: () => this.result.view,
      t: (key, params) => this.localize.t(key, params),
      lang: () => this.localize.lang,
    });
  }

  /** The first render in a language waits for its terms (see `LocalizeController.pending`). */
  protected override scheduleUpdate(): void | Promise<unknown> {
    return this.localize.whenReady(() => super.scheduleUpdate());
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('sources') || changed.has('threshold')) {
      this.result = viewOf(this.sources, { threshold: this.threshold });
    }
    // No visible source: no box at all (`:host` is display: none without this attribute).
    this.toggleAttribute('data-has-sources', !this.result.view.empty);
  }

  protected override updated(changed: PropertyValues<this>): void {
    if (changed.has('sources') || changed.has('expanded')) this.warm.shown(this.expanded);
    // A citation of a source pointed at in the answer: a click on it opens the file too.
    if (changed.has('highlightedSource') && this.highlightedSource !== null) this.warm.point(this.listedEntry(this.highlightedSource));
  }

  /** The groups of the expanded list, each with its limit and the entries shown (none while collapsed). */
  private listed(): Array<{ group: QaSourceGroupView; limit: number; items: QaSourceItemView[] }> {
    if (!this.expanded) return [];
    return this.result.view.groups.map((group) => {
      const limit = Math.min(group.count, Math.max(group.initial, DEFAULT_MAX_PER_GROUP, this.shown.get(group.kind) ?? 0));
      // Only the entries shown are built (the count line needs none).
      return { group, limit, items: itemsUpTo(group, limit) };
    });
  }

  /** The entry of source `id` in the expanded list, or null. */
  private listedEntry(id: string): QaSourceItemView | null {
    for (const { items } of this.listed()) for (const item of items) if (item.id === id) return item;
    return null;
  }

  /** The entry under the pointer or focus: a local code file's colouring starts loading (see warm-source.ts). */
  private readonly onListPointer = (e: Event): void => {
    const id = (e.target as Element).closest?.<HTMLElement>('li[data-id]')?.dataset.id;
    this.warm.point(id === undefined ? null : this.listedEntry(id));
  };

  private readonly onListFocusin = (e: FocusEvent): void => {
    this.roving.onFocusin(e);
    this.onListPointer(e);
  };

  private onChip(kind: QaSourceKind): void {
    this.dispatchEvent(new QaGroupOpenEvent({ kind }));
  }

  private readonly onToggle = (): void => {
    this.expanded = !this.expanded;
    this.dispatchEvent(new QaToggleEvent({ expanded: this.expanded }));
  };

  private readonly onListKeydown = (e: KeyboardEvent): void => {
    this.warm.input();
    if (e.key === 'Escape') {
      e.stopPropagation();
      this.expanded = false;
      this.dispatchEvent(new QaToggleEvent({ expanded: false }));
      this.roving.focusAfterUpdate(() => this.renderRoot.querySelector<HTMLElement>('.toggle'));
      return;
    }
    this.roving.keydown(e);
  };

  private showMore(g: QaSourceGroupView, limit: number): void {
    const firstNew = itemsUpTo(g, limit + 1)[limit];
    this.shown.set(g.kind, Math.min(g.count, limit + FOOTER_MORE_PAGE));
    if (firstNew) this.roving.focusAfterUpdate(() => this.entryOf(firstNew.id));
    this.requestUpdate();
  }

  protected override render(): TemplateResult | typeof nothing {
    const { view } = this.result;
    if (view.empty) return nothing;
    const { t, lang } = this.localize.translator();
    return html`<div part="base" class="base" role="group" aria-labelledby="label" lang=${lang}>
      <div class="bar">
        <span class="label" part="label" id="label" dir="auto"
          ><span class="word">${t('sources')}</span> <span class="n">${formatNumber(view.count, lang)}</span>${
            this.provisional ? html`<span class="pulse" title=${t('provisional')}></span><span class="visually-hidden">${t('provisional')}</span>` : nothing
          }</span
        >
        <span class="chips"
          >${view.groups.map(
            (g) =>
              html`<button type="button" class="chip" part="chip" dir="auto" data-kind=${g.kind} @click=${() => this.onChip(g.kind)}>
                ${groupName(t, g.kind)} <span class="chip-n">${formatNumber(g.count, lang)}</span>
              </button>`,
          )}<button
            type="button"
            class="toggle"
            part="toggle"
            aria-expanded=${this.expanded ? 'true' : 'false'}
            aria-controls=${this.expanded ? 'list' : nothing}
            title=${this.expanded ? t('hideList') : t('showList')}
            @click=${this.onToggle}
          >
            <span class="toggle-text" dir="auto">${t('allSources', { n: formatNumber(view.count, lang) })}</span
            ><span class="chev" aria-hidden="true"></span></button
        ></span>
      </div>
      ${this.expanded ? this.list(t) : nothing}
    </div>`;
  }

  private list(t: Translate): TemplateResult {
    const lists = this.listed();
    const tabbable = this.roving.tabStop(lists.flatMap((l) => l.items));
    return html`<div
      class="list"
      part="list"
      id="list"
      @keydown=${this.onListKeydown}
      @click=${this.warm.input}
      @focusin=${this.onListFocusin}
      @pointerover=${this.onListPointer}
    >
      ${lists.map(({ group: g, limit, items }) => {
        const remaining = g.count - limit;
        return html`<div class="lgroup">
          <p class="lgroup-name" id=${`lg-${g.kind}`}>${groupName(t, g.kind)}</p>
          <ul role="list" aria-labelledby=${`lg-${g.kind}`}>
            ${repeat(
              items,
              (item) => item.id,
              (item) => this.entry(item, item.id === tabbable),
            )}
          </ul>
          ${
            remaining > 0
              ? html`<button type="button" class="more" part="show-more" @click=${() => this.showMore(g, limit)}>
                  ${t('showMore', { n: Math.min(remaining, FOOTER_MORE_PAGE) })}
                </button>`
              : nothing
          }
        </div>`;
      })}
      ${hiddenHints(t)}
    </div>`;
  }

  private entry(item: QaSourceItemView, tabbable: boolean): TemplateResult {
    const { title, rest } = entryText(item);
    const content = html`${mark(item.kind, 'glyph kind')}<span class="e-text" dir="auto" title=${title + rest}
        ><span class="e-title">${title}</span>${rest}</span
      >${item.href ? mark('external', 'glyph ext') : nothing}`;
    const onClick = (e: Event) => {
      this.roving.active = item.id;
      activateItem(this, item, e);
    };
    return html`<li data-id=${item.id}>${sourceControl(item, { cls: 'entry', part: 'entry', tabbable, hints: HINTS, onClick }, content)}</li>`;
  }

  private entryOf(id: string): HTMLElement | null {
    for (const li of this.renderRoot.querySelectorAll<HTMLElement>('.list li[data-id]')) {
      if (li.dataset.id === id) return li.querySelector<HTMLElement>('.entry');
    }
    return null;
  }
}
