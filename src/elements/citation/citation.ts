import { adoptStyles, nothing, render, supportsAdoptingStyleSheets, type ReactiveController, type ReactiveControllerHost } from 'lit';
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

const STYLES = [tokens, base, hoverCardStyles, citationStyles];
/** The constructed sheets of `STYLES`, shared by every chip (made on first use). */
let sheets: CSSStyleSheet[] | null = null;
/** A blank chip button, cloned for each chip (no markup is parsed, so Trusted Types pages need no policy for it). */
let blankButton: HTMLButtonElement | null = null;

/** Events the chips hear through one listener per document or shadow root, not one per chip. */
const ROOT_EVENTS = ['pointerover', 'pointerout', 'focusin', 'focusout'];
/** Documents and shadow roots that pass those events to their chips. */
const listening = new WeakSet<Node>();

function listenAt(root: Node): void {
  if (listening.has(root)) return;
  listening.add(root);
  for (const type of ROOT_EVENTS) root.addEventListener(type, toChip, { passive: true });
}

/** Hands an event to the innermost chip on its path. */
function toChip(e: Event): void {
  for (const n of e.composedPath()) {
    if (n instanceof QaCitation) {
      n.handleEvent(e);
      return;
    }
  }
}

/** What the public properties hold. */
interface CitationValues {
  sourceId: string;
  lines: string | null;
  number: number;
  item: QaSourceItemView | null;
  sources: unknown;
  highlighted: boolean;
  debug: boolean;
  locale: string | null;
}

/** The public properties, each with the attribute it is read from (`false`: a property only). */
const PROPERTIES: ReadonlyMap<keyof CitationValues, { attribute: string | false }> = new Map([
  ['sourceId', { attribute: 'source-id' }],
  ['lines', { attribute: 'lines' }],
  ['number', { attribute: 'number' }],
  ['item', { attribute: false }],
  ['sources', { attribute: false }],
  ['highlighted', { attribute: 'highlighted' }],
  ['debug', { attribute: 'debug' }],
  ['locale', { attribute: 'locale' }],
]);

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
// Not a LitElement: an answer holds hundreds of chips and `linkCitations` makes them all in one
// task, where a LitElement's set-up per instance (reactive properties, update promise, template
// instance) was most of the cost (row "Citations: linkCitations over a 50 KB answer, 200
// markers" of the benchmark). The chip is built by hand; the card, made only when shown, is a
// Lit template. The element still hosts Lit reactive controllers (language, dark mode).
export class QaCitation extends HTMLElement implements ReactiveControllerHost {
  /**
   * The public properties and their attributes (named as a LitElement's, so tools that read those read these).
   * @internal
   */
  static readonly elementProperties = PROPERTIES;
  /** @internal */
  static readonly observedAttributes = [...PROPERTIES.values()].flatMap((p) => (p.attribute ? [p.attribute] : []));
  /**
   * The chip's and the card's styles (named as a LitElement's).
   * @internal
   */
  static readonly elementStyles = STYLES;

  /** The values of the public properties. */
  private readonly values: CitationValues = { sourceId: '', lines: null, number: 0, item: null, sources: null, highlighted: false, debug: false, locale: null };

  /**
   * The cited source id (`file:docs/a.md`). Raw: compared with the payload's ids, never shown unescaped.
   * @attr source-id
   * @default ''
   */
  get sourceId(): string {
    return this.values.sourceId;
  }
  set sourceId(value: string) {
    this.change('sourceId', value ?? '');
  }

  /**
   * The cited lines (`10-20`, `7`); empty cites the source's own ranges.
   * @attr lines
   * @default null
   */
  get lines(): string | null {
    return this.values.lines;
  }
  set lines(value: string | null) {
    this.change('lines', value);
  }

  /**
   * The citation number (by first appearance in the answer); 0 while unnumbered.
   * @attr number
   * @default 0
   */
  get number(): number {
    return this.values.number;
  }
  set number(value: number) {
    this.change('number', Number.isFinite(value) ? value : 0);
  }

  /**
   * The cited source's card view; when unset it is looked up by id in `sources`.
   * @default null
   */
  get item(): QaSourceItemView | null {
    return this.values.item;
  }
  set item(value: QaSourceItemView | null) {
    this.change('item', value);
  }

  /**
   * The answer's `QaTurnSources` payload, to look the source up in (untrusted; parsed inside).
   * @default null
   */
  get sources(): unknown {
    return this.values.sources;
  }
  set sources(value: unknown) {
    this.change('sources', value);
  }

  /**
   * The cited source is highlighted elsewhere (its card is pointed at): the chip is emphasised.
   * @attr highlighted
   * @default false
   * @reflect
   */
  get highlighted(): boolean {
    return this.values.highlighted;
  }
  set highlighted(value: boolean) {
    this.change('highlighted', !!value);
  }

