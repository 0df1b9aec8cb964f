import { LitElement, html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import { citationIdLabel, citationTargets, citedRanges } from '../../model/citations.js';
import type { QaLineRange } from '../../model/display.js';
import type { QaSourceItemView } from '../../model/item.js';
import type { QaSourceLocation } from '../../model/types.js';
import { formatNumber } from '../../i18n/index.js';
import { QaSourceHighlightEvent, QaSourceOpenEvent, type QaSourceOpenDetail } from '../../events.js';
import { citedLinesText, hoverCardStyles, placeCard, renderHoverCard } from '../shared/hover-card.js';
import { LocalizeController } from '../shared/localize.js';
import { viewOf } from '../../host/payload.js';
import { SchemeController } from '../shared/scheme.js';
import { base, tokens } from '../shared/styles.js';
import { citationStyles } from './citation.styles.js';

/** The pointer rests this long on a chip before its card opens. */
export const OPEN_DELAY_MS = 120;
/** The card closes this long after the pointer left chip and card. */
export const CLOSE_DELAY_MS = 220;

const LINES = /^\s*L?(\d{1,9})(?:\s*[-–]\s*L?(\d{1,9}))?\s*$/;

/** Reads a `lines` attribute (`10-20`, `L10-L20`, `7`) as a range, or null. */
export function readLines(value: string | null | undefined): QaLineRange | null {
  const m = typeof value === 'string' ? LINES.exec(value) : null;
  if (!m) return null;
  let a = Number(m[1]);
  let b = m[2] === undefined ? a : Number(m[2]);
  if (a < 1 || b < 1) return null;
  if (b < a) [a, b] = [b, a];
  return { lineStart: a, lineEnd: b };
}

/**
 * A citation in an answer: a small numbered chip (`1`) for one source,
 * optionally narrowed to lines. Hover, focus or a tap show a card that
 * previews the source; activating the chip opens the source at the cited
 * lines (`qa-source-open`, as a card does). An id that names no source
 * renders a muted chip that is not a control, with the reason in debug mode.
 * `linkCitations` and the markdown-it plugin create these; hosts may too.
 *
 * @summary A numbered citation chip with a source preview card.
 *
 * @event {QaSourceOpenEvent} qa-source-open - The chip or the card's Open was activated. Cancelable: `preventDefault()` stops a remote source from opening.
 * @event {QaSourceHighlightEvent} qa-source-highlight - The chip was pointed at or focused (`id`), or left (`id: null`).
 *
 * @csspart chip - The chip (a button, or a muted span for an unknown id).
 * @csspart hover-card - The preview card.
 * @csspart hover-card-snippet - The card's snippet.
 * @csspart icon - The card's kind icon.
 * @csspart hover-card-open - The card's Open / Open in new tab control.
 *
 * @cssproperty --qa-citation-background - Background of the chip.
 * @cssproperty --qa-citation-color - Text colour of the chip.
 * @cssproperty --qa-citation-highlight-background - Background of a highlighted chip.
 * @cssproperty --qa-hover-card-background - Background of the card.
 * @cssproperty --qa-hover-card-border-color - Border colour of the card.
 * @cssproperty --qa-hover-card-radius - Corner radius of the card.
 * @cssproperty --qa-hover-card-width - Width of the card (never wider than the viewport).
 */
export class QaCitation extends LitElement {
  static override styles = [tokens, base, hoverCardStyles, citationStyles];

  /** The cited source id (`file:docs/a.md`). Raw: compared with the payload's ids, never shown unescaped. */
  @property({ attribute: 'source-id' }) sourceId = '';
  /** The cited lines (`10-20`, `7`); empty cites the source's own ranges. */
  @property() lines: string | null = null;
  /** The citation number (by first appearance in the answer); 0 while unnumbered. */
  @property({ type: Number }) number = 0;
  /** The cited source's card view; when unset it is looked up by id in `sources`. */
  @property({ attribute: false }) item: QaSourceItemView | null = null;
  /** The answer's `QaTurnSources` payload, to look the source up in (untrusted; parsed inside). */
  @property({ attribute: false }) sources: unknown = null;
  /** The cited source is highlighted elsewhere (its card is pointed at): the chip is emphasised. */
  @property({ type: Boolean, reflect: true }) highlighted = false;
  /** Debug mode: an unknown id shows why. */
  @property({ type: Boolean, reflect: true }) debug = false;
  /** Language (`en`, `ru`, `zh`, …); defaults to the nearest `lang`. */
  @property() locale: string | null = null;

  @state() private cardOpen = false;

  private readonly localize = new LocalizeController(this);
  private openTimer: ReturnType<typeof setTimeout> | undefined;
  private closeTimer: ReturnType<typeof setTimeout> | undefined;
  private touched = false;
  private pointed = false;
  private focused = false;
  private announced: string | null = null;

  constructor() {
    super();
    new SchemeController(this);
    this.addEventListener('pointerenter', this.onPointerEnter);
    this.addEventListener('pointerleave', this.onPointerLeave);
    this.addEventListener('focusin', this.onFocusIn);
    this.addEventListener('focusout', this.onFocusOut);
    this.addEventListener('keydown', this.onKeydown);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.hideCard();
    window.removeEventListener('scroll', this.onScroll, true);
    window.removeEventListener('resize', this.onScroll);
  }

  protected override updated(changed: PropertyValues<this>): void {
    if (!changed.has('cardOpen' as keyof QaCitation)) return;
    const card = this.renderRoot.querySelector<HTMLElement>('.hc');
    if (this.cardOpen && card) {
      if (!card.matches(':popover-open')) card.showPopover();
      this.place();
      window.addEventListener('scroll', this.onScroll, { capture: true, passive: true });
      window.addEventListener('resize', this.onScroll, { passive: true });
    } else {
      window.removeEventListener('scroll', this.onScroll, true);
      window.removeEventListener('resize', this.onScroll);
    }
  }

  /** The cited source, or null when the id names none. */
  get source(): QaSourceItemView | null {
    if (this.item) return this.item;
    if (this.sources === null || this.sources === undefined || !this.sourceId) return null;
    const { payload, view } = viewOf(this.sources);
    return citationTargets(payload, view).get(this.sourceId) ?? null;
  }

  /** The lines this citation names, or null. */
  get range(): QaLineRange | null {
    return readLines(this.lines);
  }

  /** Why this citation shows no source (debug), or null. */
  get problem(): string | null {
    return this.source ? null : this.localize.t('citationUnknownId', { label: citationIdLabel(this.sourceId) || '""' });
  }

  /** The card is shown. */
  get expanded(): boolean {
    return this.cardOpen;
  }

  /** Shows the preview card now. */
  showCard(): void {
    clearTimeout(this.openTimer);
    clearTimeout(this.closeTimer);
    if (this.source) this.cardOpen = true;
  }

  /** Hides the preview card now. */
  hideCard(): void {
    clearTimeout(this.openTimer);
    clearTimeout(this.closeTimer);
    this.cardOpen = false;
  }

  /** The detail of `qa-source-open` for this citation: the source at the cited lines. */
  openDetail(): QaSourceOpenDetail | null {
    const item = this.source;
    if (!item) return null;
    const range = this.range;
    const ranges = item.local ? citedRanges(item, range) : [];
    const location: QaSourceLocation | null = item.local && range ? { path: item.path!, ...range } : item.firstLocation;
    return { source: item.source, location, path: item.local ? item.path : null, ranges, href: item.local ? null : item.href };
  }

  private readonly onScroll = (): void => {
    if (this.cardOpen) this.place();
  };

  private readonly onPointerEnter = (e: PointerEvent): void => {
    if (e.pointerType === 'touch') return;
    this.pointed = true;
    this.highlight(true);
    clearTimeout(this.closeTimer);
    if (!this.cardOpen && this.source) this.openTimer = setTimeout(() => this.showCard(), OPEN_DELAY_MS);
  };

  private readonly onPointerLeave = (e: PointerEvent): void => {
    if (e.pointerType === 'touch') return;
    this.pointed = false;
    this.leave();
  };

  private readonly onFocusIn = (): void => {
    this.focused = true;
    this.highlight(true);
    this.showCard();
  };

  private readonly onFocusOut = (e: FocusEvent): void => {
    const next = e.relatedTarget as Node | null;
    if (next && (this.contains(next) || this.renderRoot.contains(next))) return;
    this.focused = false;
    this.leave();
  };

  private readonly onKeydown = (e: KeyboardEvent): void => {
    if (e.key !== 'Escape' || !this.cardOpen) return;
    e.preventDefault();
    e.stopPropagation();
    this.hideCard();
    this.renderRoot.querySelector<HTMLElement>('.chip')?.focus({ preventScroll: true });
  };

  private readonly onPointerDown = (e: PointerEvent): void => {
    this.touched = e.pointerType === 'touch';
  };

  private readonly onChipClick = (e: MouseEvent): void => {
    // The first tap on a touch screen shows the card; a tap on a chip whose card is open opens the source.
    if (this.touched && !this.cardOpen) {
      this.touched = false;
      this.highlight(true);
      this.showCard();
      return;
    }
    this.touched = false;
    this.activate(e, false);
  };

  private readonly onCardOpen = (e: Event): void => {
    this.activate(e, e.currentTarget instanceof HTMLAnchorElement);
  };

  protected override render(): TemplateResult {
    const { t, lang } = this.localize.translator();
    const item = this.source;
    if (!item) {
      return html`<span
        class="chip unknown"
        part="chip"
        lang=${lang}
        title=${this.debug ? (this.problem ?? '') : nothing}
        data-problem=${this.debug ? (this.problem ?? '') : nothing}
        ><span aria-hidden="true">?</span><span class="visually-hidden">${t('citationUnknown')}</span></span
      >`;
    }
    const ranges = citedRanges(item, this.range);
    const label = this.label(item, ranges);
    const n = this.number > 0 ? formatNumber(this.number, lang) : '•';
    return html`<button
        type="button"
        class="chip"
        part="chip"
        lang=${lang}
        aria-label=${label}
        aria-expanded=${this.cardOpen ? 'true' : 'false'}
        aria-controls=${this.cardOpen ? 'card' : nothing}
        @pointerdown=${this.onPointerDown}
        @click=${this.onChipClick}
      >
        ${n}</button
      >${this.cardOpen ? html`<span lang=${lang}>${renderHoverCard(item, { t, id: 'card', label, ranges, onOpen: this.onCardOpen })}</span>` : nothing}`;
  }

  private label(item: QaSourceItemView, ranges: QaLineRange[]): string {
    const { t } = this.localize.translator();
    const name = this.number > 0 ? t('citationLabel', { n: this.number, title: item.title }) : item.title;
    const lines = item.local ? citedLinesText(t, ranges) : '';
    return lines ? `${name}, ${lines}` : name;
  }

  /** Fires `qa-source-open`; opens a remote source itself (in a new tab) unless `fromLink` or cancelled. */
  private activate(trigger: Event, fromLink: boolean): void {
    const detail = this.openDetail();
    if (!detail) return;
    const event = new QaSourceOpenEvent(detail);
    const allowed = this.dispatchEvent(event);
    if (!allowed) {
      trigger.preventDefault();
      return;
    }
    if (!fromLink && detail.href) window.open(detail.href, '_blank', 'noopener,noreferrer');
  }

  private place(): void {
    const card = this.renderRoot.querySelector<HTMLElement>('.hc');
    const chip = this.renderRoot.querySelector<HTMLElement>('.chip');
    if (card && chip) placeCard(card, chip, getComputedStyle(this).direction === 'rtl');
  }

  private highlight(on: boolean): void {
    const id = on && this.source ? this.sourceId : null;
    if (id === this.announced) return;
    this.announced = id;
    this.dispatchEvent(new QaSourceHighlightEvent({ id, origin: 'citation' }));
  }

  private leave(): void {
    if (this.pointed || this.focused) return;
    this.highlight(false);
    clearTimeout(this.openTimer);
    clearTimeout(this.closeTimer);
    this.closeTimer = setTimeout(() => {
      if (!this.pointed && !this.focused) this.cardOpen = false;
    }, CLOSE_DELAY_MS);
  }
}
