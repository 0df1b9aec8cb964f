/**
 * The source hover card: a small preview of one source (kind icon, title,
 * secondary line, cited lines, the snippet as text, the evidence in plain
 * words) with Open / Open in new tab. Shown by a citation chip on hover,
 * focus or tap, and usable by any element that previews a source before
 * leaving the page (remote cards). It lives in the top layer (a manual
 * popover), so showing it never moves the page's layout.
 */
import { css, html, nothing, type TemplateResult } from 'lit';
import type { QaLineRange } from '../../model/display.js';
import type { QaSourceItemView } from '../../model/item.js';
import { formatRange } from '../../model/display.js';
import { cleanProse, truncate } from '../../model/text.js';
import { kindIcon } from './icons.js';
import type { Translate } from '../../i18n/types.js';
import { rangesText } from '../../model/card-text.js';

/** Longest snippet shown on a card, in code points. */
export const MAX_SNIPPET = 280;
/** Space kept between the card and the viewport's edges, in CSS pixels. */
export const CARD_MARGIN = 8;
/** Space between the card and what it belongs to. */
const CARD_GAP = 6;

/** The evidence of a source in plain words: `Read by the assistant`, `Found by a helper agent`. */
export function evidenceWords(t: Translate, item: QaSourceItemView): string {
  if (item.source.evidence === 'discovered') return t('byDiscovery');
  if (item.subagent || item.source.evidence === 'reported' || item.source.evidence === 'inherited') return t('byHelper');
  if (item.source.evidence === 'fetched') return t('byAssistantFetched');
  if (item.source.evidence === 'queried') return t('byAssistantQueried');
  return t('byAssistantRead');
}

/** A snippet for display: cleaned of hidden characters, on one paragraph, cut by code points. */
export function snippetText(snippet: unknown): string {
  if (typeof snippet !== 'string') return '';
  return truncate(cleanProse(snippet).text.replace(/\s+/g, ' ').trim(), MAX_SNIPPET);
}

/** `lines 197–218` for the cited ranges (a range of its own, else the source's). */
export function citedLinesText(t: Translate, ranges: readonly QaLineRange[]): string {
  return rangesText(t, { ranges: [...ranges], rangeLabels: ranges.map(formatRange) });
}

/** How a hover card is rendered and what it calls back. */
export interface HoverCardOptions {
  t: Translate;
  /** Id of the card element (for `aria-controls`). */
  id: string;
  /** Accessible name of the card. */
  label: string;
  /** The lines the card speaks of. */
  ranges: readonly QaLineRange[];
  /** Open (a local source) or the click of Open in new tab (a remote one). */
  onOpen(e: Event): void;
}

/** The card: a `popover="manual"` group. Untrusted strings are bound as text. */
export function renderHoverCard(item: QaSourceItemView, o: HoverCardOptions): TemplateResult {
  const { t } = o;
  const lines = citedLinesText(t, o.ranges);
  const snippet = snippetText(item.source.snippet);
  return html`<div class="hc" part="hover-card" id=${o.id} popover="manual" role="group" aria-label=${o.label}>
    <div class="hc-head">
      <span class="hc-icon" aria-hidden="true">${kindIcon(item.kind)}</span>
      <div class="hc-names">
        <p class="hc-title" dir="auto">${item.title}</p>
        ${item.secondary ? html`<p class="hc-secondary" dir="auto">${item.secondary}</p>` : nothing}
      </div>
    </div>
    ${lines ? html`<p class="hc-lines">${lines}</p>` : nothing}
    ${snippet ? html`<p class="hc-snippet" part="hover-card-snippet" dir="auto">${snippet}</p>` : nothing}
    <p class="hc-evidence">${evidenceWords(t, item)}</p>
    ${
      item.href
        ? html`<a
            class="hc-open"
            part="hover-card-open"
            href=${item.href}
            target="_blank"
            rel="noopener noreferrer"
            referrerpolicy="no-referrer"
            @click=${o.onOpen}
            >${t('openInNewTab')}</a
          >`
        : item.local
          ? html`<button type="button" class="hc-open" part="hover-card-open" @click=${o.onOpen}>${t('open')}</button>`
          : nothing
    }
  </div>`;
}

/**
 * Places a shown card next to its anchor and keeps it inside the viewport at
 * any width. `below` (a chip): under the anchor (above when there is no room
 * below), aligned with its start edge. `beside` (a card in a side panel): on
 * the side with room for it, top edges aligned; `below` when neither side
 * has room (a narrow screen). Writes only the card's own style.
 */