  /**
   * Debug mode: an unknown id shows why.
   * @attr debug
   * @default false
   * @reflect
   */
  get debug(): boolean {
    return this.values.debug;
  }
  set debug(value: boolean) {
    this.change('debug', !!value);
  }

  /**
   * Language (`en`, `ru`, `zh`, …); defaults to the nearest `lang`.
   * @attr locale
   * @default null
   */
  get locale(): string | null {
    return this.values.locale;
  }
  set locale(value: string | null) {
    this.change('locale', value);
  }

  private cardOpen = false;
  /** The card is in the shadow root (what the latest update drew). */
  private cardShown = false;
  private chip: HTMLElement | null = null;
  private cardBox: HTMLSpanElement | null = null;
  private readonly controllers: ReactiveController[] = [];
  private readonly localize: LocalizeController;
  private dirty = true;
  private scheduled = false;
  private done: Promise<boolean> = Promise.resolve(true);

  private openTimer: ReturnType<typeof setTimeout> | undefined;
  private closeTimer: ReturnType<typeof setTimeout> | undefined;
  private touched = false;
  private pointed = false;
  private focused = false;
  private announced: string | null = null;

  constructor() {
    super();
    this.localize = new LocalizeController(this);
    new SchemeController(this);
    // Properties set on the element before it was defined (an upgrade) go through their setters now.
    for (const key of PROPERTIES.keys()) {
      if (!Object.prototype.hasOwnProperty.call(this, key)) continue;
      const value = (this as Record<string, unknown>)[key];
      delete (this as Record<string, unknown>)[key];
      (this as Record<string, unknown>)[key] = value;
    }
    const root = this.attachShadow({ mode: 'open' });
    if (supportsAdoptingStyleSheets) root.adoptedStyleSheets = sheets ??= STYLES.map((s) => s.styleSheet!);
    else adoptStyles(root, STYLES);
  }

  connectedCallback(): void {
    // Pointer and focus events come through the root (no listener per chip), Escape through the chip while its card is open.
    listenAt(this.getRootNode());
    for (const c of this.controllers) c.hostConnected?.();
    if (this.dirty) this.schedule();
  }

  disconnectedCallback(): void {
    for (const c of this.controllers) c.hostDisconnected?.();
    this.hideCard();
    window.removeEventListener('scroll', this, true);
    window.removeEventListener('resize', this);
  }

  attributeChangedCallback(name: string, _old: string | null, value: string | null): void {
    if (name === 'source-id') this.sourceId = value ?? '';
    else if (name === 'lines') this.lines = value;
    else if (name === 'number') this.number = value === null ? 0 : Number(value);
    else if (name === 'highlighted') this.highlighted = value !== null;
    else if (name === 'debug') this.debug = value !== null;
    else if (name === 'locale') this.locale = value;
  }

  /**
   * Adds a reactive controller (Lit's controller protocol: connected, disconnected, update, updated).
   * @internal
   */
  addController(controller: ReactiveController): void {
    this.controllers.push(controller);
    if (this.isConnected) controller.hostConnected?.();
  }

  /**
   * Removes a reactive controller.
   * @internal
   */
  removeController(controller: ReactiveController): void {
    const i = this.controllers.indexOf(controller);
    if (i >= 0) this.controllers.splice(i, 1);
  }

  /**
   * Draws the chip again in a microtask (several changes in a row draw once).
   * @internal
   */
  requestUpdate(): void {
    this.dirty = true;
    if (this.isConnected) this.schedule();
  }

  /**
   * Resolves once the chip shows its latest state (true).
   * @internal
   */
  get updateComplete(): Promise<boolean> {
    return this.done;
  }

  /** The cited source, or null when the id names none. */
  get source(): QaSourceItemView | null {
    if (this.values.item) return this.values.item;
    if (this.values.sources === null || this.values.sources === undefined || !this.values.sourceId) return null;
    const { payload, view } = viewOf(this.values.sources);
    return citationTargets(payload, view).get(this.values.sourceId) ?? null;
  }

  /** The lines this citation names, or null. */
  get range(): QaLineRange | null {
    return readLines(this.values.lines);
  }

  /** Why this citation shows no source (debug), or null. */
  get problem(): string | null {
    return this.source ? null : this.localize.t('citationUnknownId', { label: citationIdLabel(this.values.sourceId) || '""' });
  }

  /** The card is shown. */
  get expanded(): boolean {
    return this.cardOpen;
  }

  /** Shows the preview card now. */
  showCard(): void {
    clearTimeout(this.openTimer);
    clearTimeout(this.closeTimer);
    if (this.source) this.setCardOpen(true);
  }

