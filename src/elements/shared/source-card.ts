/**
 * The source card: one focusable control (a real link for remote sources, a
 * button otherwise) plus a details toggle. Kept lean on purpose: a panel may
 * show hundreds of them. Untrusted strings are bound as text only.
 */
import { css, html, nothing, svg, type SVGTemplateResult, type TemplateResult } from 'lit';
import type { QaLocationView, QaOriginView } from '../../model/display.js';
import type { QaSourceItemView } from '../../model/item.js';
import { revealHidden } from '../../model/text.js';
import type { QaSourceEvidence, QaSourceKind } from '../../model/types.js';
import type { QaTerms } from '../../i18n/types.js';
import type { Translate } from './localize.js';

export type { Translate } from './localize.js';

/** At most this many origins and locations are listed in a card's details. */
export const MAX_DETAIL_ROWS = 50;

// One path per mark keeps each icon at two DOM nodes.
const MARKS: Record<string, string> = {
  file: 'M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8zM14 3v5h5M9 13h6M9 17h4',
  code: 'm8 8-4 4 4 4M16 8l4 4-4 4M13.5 5l-3 14',
  jira: 'M12 3 3 12l9 9 9-9zm0 5-4 4 4 4 4-4z',
  confluence: 'M4 17c3-4 6-5 9-3l5 2.5M20 7c-3 4-6 5-9 3L6 7.5',
  knowledge: 'M4 5.5A2.5 2.5 0 0 1 6.5 3H20v15H6.5A2.5 2.5 0 0 0 4 20.5zM4 20.5A2.5 2.5 0 0 1 6.5 18H20v3H6.5',
  web: 'M3 12a9 9 0 1 0 18 0a9 9 0 1 0-18 0M3 12h18M12 3c2.5 2.7 3.8 5.7 3.8 9s-1.3 6.3-3.8 9c-2.5-2.7-3.8-5.7-3.8-9S9.5 5.7 12 3z',
  other: 'M3.5 12a8.5 8.5 0 1 0 17 0a8.5 8.5 0 1 0-17 0M12 12h.01',
  external: 'M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5',
  warning: 'M12 3 2 20h20zM12 10v4M12 17h.01',
  info: 'M3 12a9 9 0 1 0 18 0a9 9 0 1 0-18 0M12 11v5M12 7.5h.01',
  close: 'M6 6l12 12M18 6 6 18',
};

/** A small inline SVG mark (`currentColor`, hidden from assistive technology). */
export function mark(name: keyof typeof MARKS | QaSourceKind, cls = 'glyph'): SVGTemplateResult {
  return svg`<svg class=${cls} viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="1.9" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false"><path d=${MARKS[name] ?? MARKS.other!} /></svg>`;
}

const GROUP_TERMS: Record<QaSourceKind, keyof QaTerms> = {
  file: 'groupFile',
  code: 'groupCode',
  jira: 'groupJira',
  confluence: 'groupConfluence',
  knowledge: 'groupKnowledge',
  web: 'groupWeb',
  other: 'groupOther',
};

/** The group name of a kind: `Documentation`, `Jira`, … */
export function groupName(t: Translate, kind: QaSourceKind): string {
  return t(GROUP_TERMS[kind] ?? 'groupOther');
}

const EVIDENCE_TERMS: Record<QaSourceEvidence, keyof QaTerms> = {
  read: 'evidenceRead',
  fetched: 'evidenceFetched',
  queried: 'evidenceQueried',
  reported: 'evidenceReported',
  inherited: 'evidenceInherited',
  discovered: 'evidenceDiscovered',
};

/** `lines 197–218, 355–371`, `line 42`, or '' when the item has no ranges. At most two ranges are named. */
export function rangesText(t: Translate, item: Pick<QaSourceItemView, 'ranges' | 'rangeLabels'>): string {
  const n = item.rangeLabels.length;
  if (n === 0) return '';
  const shown = item.rangeLabels.slice(0, 2).join(', ');
  const single = n === 1 && item.ranges[0]!.lineStart === item.ranges[0]!.lineEnd;
  return t(single ? 'line' : 'lines', { range: shown }) + (n > 2 ? ` +${n - 2}` : '');
}

const ORIGIN_ACTIONS: Partial<Record<QaSourceEvidence, keyof QaTerms>> = {
  read: 'originActionRead',
  fetched: 'originActionFetched',
  queried: 'originActionQueried',
};

/**
 * One `Used by` row in plain words: `Read by the assistant in answer 4`,
 * `Found by the helper agent “Jira research” › “Deep search”`.
 */
export function originText(t: Translate, o: QaOriginView): string {
  if (o.role === 'parent') return t('originAssistant', { action: t(ORIGIN_ACTIONS[o.evidence] ?? 'originActionFound'), n: o.turn });
  if (o.chain.length === 0) return t('byHelper');
  return t('originHelper', { label: o.chain.map((label) => t('quoted', { label })).join(' › ') });
}

