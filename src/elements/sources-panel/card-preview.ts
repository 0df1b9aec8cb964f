/**
 * The hover card of the panel's remote cards (Jira, Confluence, web): the
 * same card a citation chip shows, so a source's snippet can be read before
 * leaving the page. It opens when the pointer rests on a remote card or when
 * the card's control gets keyboard focus, stays while the pointer or focus is
 * on the card or in the hover card (its Open in new tab is the next Tab stop
 * after the card's details button), and closes on Escape, on leaving, or
 * when its card scrolls out of the panel. It lives in the top layer, so
 * nothing in the panel moves.
 */
import { html, nothing, type ReactiveController, type ReactiveControllerHost, type TemplateResult } from 'lit';
import type { QaSourceItemView } from '../../model/item.js';
import { placeCard, renderHoverCard } from '../shared/hover-card.js';
import type { Translate } from '../../i18n/types.js';

/** The pointer rests this long on a card before its hover card opens. */
export const PREVIEW_OPEN_DELAY_MS = 350;
/** The hover card closes this long after the pointer left card and hover card. */
export const PREVIEW_CLOSE_DELAY_MS = 220;

/** True for a source whose card leaves the page (it has a link and no preview in the kit). */
export function isRemote(item: QaSourceItemView): boolean {
  return !item.local && item.href !== null;
}

/** What the controller needs of the panel. */
export interface CardPreviewOptions {
  /** The source id of a card element (`li.card`), or null. */
  idOf(card: Element): string | null;
  /** The card view of a shown source, or null. */
  itemOf(id: string): QaSourceItemView | null;
  /** The card element of a source, or null. */
  cardOf(id: string): HTMLElement | null;
  /** The scrolling body the cards are in. */
  body(): HTMLElement | null;
  /** Activates the source (its `qa-source-open`), as the card's own control does. */
  onOpen(item: QaSourceItemView, e: Event): void;
}

