/**
 * Citation numbers and highlights on the panel's cards and the footer's
 * entries, without touching their templates: one constructed stylesheet per
 * element (allowed under a strict CSP) marks the cited cards with their
 * number (`1`, read as "Cited as 1") and the card of the source pointed at in
 * the answer; pointing at or focusing a card fires `qa-source-highlight`.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { QaCitationIndex } from '../../model/citations.js';
import type { QaSourcesView } from '../../model/present.js';
import { formatNumber } from '../../i18n/index.js';
import { QaSourceHighlightEvent } from '../../events.js';
import type { Translate } from '../../i18n/types.js';

type Host = ReactiveControllerHost & HTMLElement & { citations: QaCitationIndex | null; highlightedSource: string | null };

/** How an element names its entries in the DOM. */
export interface CitationMarksOptions {
  /** The selector of the entry of a source (`.card[data-key="3"]`, `li[data-id="…"] > .entry`). */
  entryOf(id: string): string;
  /** The source id of an entry element under the pointer or focus, or null. */
  idAt(el: Element): string | null;
  /** Where the number sits on an entry: `::after` of the card, `::before` of the footer entry. */
  pseudo: '::after' | '::before';
  /** Declarations that place and size the number. */
  numberStyle: string;
  /** The view the element renders (to split cited and also-used). */
  view(): QaSourcesView;
  /** Its term lookup. */
  t: Translate;
  lang(): string;
}

function cssString(s: string): string {
  return `"${s.replace(/[\\"]/g, '\\$&').replace(/[\n\r\f]/g, ' ')}"`;
}

/** Numbers and highlights of citations on an element's entries. */
export class CitationMarksController implements ReactiveController {
  private sheet: CSSStyleSheet | null = null;
  private text = '';
  private pointed: string | null = null;
  private root: ShadowRoot | null = null;

  constructor(
    private readonly host: Host,
    private readonly o: CitationMarksOptions,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    // On the shadow root: a move between two entries never reaches the host (both ends retarget to it).
    const root = this.host.shadowRoot;
    if (!root || this.root === root) return;
    this.root = root;
    root.addEventListener('pointerover', this.onOver);
    root.addEventListener('pointerout', this.onOut);
    root.addEventListener('focusin', this.onOver);
    root.addEventListener('focusout', this.onOut);
  }

  hostUpdated(): void {
    const { citations, highlightedSource } = this.host;
    let text = '';
    if (citations && citations.cited.length > 0) {
      const t = this.o.t;
      const lang = this.o.lang();
      for (const [id, n] of citations.numbers) {
        text += `${this.o.entryOf(id)}${this.o.pseudo} { content: ${cssString(formatNumber(n, lang))} / ${cssString(t('citationNumber', { n }))}; }\n`;
      }
      const all = [...citations.numbers.keys()].map((id) => `${this.o.entryOf(id)}${this.o.pseudo}`).join(',\n');
      text += `${all} { min-inline-size: 16px; block-size: 16px; padding: 0 4px; border-radius: 999px; background: var(--_qa-accent); color: var(--_qa-surface); font: 700 10px/16px var(--_qa-font-sans); text-align: center; font-variant-numeric: tabular-nums; pointer-events: none; ${this.o.numberStyle} }\n`;
    }
    if (highlightedSource !== null) {
      text += `${this.o.entryOf(highlightedSource)} { border-color: var(--_qa-accent) !important; background: var(--qa-citation-card-highlight-background, color-mix(in srgb, var(--_qa-accent) 9%, var(--_qa-surface))) !important; }\n`;
    }
    if (text === this.text) return;
    this.text = text;
    const root = this.host.shadowRoot;
    if (!this.sheet) {
      if (!text || !root) return;
      this.sheet = new CSSStyleSheet();
      root.adoptedStyleSheets = [...root.adoptedStyleSheets, this.sheet];
    }
    this.sheet.replaceSync(text);
  }

  private announce(id: string | null): void {
    if (id === this.pointed) return;
    this.pointed = id;
    this.host.dispatchEvent(new QaSourceHighlightEvent({ id, origin: 'card' }));
  }

  private entryIn(e: Event): string | null {
    for (const n of e.composedPath()) {
      if (n === this.host || n === this.root) break;
      if (n instanceof Element) {
        const id = this.o.idAt(n);
        if (id !== null) return id;
      }
    }
    return null;
  }

  private readonly onOver = (e: Event): void => {
    const id = this.entryIn(e);
    if (id !== null) this.announce(id);
  };

  private readonly onOut = (e: Event): void => {
    const next = (e as PointerEvent | FocusEvent).relatedTarget;
    // Still on the same entry (moving between its parts): nothing changes.
    if (next instanceof Element && this.host.shadowRoot?.contains(next)) {
      for (let el: Element | null = next; el && el !== this.host; el = el.parentElement) {
        const id = this.o.idAt(el);
        if (id !== null) return id === this.pointed ? undefined : this.announce(id);
      }
    }
    if (this.pointed !== null) this.announce(null);
  };
}