/** The technical form of an origin, for a tooltip: `Parent · read · turn 4`, `Subagent “Jira research” · jira_get`. */
export function originDetail(t: Translate, o: QaOriginView): string {
  const evidence = t(EVIDENCE_TERMS[o.evidence] ?? 'evidenceRead');
  if (o.role === 'parent') {
    const parts = [t('parent'), evidence, t('turn', { n: o.turn })];
    if (o.toolName && o.toolName !== o.evidence) parts.push(o.toolName);
    return parts.join(' · ');
  }
  const [first, ...rest] = o.chain;
  const who = first === undefined ? t('subagent') : [t('subagentNamed', { label: first }), ...rest.map((label) => t('quoted', { label }))].join(' › ');
  return `${who} · ${o.toolName ?? evidence}`;
}

/** One `Locations` row: `lines 197–218`, `#install`, `MDC-1`, or `other/file.md · lines 3–9`. */
export function locationText(t: Translate, l: QaLocationView): string {
  let text: string;
  if (l.type === 'lines') text = t(l.text.includes('–') ? 'lines' : 'line', { range: l.text });
  else text = l.text;
  return l.path && l.type !== 'path' ? `${l.path} · ${text}` : text;
}

/** The warning shown on a card whose name or address could mislead, or null. */
export function warningText(t: Translate, item: QaSourceItemView): string | null {
  if (item.host?.confusable) return t('lookalikeHost', { host: item.host.ascii });
  if (item.suspicious) return t('suspiciousName');
  return null;
}

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
  /** Ids of the shared hidden descriptions: opens in a new tab / opens a preview / what the Subagent and Partial tags mean. */
  hints: { external: string; preview: string; subagent?: string; partial?: string };
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
  return html`${item.secondary ? html`<span class="secondary" dir="auto">${item.secondary}</span>` : nothing}${tags
      ? html`<span class="meta"
          >${ranges ? html`<span class="ranges">${ranges}</span>` : nothing}${item.subagent ? html`<span class="tag" title=${t('subagentHint')}>${t('subagent')}</span>` : nothing}${item.partial
            ? html`<span class="tag partial" title=${t('partialHint')}>${t('partial')}</span>`
            : nothing}</span
        >`
      : nothing}${warning ? html`<span class="warning" part="warning">${mark('warning')}<span dir="auto">${warning}</span></span>` : nothing}`;
}

/** A location row: a button that opens exactly that range when it has a target, else text. */
function location(item: QaSourceItemView, l: QaLocationView, o: CardOptions): TemplateResult | string {
  const label = locationText(o.t, l);
  if (!l.target || !o.onOpenLocation) return label;
  const open = o.onOpenLocation;
  return html`<button
    type="button"
    class="loc"
    part="location"
    aria-describedby=${o.hints.preview}
    @click=${(e: Event) => open(item, l, e)}
  >${label}</button>`;
}

function details(item: QaSourceItemView, o: CardOptions): TemplateResult {
  const { t } = o;
  const origins = item.origins.slice(0, MAX_DETAIL_ROWS);
  const locations = item.locations.slice(0, MAX_DETAIL_ROWS);
  // A local path is a name: hidden and direction-changing characters show as markers (a URL is ASCII already).
  const where = item.local && item.path ? revealHidden(item.path).text : item.href;
  return html`<div class="details" part="details" id=${`details-${o.key}`} role="group" aria-label=${t('details')}>
    ${where ? html`<p class="where" dir="auto">${where}</p>` : nothing}
    ${origins.length
      ? html`<p class="dt">${t('usedBy')}</p>
          <ul role="list">
            ${origins.map((x) => html`<li dir="auto" title=${originDetail(t, x)}>${originText(t, x)}</li>`)}${item.origins.length > origins.length
              ? html`<li>+${item.origins.length - origins.length}</li>`
              : nothing}
          </ul>`
      : nothing}
    ${locations.length
      ? html`<p class="dt">${t('locations')}</p>
          <ul role="list">
            ${locations.map((x) => html`<li dir="auto">${location(item, x, o)}</li>`)}${item.locations.length > locations.length
              ? html`<li>+${item.locations.length - locations.length}</li>`
              : nothing}
          </ul>`
      : nothing}
  </div>`;
}

/** The ids describing a card's control: where it opens, then what its tags mean. */
function describedBy(item: QaSourceItemView, o: CardOptions, where: string | null): string | typeof nothing {
  const ids = [where, item.subagent ? o.hints.subagent : null, item.partial ? o.hints.partial : null].filter((x): x is string => !!x);
  return ids.length ? ids.join(' ') : nothing;
}