export function placeCard(card: HTMLElement, anchor: Element, rtl: boolean, side: 'below' | 'beside' = 'below'): void {
  const a = anchor.getBoundingClientRect();
  const vw = document.documentElement.clientWidth || window.innerWidth;
  const vh = document.documentElement.clientHeight || window.innerHeight;
  card.style.setProperty('max-inline-size', `${Math.max(120, vw - 2 * CARD_MARGIN)}px`);
  const c = card.getBoundingClientRect();
  const clampX = (x: number) => Math.min(Math.max(CARD_MARGIN, x), Math.max(CARD_MARGIN, vw - CARD_MARGIN - c.width));
  const clampY = (y: number) => Math.max(CARD_MARGIN, Math.min(y, vh - CARD_MARGIN - c.height));
  if (side === 'beside') {
    const before = a.left - CARD_GAP - c.width >= CARD_MARGIN;
    const after = a.right + CARD_GAP + c.width <= vw - CARD_MARGIN;
    // The inline-start side first (away from a panel at the inline end), then the other.
    const left = rtl
      ? after
        ? a.right + CARD_GAP
        : before
          ? a.left - CARD_GAP - c.width
          : null
      : before
        ? a.left - CARD_GAP - c.width
        : after
          ? a.right + CARD_GAP
          : null;
    if (left !== null) {
      card.style.setProperty('left', `${Math.round(left)}px`);
      card.style.setProperty('top', `${Math.round(clampY(a.top))}px`);
      return;
    }
  }
  const left = clampX(rtl ? a.right - c.width : a.left);
  let top = a.bottom + CARD_GAP;
  if (top + c.height > vh - CARD_MARGIN && a.top - CARD_GAP - c.height >= CARD_MARGIN) top = a.top - CARD_GAP - c.height;
  card.style.setProperty('left', `${Math.round(left)}px`);
  card.style.setProperty('top', `${Math.round(Math.max(CARD_MARGIN, top))}px`);
}

/** Styles of the hover card. */
export const hoverCardStyles = css`
  .hc {
    position: fixed;
    inset: auto;
    margin: 0;
    box-sizing: border-box;
    inline-size: var(--qa-hover-card-width, 300px);
    max-inline-size: calc(100vw - 16px);
    padding: 10px 12px;
    border: 1px solid var(--qa-hover-card-border-color, var(--_qa-border-strong));
    border-radius: var(--qa-hover-card-radius, var(--_qa-radius));
    background: var(--qa-hover-card-background, var(--_qa-surface));
    color: var(--_qa-text);
    box-shadow: 0 6px 24px rgb(0 0 0 / 0.16);
    font: 400 13px/1.45 var(--_qa-font-sans);
    text-align: start;
    white-space: normal;
    overflow: visible;
  }
  .hc p {
    margin: 0;
  }
  /* Lines of either direction line up with the card's own start edge (right in a right-to-left page). */
  :host(:dir(rtl)) .hc p {
    text-align: right;
  }
  .hc-head {
    display: flex;
    gap: 8px;
    align-items: flex-start;
  }
  .hc-icon {
    display: grid;
    place-items: center;
    flex: none;
    inline-size: 24px;
    block-size: 24px;
    border-radius: var(--_qa-radius-small);
    background: color-mix(in srgb, var(--_qa-accent) 11%, var(--_qa-surface));
    color: color-mix(in srgb, var(--_qa-accent) 72%, var(--_qa-text));
  }
  .hc-names {
    min-inline-size: 0;
  }
  .hc-title {
    font-weight: 600;
    overflow-wrap: anywhere;
    unicode-bidi: isolate;
  }
  .hc-secondary,
  .hc-lines,
  .hc-evidence {
    color: var(--_qa-text-quiet);
    font-size: 0.93em;
    overflow-wrap: anywhere;
    unicode-bidi: isolate;
  }
  .hc-lines {
    margin-block-start: 6px !important;
    font-variant-numeric: tabular-nums;
  }
  .hc-snippet {
    margin-block-start: 6px !important;
    padding-inline-start: 8px;
    border-inline-start: 2px solid var(--_qa-border-strong);
    overflow-wrap: anywhere;
    unicode-bidi: isolate;
  }
  .hc-evidence {
    margin-block-start: 6px !important;
  }
  .hc-open {
    display: inline-block;
    margin-block-start: 8px;
    padding: 3px 10px;
    border: 1px solid var(--_qa-border-strong);
    border-radius: var(--_qa-radius-small);
    /* An embedder's accent may be too light for small text (4.3:1 on white): a little of the text colour brings it past 4.5:1. */
    color: color-mix(in srgb, var(--_qa-accent) 80%, var(--_qa-text));
    font-weight: 560;
    text-decoration: none;
    cursor: pointer;
  }
  .hc-open:hover {
    background: var(--_qa-hover);
  }
  @media (forced-colors: active) {
    .hc {
      border-color: CanvasText;
    }
  }
`;