  /** Hides the preview card now. */
  hideCard(): void {
    clearTimeout(this.openTimer);
    clearTimeout(this.closeTimer);
    this.setCardOpen(false);
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

  /**
   * Every event the chip hears (through its root, its button, itself and the window while the card is open).
   * @internal
   */
  handleEvent(e: Event): void {
    switch (e.type) {
      case 'scroll':
      case 'resize':
        if (this.cardOpen) this.place();
        break;
      case 'pointerover':
        // From outside the chip (a related target inside it, its card included, is retargeted to it or below it).
        if (!this.holds((e as PointerEvent).relatedTarget)) this.onPointerEnter(e as PointerEvent);
        break;
      case 'pointerout':
        if (!this.holds((e as PointerEvent).relatedTarget)) this.onPointerLeave(e as PointerEvent);
        break;
      case 'focusin':
        this.onFocusIn();
        break;
      case 'focusout':
        this.onFocusOut(e as FocusEvent);
        break;
      case 'keydown':
        this.onKeydown(e as KeyboardEvent);
        break;
      case 'pointerdown':
        this.touched = (e as PointerEvent).pointerType === 'touch';
        break;
      case 'click':
        if (e.currentTarget === this.chip) this.onChipClick(e as MouseEvent);
        break;
    }
  }

  /** The node is this chip or inside it (its shadow root included). */
  private holds(target: EventTarget | null): boolean {
    return target instanceof Node && (this.contains(target) || !!this.shadowRoot?.contains(target));
  }

  private onPointerEnter(e: PointerEvent): void {
    if (e.pointerType === 'touch') return;
    this.pointed = true;
    this.highlight(true);
    clearTimeout(this.closeTimer);
    if (!this.cardOpen && this.source) this.openTimer = setTimeout(() => this.showCard(), OPEN_DELAY_MS);
  }

  private onPointerLeave(e: PointerEvent): void {
    if (e.pointerType === 'touch') return;
    this.pointed = false;
    this.leave();
  }

  private onFocusIn(): void {
    this.focused = true;
    this.highlight(true);
    this.showCard();
  }

  private onFocusOut(e: FocusEvent): void {
    const next = e.relatedTarget as Node | null;
    if (next && (this.contains(next) || this.shadowRoot?.contains(next))) return;
    this.focused = false;
    this.leave();
  }

  private onKeydown(e: KeyboardEvent): void {
    if (e.key !== 'Escape' || !this.cardOpen) return;
    e.preventDefault();
    e.stopPropagation();
    this.hideCard();
    this.chip?.focus({ preventScroll: true });
  }

  private onChipClick(e: MouseEvent): void {
    // The first tap on a touch screen shows the card; a tap on a chip whose card is open opens the source.
    if (this.touched && !this.cardOpen) {
      this.touched = false;
      this.highlight(true);
      this.showCard();
      return;
    }
    this.touched = false;
    this.activate(e, false);
  }

  /** The card's Open (called with the chip as `this`: the card is rendered with it as host). */
  private onCardOpen(e: Event): void {
    this.activate(e, e.currentTarget instanceof HTMLAnchorElement);
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    // A chip in a language whose terms are still loading is drawn once they are there.
    this.done = this.localize.whenReady(() => scheduleUpdate(this));
  }

  /**
   * Draws the chip if something changed since the last time (called from the shared microtask).
   * @internal
   */
  flush(): void {
    this.scheduled = false;
    if (this.isConnected && this.dirty) this.update();
  }

  private update(): void {
    this.dirty = false;
    for (const c of this.controllers) c.hostUpdate?.();
    this.render();
    for (const c of this.controllers) c.hostUpdated?.();
  }

  /** Draws the chip (a button, or a muted span for an unknown id) and, while open, the card. */
  private render(): void {
    const root = this.shadowRoot!;
    const { t, lang } = this.localize.translator();
    const item = this.source;
    if (!item) {
      const span = this.chip?.localName === 'span' ? this.chip : unknownChip();
      setAttr(span, 'lang', lang);
      setAttr(span, 'title', this.values.debug ? (this.problem ?? '') : null);
      setAttr(span, 'data-problem', this.values.debug ? (this.problem ?? '') : null);
      span.lastElementChild!.textContent = t('citationUnknown');
      if (span !== this.chip) root.replaceChildren(span);
      this.chip = span;
      this.cardOpen = false;
      this.drawCard(null);
      return;
    }
    let button = this.chip?.localName === 'button' ? this.chip : null;
    if (!button) {
      blankButton ??= Object.assign(document.createElement('button'), { type: 'button', className: 'chip' });
      button = blankButton.cloneNode() as HTMLButtonElement;
      button.setAttribute('part', 'chip');
      button.addEventListener('pointerdown', this);
      button.addEventListener('click', this);
      root.replaceChildren(button);
      this.chip = button;
      this.cardShown = false;
    }
    const ranges = citedRanges(item, this.range);
    const label = this.label(item, ranges);
    setAttr(button, 'lang', lang);
    setAttr(button, 'aria-label', label);
    setAttr(button, 'aria-expanded', this.cardOpen ? 'true' : 'false');
    setAttr(button, 'aria-controls', this.cardOpen ? 'card' : null);
    const n = this.values.number > 0 ? formatNumber(this.values.number, lang) : '•';
    if (button.textContent !== n) button.textContent = n;
    this.drawCard(this.cardOpen ? { item, label, ranges, lang } : null);
  }

  /** Shows, updates or removes the card after the chip; shows its popover and follows scrolling while open. */
  private drawCard(open: { item: QaSourceItemView; label: string; ranges: QaLineRange[]; lang: string } | null): void {
    if (!open) {
      if (this.cardBox?.isConnected) {
        render(nothing, this.cardBox);
        this.cardBox.remove();
      }
      if (this.cardShown) {
        this.removeEventListener('keydown', this);
        window.removeEventListener('scroll', this, true);
        window.removeEventListener('resize', this);
      }
      this.cardShown = false;
      return;
    }
    const box = (this.cardBox ??= document.createElement('span'));
    setAttr(box, 'lang', open.lang);
    if (!box.isConnected) this.shadowRoot!.append(box);
    const { t } = this.localize.translator();
    render(renderHoverCard(open.item, { t, id: 'card', label: open.label, ranges: open.ranges, onOpen: this.onCardOpen }), box, { host: this });
    const card = box.querySelector<HTMLElement>('.hc');
    if (!card) return;
    if (!card.matches(':popover-open')) card.showPopover();
    this.place();
    if (!this.cardShown) {
      this.addEventListener('keydown', this);
      window.addEventListener('scroll', this, { capture: true, passive: true });
      window.addEventListener('resize', this, { passive: true });
    }
    this.cardShown = true;
  }

  /** Stores a property's new value; `highlighted` and `debug` show in their attributes, and all but `highlighted` (only styled) draw again. */
  private change<K extends keyof CitationValues>(key: K, value: CitationValues[K]): void {
    if (this.values[key] === value) return;
    this.values[key] = value;
    if (key === 'highlighted' || key === 'debug') this.toggleAttribute(key, value as boolean);
    if (key !== 'highlighted') this.requestUpdate();
  }

  private setCardOpen(open: boolean): void {
    if (open === this.cardOpen) return;
    this.cardOpen = open;
    this.requestUpdate();
  }

  private label(item: QaSourceItemView, ranges: QaLineRange[]): string {
    const { t } = this.localize.translator();
    const name = this.values.number > 0 ? t('citationLabel', { n: this.values.number, title: item.title }) : item.title;
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
    const card = this.cardBox?.querySelector<HTMLElement>('.hc');
    if (card && this.chip) placeCard(card, this.chip, getComputedStyle(this).direction === 'rtl');
  }

  private highlight(on: boolean): void {
    const id = on && this.source ? this.values.sourceId : null;
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
      if (!this.pointed && !this.focused) this.setCardOpen(false);
    }, CLOSE_DELAY_MS);
  }
}

