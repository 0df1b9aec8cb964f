/**
 * The source card: one focusable control (a real link for remote sources, a
 * button otherwise) plus a details toggle. Kept lean on purpose: a panel may
 * show hundreds of them. Untrusted strings are bound as text only. Its words
 * come from model/card-text.ts, its styles from source-card.styles.ts.
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { Translate } from '../../i18n/types.js';
import { locationText, originDetail, originText, rangesText, warningText } from '../../model/card-text.js';
import type { QaLocationView } from '../../model/display.js';
import type { QaSourceItemView } from '../../model/item.js';
import { revealHidden } from '../../model/text.js';
import { mark } from './icons.js';
import { sourceControl, type Hints } from './source-control.js';

/** At most this many origins and locations are listed in a card's details. */
export const MAX_DETAIL_ROWS = 50;

/** How a card is rendered and what it calls back. */
export interface CardOptions {
  t: Translate;
  /** Stable short key of the card: used for `data-key` and the details id. */
  key: string;
  /** The card's control is the one in the tab order (roving tabindex). */
  tabbable: boolean;
  /** Its details are shown. */
  open: boolean;
  /** A discovered candidate, not a counted source. */
  discovered?: boolean;
  /** Ids of the shared hidden descriptions (`HINTS` of source-control.ts). */
  hints: Hints;
  /** Its file is the one open in the preview. */
  current?: boolean;
  onActivate(item: QaSourceItemView, e: Event): void;
  onToggle(item: QaSourceItemView): void;
  /** A location in the details was activated (only locations with a target are controls). */
  onOpenLocation?(item: QaSourceItemView, location: QaLocationView, e: Event): void;
  /** What follows the card's controls inside it (the panel's hover card of a remote source). */
  extra?: TemplateResult | typeof nothing;
  /** A hover card previews remote sources: their title needs no tooltip of its own. */
  previewsRemote?: boolean;
  /**
   * Its place in its list (1-based) and the list's whole size, shown cards
   * or not: said outright (`aria-posinset`, `aria-setsize`), as a list whose
   * cards are partly in the document, or partly rendered, needs.
   */
  position: number;
  setSize: number;
}

function badgeClass(item: QaSourceItemView): string {
  return item.badge ? (item.badge.length > 3 ? 'badge text long' : 'badge text') : 'badge';
}

/** What follows the title on a card's face: secondary line, ranges and tags, warning. */
function cardRest(item: QaSourceItemView, t: Translate): TemplateResult | typeof nothing {
  const ranges = rangesText(t, item);
  const warning = warningText(t, item);
  const tags = ranges || item.subagent || item.partial;
  if (!item.secondary && !tags && !warning) return nothing;
  return html`${item.secondary ? html`<span class="secondary" dir="auto">${item.secondary}</span>` : nothing}${
    tags
      ? html`<span class="meta"
          >${ranges ? html`<span class="ranges">${ranges}</span>` : nothing}${item.subagent ? html`<span class="tag" title=${t('subagentHint')}>${t('subagent')}</span>` : nothing}${
            item.partial ? html`<span class="tag partial" title=${t('partialHint')}>${t('partial')}</span>` : nothing
          }</span
        >`
      : nothing
  }${warning ? html`<span class="warning" part="warning">${mark('warning')}<span dir="auto">${warning}</span></span>` : nothing}`;
}

/** A location row: a button that opens exactly that range when it has a target, else text. */
function location(item: QaSourceItemView, l: QaLocationView, o: CardOptions): TemplateResult | string {
  const label = locationText(o.t, l);
  if (!l.target || !o.onOpenLocation) return label;
  const open = o.onOpenLocation;
  return html`<button type="button" class="loc" part="location" aria-describedby=${o.hints.preview} @click=${(e: Event) => open(item, l, e)}>${label}</button>`;
}

function details(item: QaSourceItemView, o: CardOptions): TemplateResult {
  const { t } = o;
  const origins = item.origins.slice(0, MAX_DETAIL_ROWS);
  const locations = item.locations.slice(0, MAX_DETAIL_ROWS);
  // A local path is a name: hidden and direction-changing characters show as markers (a URL is ASCII already).
  const where = item.local && item.path ? revealHidden(item.path).text : item.href;
  return html`<div class="details" part="details" id=${`details-${o.key}`} role="group" aria-label=${t('details')}>
    ${where ? html`<p class="where" dir="auto">${where}</p>` : nothing}
    ${
      origins.length
        ? html`<p class="dt">${t('usedBy')}</p>
            <ul role="list">
              ${origins.map((x) => html`<li dir="auto" title=${originDetail(t, x)}>${originText(t, x)}</li>`)}${
                item.origins.length > origins.length ? html`<li>+${item.origins.length - origins.length}</li>` : nothing
              }
            </ul>`
        : nothing
    }
    ${
      locations.length
        ? html`<p class="dt">${t('locations')}</p>
            <ul role="list">
              ${locations.map((x) => html`<li dir="auto">${location(item, x, o)}</li>`)}${
                item.locations.length > locations.length ? html`<li>+${item.locations.length - locations.length}</li>` : nothing
              }
            </ul>`
        : nothing
    }
  </div>`;
}

/**
 * One card: `<li part="card">` with the main control (its face: badge,
 * title, the external-link mark of a link, what follows), the details toggle
 * and (when open) the details.
 */
export function renderCard(item: QaSourceItemView, o: CardOptions): TemplateResult {
  const tab = o.tabbable ? 0 : -1;
  const { t } = o;
  const badge = item.badge ?? mark(item.kind);
  const rest = cardRest(item, t);
  const activate = (e: Event) => o.onActivate(item, e);
  const face = html`<span class=${badgeClass(item)} part="badge" aria-hidden="true">${badge}</span
    ><span class="title" part="title" dir="auto" title=${item.href && o.previewsRemote ? nothing : item.title}>${item.title}</span
    >${item.href ? mark('external', 'glyph ext') : nothing}${rest}`;
  const main = sourceControl(item, { cls: 'main', part: 'card-control', tabbable: o.tabbable, hints: o.hints, current: o.current, onClick: activate }, face);
  // Its role is said, not implied: the card sits in a block of its list (`role="none"`), which would make an implied list item presentational too.
  return html`<li
    class="card${o.discovered ? ' discovered' : ''}${o.open ? ' open' : ''}${o.current ? ' current' : ''}"
    part="card"
    role="listitem"
    aria-posinset=${o.position}
    aria-setsize=${o.setSize}
    data-key=${o.key}
  >
    ${main}<button
      type="button"
      class="toggle"
      part="details-toggle"
      tabindex=${tab}
      aria-expanded=${o.open ? 'true' : 'false'}
      aria-controls=${o.open ? `details-${o.key}` : nothing}
      aria-label=${t('detailsFor', { title: item.title })}
      title=${o.open ? t('hideDetails') : t('details')}
      @click=${() => o.onToggle(item)}
    ></button
    >${o.open ? details(item, o) : nothing}${o.extra ?? nothing}
  </li>`;
}
