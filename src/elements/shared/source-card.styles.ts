import { css, unsafeCSS, type CSSResult } from 'lit';

/**
 * The card count of a block of cards (`data-cards`, 1 to `max`) as
 * `--_qa-block-cards`, from which the block holds the place of its cards
 * until it is first rendered. An attribute and a rule per count, not a
 * `style` attribute: a strict `style-src` blocks those, and setting the
 * property through the CSSOM took the panel's first render a directive per
 * block (about 1–2 ms more with 1,000 sources).
 */
export function blockSizes(max: number): CSSResult {
  return unsafeCSS(Array.from({ length: max }, (_, i) => `.block[data-cards='${i + 1}']{--_qa-block-cards:${i + 1}}`).join(''));
}

/** Styles of cards and their marks; adopted with `chevronStyles` by every element that renders cards. */
export const cardStyles = css`
  .glyph {
    inline-size: 1em;
    block-size: 1em;
    flex: none;
  }
  /* A list of cards, and each block of cards inside it: the same spacing within a block and between blocks. */
  .cards,
  .block-cards {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    gap: var(--qa-card-gap, 6px);
  }
  /* Cards go in blocks (see the panel's blocks()): a block off screen skips its cards' style, layout and paint, and the browser tracks one block, not every card. Its placeholder: its cards (see blockSizes) at a card's usual height. */
  .block {
    content-visibility: auto;
    contain-intrinsic-size: auto calc(var(--_qa-block-cards, 1) * (68px + var(--qa-card-gap, 6px)) - var(--qa-card-gap, 6px));
    /* Room for the cards' focus rings, which the block's paint containment would clip. */
    padding: 3px;
    margin: -3px;
  }
  .card {
    position: relative;
    display: grid;
    grid-template-columns: minmax(0, 1fr) auto;
    align-items: start;
    border: 1px solid var(--qa-card-border-color, var(--_qa-border-control));
    border-radius: var(--qa-card-radius, var(--_qa-radius));
    background: var(--qa-card-background, var(--_qa-surface));
    transition:
      background-color var(--_qa-duration),
      border-color var(--_qa-duration);
  }
  .card:hover {
    background: var(--qa-card-hover-background, var(--_qa-hover));
  }
  .card.open {
    border-color: var(--qa-card-open-border-color, var(--_qa-text-quiet));
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
  /* Its chevron (chevronStyles), a size larger than a heading's: the toggle is the bigger control. */
  .card > .toggle::before {
    content: '';
    inline-size: 9px;
    block-size: 9px;
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
  }
`;