/** Chips waiting for the next shared microtask, and the promise that it settles. */
let queue: QaCitation[] = [];
let flushed: Promise<boolean> | null = null;

/**
 * Draws a chip in the microtask shared by every chip changed in this task: one
 * promise for all the chips that `linkCitations` makes at once, not one each.
 */
function scheduleUpdate(chip: QaCitation): Promise<boolean> {
  queue.push(chip);
  flushed ??= Promise.resolve().then(() => {
    // A chip changed while the queue is drawn waits for the next microtask.
    const chips = queue;
    queue = [];
    flushed = null;
    for (const c of chips) c.flush();
    return true;
  });
  return flushed;
}

/** Sets an attribute only when it changes (`null` removes it). */
function setAttr(el: Element, name: string, value: string | null): void {
  if (value === null) {
    if (el.hasAttribute(name)) el.removeAttribute(name);
  } else if (el.getAttribute(name) !== value) el.setAttribute(name, value);
}

/** The muted chip of an id that names no source: `?`, and a hidden text for screen readers (set by the render). */
function unknownChip(): HTMLElement {
  const span = document.createElement('span');
  span.className = 'chip unknown';
  span.setAttribute('part', 'chip');
  const mark = document.createElement('span');
  mark.setAttribute('aria-hidden', 'true');
  mark.textContent = '?';
  const hidden = document.createElement('span');
  hidden.className = 'visually-hidden';
  span.append(mark, hidden);
  return span;
}