/**
 * One card: `<li part="card">` with the main control, the details toggle and
 * (when open) the details. A panel renders many: the face is one template per
 * control type (the external-link mark written in), so a card costs few
 * template instances.
 */
export function renderCard(item: QaSourceItemView, o: CardOptions): TemplateResult {
  const tab = o.tabbable ? 0 : -1;
  const { t } = o;
  const badge = item.badge ?? mark(item.kind);
  const rest = cardRest(item, t);
  const activate = (e: Event) => o.onActivate(item, e);
  const main = item.href
    ? html`<a
        class="main"
        part="card-control"
        href=${item.href}
        target="_blank"
        rel="noopener noreferrer"
        referrerpolicy="no-referrer"
        tabindex=${tab}
        aria-describedby=${describedBy(item, o, o.hints.external)}
        @click=${activate}
        ><span class=${badgeClass(item)} part="badge" aria-hidden="true">${badge}</span><span class="title" part="title" dir="auto" title=${o.previewsRemote ? nothing : item.title}
          >${item.title}</span
        ><svg class="glyph ext" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="1.9" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false"><path d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" /></svg
        >${rest}</a
      >`
    : html`<button
        type="button"
        class="main"
        part="card-control"
        tabindex=${tab}
        aria-current=${o.current ? 'true' : nothing}
        aria-describedby=${describedBy(item, o, item.local ? o.hints.preview : null)}
        @click=${activate}
      >
        <span class=${badgeClass(item)} part="badge" aria-hidden="true">${badge}</span><span class="title" part="title" dir="auto" title=${item.title}
          >${item.title}</span
        >${rest}
      </button>`;
  return html`<li class="card${o.discovered ? ' discovered' : ''}${o.open ? ' open' : ''}${o.current ? ' current' : ''}" part="card" data-key=${o.key}>
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

/** Styles of cards and marks; adopted by every element that renders cards. */
export const cardStyles = css`
  .glyph {
    inline-size: 1em;
    block-size: 1em;
    flex: none;
  }
  .cards {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    gap: var(--qa-card-gap, 6px);
  }
  .card {
    position: relative;
    display: grid;
    grid-template-columns: minmax(0, 1fr) auto;
    align-items: start;
    border: 1px solid var(--qa-card-border-color, var(--_qa-border-control));
    border-radius: var(--qa-card-radius, var(--_qa-radius));
    background: var(--qa-card-background, var(--_qa-surface));
    transition: background-color var(--_qa-duration), border-color var(--_qa-duration);
    content-visibility: auto;
    contain-intrinsic-size: auto 68px;
  }
  .card:hover {
    background: var(--qa-card-hover-background, var(--_qa-hover));
  }
  .card.open {
    border-color: var(--qa-card-open-border-color, var(--_qa-text-quiet));
    content-visibility: visible;
  }
  .main {
    position: relative;
    display: grid;
    grid-template-columns: minmax(0, 1fr) auto;
    grid-template-areas:
      'title ext'
      'secondary secondary'
      'meta meta'
      'warning warning';
    align-content: center;
    align-items: center;
    column-gap: 8px;
    min-inline-size: 0;
    min-block-size: 50px;
    padding-block: 9px;
    padding-inline: 50px 2px;
    color: inherit;
    text-decoration: none;
    text-align: start;
    border-radius: calc(var(--qa-card-radius, var(--_qa-radius)) - 1px);
    cursor: pointer;
  }
  /* The card is one control: its ring goes around the whole card. */
  .main:focus-visible {
    outline: none;
  }
  .card:has(> .main:focus-visible) {
    outline: 2px solid var(--_qa-focus);
    outline-offset: 1px;
  }
  .badge {
    position: absolute;
    inset-block-start: 10px;
    inset-inline-start: 10px;
    display: grid;
    place-items: center;
    inline-size: 30px;
    block-size: 30px;
    border-radius: var(--qa-card-badge-radius, var(--_qa-radius-small));
    background: var(--qa-card-badge-background, color-mix(in srgb, var(--_qa-accent) 11%, var(--_qa-surface)));
    color: var(--qa-card-badge-color, color-mix(in srgb, var(--_qa-accent) 72%, var(--_qa-text)));
    font-size: 16px;
  }
  .badge.text {
    /* Its own direction from its text (C# stays C# in a right-to-left page); the box still sits at the inline start. */
    unicode-bidi: plaintext;
    font: 700 10px/1 var(--_qa-font-mono);
    letter-spacing: 0.02em;
  }
  .badge.long {
    font-size: 8.5px;
    letter-spacing: 0;
  }
  .title {
    grid-area: title;
    min-inline-size: 0;
    font-weight: 560;
    line-height: 1.35;
    white-space: nowrap;
    overflow: hidden;
    text-overflow: ellipsis;
    unicode-bidi: isolate;
  }
  /* A left-to-right name in a right-to-left panel lines up with the rest of the card (its own dir="auto" would align it left). */
  :host(:dir(rtl)) .title,
  :host(:dir(rtl)) .secondary {
    text-align: right;
  }
  .main:focus-visible .title {
    white-space: normal;
    overflow-wrap: anywhere;
  }
  .ext {
    grid-area: ext;
    font-size: 13px;
    color: var(--_qa-text-faint);
  }
  .secondary {
    grid-area: secondary;
    min-inline-size: 0;
    margin-block-start: 1px;
    color: var(--_qa-text-quiet);
    font-size: 0.9em;
    white-space: nowrap;
    overflow: hidden;
    text-overflow: ellipsis;
    unicode-bidi: isolate;
  }
  .main:focus-visible .secondary {
    white-space: normal;
    overflow-wrap: anywhere;
  }
  .meta {
    grid-area: meta;
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 4px 6px;
    margin-block-start: 4px;
    font-size: 0.86em;
    color: var(--_qa-text-quiet);
  }
  .ranges {
    font-variant-numeric: tabular-nums;
  }
  .tag {
    display: inline-block;
    padding: 0 6px;
    border-radius: 999px;
    border: 1px solid var(--_qa-border-control);
    line-height: 1.5;
    font-size: 0.95em;
    color: var(--_qa-text-quiet);
  }
  .tag.partial {
    border-style: dashed;
  }
  .warning {
    grid-area: warning;
    margin-inline-start: -40px;
    display: flex;
    gap: 6px;
    align-items: flex-start;
    margin-block-start: 6px;
    font-size: 0.86em;
    line-height: 1.4;
    color: var(--_qa-warning);
  }
  .warning .glyph {
    margin-block-start: 0.15em;
  }
  .toggle {
    display: grid;
    place-items: center;
    inline-size: 30px;
    block-size: 30px;
    margin: 8px;
    margin-inline-start: 0;
    border-radius: var(--_qa-radius-small);
    color: var(--_qa-text-quiet);
  }
  .toggle::before {
    /* A down/up chevron: physical borders on purpose, it points the same way in both directions. */
    content: '';
    inline-size: 9px;
    block-size: 9px;
    border-right: 2px solid currentColor;
    border-bottom: 2px solid currentColor;
    transform: translateY(-2px) rotate(45deg);
    transition: transform var(--_qa-duration);
  }
  .toggle[aria-expanded='true']::before {
    transform: translateY(3px) rotate(225deg);
  }
  .toggle:hover {
    background: var(--_qa-hover);
    color: var(--_qa-text);
  }
  .toggle:focus-visible {
    outline-offset: -2px;
  }
  .details {
    grid-column: 1 / -1;
    margin: 0 10px 10px;
    margin-inline-start: 50px;
    padding-block-start: 8px;
    border-block-start: 1px solid var(--_qa-border);
    font-size: 0.86em;
    color: var(--_qa-text-quiet);
  }
  .details p {
    margin: 0;
  }
  .details .where {
    font-family: var(--_qa-font-mono);
    font-size: 0.95em;
    overflow-wrap: anywhere;
    unicode-bidi: isolate;
    margin-block-end: 6px;
  }
  .details .dt {
    font-weight: 600;
    color: var(--_qa-text);
    margin-block: 4px 2px;
  }
  .details ul {
    margin: 0;
    padding: 0;
    list-style: none;
  }
  .details li {
    padding-block: 1px;
    overflow-wrap: anywhere;
    unicode-bidi: isolate;
  }
  /* A location that opens its range: a link-like button, 24 px high. */
  .details .loc {
    min-block-size: 24px;
    padding: 2px 6px;
    margin-inline-start: -6px;
    border-radius: var(--_qa-radius-small);
    color: var(--_qa-accent-ink, var(--_qa-accent));
    text-align: start;
    text-decoration: underline;
    text-decoration-color: color-mix(in srgb, currentColor 40%, transparent);
    text-underline-offset: 2px;
    overflow-wrap: anywhere;
  }
  .details .loc:hover {
    background: var(--_qa-hover);
    text-decoration-color: currentColor;
  }
  /* The card whose file is open in the preview: an accent edge and border, seen when focus is elsewhere. */
  .card.current {
    border-color: var(--_qa-accent);
    box-shadow: inset 3px 0 0 var(--_qa-accent);
  }
  :host(:dir(rtl)) .card.current {
    box-shadow: inset -3px 0 0 var(--_qa-accent);
  }
  .card.discovered .title {
    font-weight: 450;
    color: var(--_qa-text-quiet);
  }
  @media (forced-colors: active) {
    .card {
      border-color: CanvasText;
    }
    .card:has(> .main:focus-visible) {
      outline-color: Highlight;
    }
    .badge,
    .tag {
      border: 1px solid CanvasText;
    }
    .toggle::before {
      border-color: ButtonText;
    }
  }
`;