/** One hover card for the remote cards of a panel. */
export class CardPreviewController implements ReactiveController {
  /** Id of the source whose hover card is shown, or null. */
  id: string | null = null;
  private openTimer: ReturnType<typeof setTimeout> | undefined;
  private closeTimer: ReturnType<typeof setTimeout> | undefined;
  private pointed: string | null = null;
  private focused: string | null = null;
  private listening = false;
  private root: ShadowRoot | null = null;
  /** The card whose hover card Escape dismissed: focus on it does not show it again until focus leaves it. */
  private dismissed: string | null = null;

  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement,
    private readonly o: CardPreviewOptions,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    // On the shadow root: moves between two cards never reach the host (both ends retarget to it).
    const root = this.host.shadowRoot;
    if (!root || this.root === root) return;
    this.root = root;
    root.addEventListener('pointerover', this.onOver);
    root.addEventListener('pointerout', this.onOut);
    root.addEventListener('focusin', this.onFocusIn as EventListener);
    root.addEventListener('focusout', this.onFocusOut as EventListener);
  }

  /** Shows the hover card of a remote source now (nothing for a local one). */
  open(id: string): void {
    clearTimeout(this.openTimer);
    clearTimeout(this.closeTimer);
    const item = this.o.itemOf(id);
    if (!item || !isRemote(item)) {
      this.close();
      return;
    }
    if (this.id === id) return;
    this.id = id;
    this.host.requestUpdate();
  }

  /** Hides the hover card at the user's request (Escape): it stays hidden while focus stays on its card. */
  dismiss(): boolean {
    this.dismissed = this.id;
    return this.close();
  }

  /** Hides the hover card; returns true when one was shown. */
  close(): boolean {
    clearTimeout(this.openTimer);
    clearTimeout(this.closeTimer);
    if (this.id === null) return false;
    this.id = null;
    this.host.requestUpdate();
    return true;
  }

  /** The hover card of `item`, when it is the one shown (rendered inside its card, after the details button). */
  render(item: QaSourceItemView, key: string, t: Translate): TemplateResult | typeof nothing {
    if (item.id !== this.id) return nothing;
    return html`${renderHoverCard(item, { t, id: `preview-${key}`, label: item.title, ranges: item.ranges, onOpen: (e) => this.o.onOpen(item, e) })}`;
  }

  hostUpdated(): void {
    const id = this.id;
    const shown = id === null ? null : this.cardEl(id);
    if (id !== null && !shown) {
      // Its card is gone (a new payload, a collapsed section).
      this.id = null;
      this.host.requestUpdate();
    }
    if (shown && !shown.matches(':popover-open')) shown.showPopover();
    if (shown) this.place();
    this.listen(shown !== null);
  }

  hostDisconnected(): void {
    clearTimeout(this.openTimer);
    this.close();
    this.listen(false);
  }

  private cardEl(id: string): HTMLElement | null {
    return this.o.cardOf(id)?.querySelector<HTMLElement>(':scope > .hc') ?? null;
  }

  private place(): void {
    if (this.id === null) return;
    const card = this.o.cardOf(this.id);
    const hc = card?.querySelector<HTMLElement>(':scope > .hc');
    if (!card || !hc) return;
    // A card scrolled out of the panel takes its hover card with it.
    const body = this.o.body()?.getBoundingClientRect();
    const r = card.getBoundingClientRect();
    if (body && (r.bottom <= body.top || r.top >= body.bottom)) {
      this.close();
      return;
    }
    placeCard(hc, card, getComputedStyle(this.host).direction === 'rtl', 'beside');
  }

  private listen(on: boolean): void {
    if (on === this.listening) return;
    this.listening = on;
    if (on) {
      window.addEventListener('scroll', this.onScroll, { capture: true, passive: true });
      window.addEventListener('resize', this.onScroll, { passive: true });
    } else {
      window.removeEventListener('scroll', this.onScroll, true);
      window.removeEventListener('resize', this.onScroll);
    }
  }

  /** The source id of the card an event happened in, or null. */
  private idIn(e: Event): string | null {
    for (const n of e.composedPath()) {
      if (n === this.host || n === this.root) break;
      if (n instanceof Element && n.matches('.card')) return this.o.idOf(n);
    }
    return null;
  }

  private idAround(node: EventTarget | null): string | null {
    if (!(node instanceof Element) || !this.host.shadowRoot?.contains(node)) return null;
    const card = node.closest('.card');
    return card ? this.o.idOf(card) : null;
  }

  private leave(): void {
    clearTimeout(this.openTimer);
    if (this.pointed !== null || this.focused !== null || this.id === null) return;
    clearTimeout(this.closeTimer);
    this.closeTimer = setTimeout(() => {
      if (this.pointed === null && this.focused === null) this.close();
    }, PREVIEW_CLOSE_DELAY_MS);
  }

  private readonly onScroll = (): void => this.place();

  private readonly onOver = (e: Event): void => {
    if ((e as PointerEvent).pointerType === 'touch') return;
    const id = this.idIn(e);
    if (id === this.pointed) return;
    this.pointed = id;
    clearTimeout(this.openTimer);
    if (id === null) return this.leave();
    clearTimeout(this.closeTimer);
    if (id === this.id) return;
    const item = this.o.itemOf(id);
    if (!item || !isRemote(item)) return this.leave();
    // Moving from one card to the next switches at once; a first card waits for the pointer to settle.
    if (this.id !== null) this.open(id);
    else this.openTimer = setTimeout(() => this.open(id), PREVIEW_OPEN_DELAY_MS);
  };

  private readonly onOut = (e: Event): void => {
    if ((e as PointerEvent).pointerType === 'touch') return;
    const next = this.idAround((e as PointerEvent).relatedTarget);
    if (next === this.pointed) return;
    if (next === null) {
      this.pointed = null;
      this.leave();
    }
  };

  private readonly onFocusIn = (e: FocusEvent): void => {
    const target = e.composedPath()[0];
    const id = this.idAround(target as EventTarget);
    this.focused = id;
    if (id === null || id === this.id) {
      if (id !== null) clearTimeout(this.closeTimer);
      return;
    }
    // Keyboard focus on a card's control shows its preview; a click (which opens the link) does not.
    const el = target as Element;
    if (id === this.dismissed) return;
    this.dismissed = null;
    if (el.matches('.main') && el.matches(':focus-visible')) this.open(id);
    else if (this.id !== null && this.pointed !== this.id) this.close();
  };

  private readonly onFocusOut = (e: FocusEvent): void => {
    const next = this.idAround(e.relatedTarget);
    this.focused = next;
    if (next !== this.dismissed) this.dismissed = null;
    if (next !== this.id) {
      // Focus left the card of the shown preview: close it at once (unless the pointer holds it).
      if (this.pointed === this.id && this.pointed !== null) return;
      if (next === null) this.close();
    }
  };
}
