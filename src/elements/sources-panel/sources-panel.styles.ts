import { css } from 'lit';

/** Layout of `<qa-sources-panel>`: a header and a scrolling body that fill the host's height when it has one. */
export const panelStyles = css`
  :host {
    display: block;
    block-size: 100%;
    min-block-size: 0;
    --_pad: var(--qa-panel-padding, 14px);
    /* Space above the first group inside the scrolling body. */
    --_body-top: 4px;
    /* Accent as text: a little toward the text colour, so small text keeps 4.5:1 on any accent. */
    --_qa-accent-ink: color-mix(in srgb, var(--_qa-accent) 80%, var(--_qa-text));
  }
  .base {
    display: flex;
    flex-direction: column;
    block-size: 100%;
    min-block-size: 0;
    background: var(--qa-panel-background, var(--_qa-surface));
    color: var(--_qa-text);
    container: qa-panel / inline-size;
  }
  .header {
    flex: none;
    padding: 12px var(--_pad) 10px;
    border-block-end: 1px solid var(--_qa-border);
  }
  .heading-row {
    display: flex;
    align-items: center;
    gap: 8px;
  }
  .heading {
    flex: 1;
    margin: 0;
    font-size: 1.14em;
    font-weight: 650;
    line-height: 1.3;
    letter-spacing: -0.005em;
  }
  .close {
    display: grid;
    place-items: center;
    inline-size: 30px;
    block-size: 30px;
    margin-inline-end: -6px;
    border-radius: var(--_qa-radius-small);
    color: var(--_qa-text-quiet);
    font-size: 18px;
  }
  .close:hover {
    background: var(--_qa-hover);
    color: var(--_qa-text);
  }
  .count {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 2px 10px;
    margin: 2px 0 0;
    color: var(--_qa-text-quiet);
    font-size: 0.93em;
  }
  .provisional {
    display: inline-flex;
    align-items: center;
    gap: 6px;
    color: var(--_qa-text-quiet);
    font-style: italic;
  }
  .body {
    flex: 1 1 auto;
    min-block-size: 0;
    overflow-y: auto;
    overscroll-behavior: contain;
    padding: var(--_body-top) var(--_pad) 16px;
    scrollbar-width: thin;
  }
  /* A card or button scrolled into view (focus, keyboard, details) clears the sticky heading above it. */
  .card,
  .more-row > button {
    scroll-margin-block: calc(1.35em + 36px) 12px;
  }
  .group {
    margin-block-start: 4px;
    /* A pushed-out sticky heading ends at its group's end: this room lets it cover the last card's bottom border whole (no 1 px sliver). */
    padding-block-end: 2px;
  }
  .group-heading {
    /* Stuck at the very top of the scrollport (above the body's padding, so no card shows above it), opaque and as wide as the body. */
    position: sticky;
    inset-block-start: calc(-1 * var(--_body-top));
    z-index: 2;
    margin: 0 calc(-1 * var(--_pad));
    padding: 4px var(--_pad) 2px;
    /* Opaque even when the page gives the panel a translucent background. */
    background: linear-gradient(var(--qa-panel-background, var(--_qa-surface)), var(--qa-panel-background, var(--_qa-surface))), var(--_qa-surface);
    background-clip: border-box;
    font-size: inherit;
    font-weight: inherit;
  }
  /* Room for the first card's focus ring below the heading (the heading paints over what it covers). */
  .group-heading + .cards,
  .group-heading + .hint {
    margin-block-start: 4px;
  }
  .group-toggle {
    display: flex;
    align-items: center;
    gap: 8px;
    inline-size: 100%;
    padding: 6px 6px;
    margin-inline-start: -6px;
    border-radius: var(--_qa-radius-small);
    font-size: 0.93em;
    font-weight: 620;
    color: var(--_qa-text);
    text-align: start;
  }
  .group-toggle:hover {
    background: var(--_qa-hover);
  }
  .group-count {
    color: var(--_qa-text-quiet);
    font-weight: 500;
    font-variant-numeric: tabular-nums;
  }
  /* A group's chevron points down, or towards the inline end when the group is collapsed. */
  .group-toggle .chev {
    margin-inline: 3px 2px;
    color: var(--_qa-text-quiet);
    transform: rotate(45deg) translate(-1px, -1px);
  }
  .group-toggle[aria-expanded='false'] .chev {
    transform: rotate(-45deg);
  }
  :host(:dir(rtl)) .group-toggle[aria-expanded='false'] .chev {
    transform: rotate(135deg);
  }
  .more-row {
    display: flex;
    flex-wrap: wrap;
    gap: 6px;
    margin-block-start: 8px;
  }
  .show-more,
  .show-less {
    min-block-size: 28px;
    padding: 4px 12px;
    border-radius: 999px;
    border: 1px solid var(--_qa-border-control);
    font-size: 0.9em;
    color: var(--_qa-accent-ink);
    font-weight: 550;
  }
  .show-less {
    color: var(--_qa-text-quiet);
  }
  .show-more:hover,
  .show-less:hover {
    background: var(--_qa-hover);
  }
  .hint {
    margin: 0 0 8px;
    color: var(--_qa-text-quiet);
    font-size: 0.86em;
  }
  .discovered-group {
    margin-block-start: 14px;
    padding-block-start: 6px;
    border-block-start: 1px dashed var(--_qa-border-strong);
  }
  .empty {
    display: grid;
    justify-items: center;
    gap: 8px;
    padding: 40px 12px;
    text-align: center;
    color: var(--_qa-text-quiet);
  }
  .empty p {
    margin: 0;
    max-inline-size: 28ch;
  }
  .empty-mark {
    font-size: 28px;
    color: var(--_qa-text-faint);
  }
  .notice {
    display: flex;
    gap: 8px;
    margin-block: 10px 4px;
    padding: 8px 10px;
    border-radius: var(--_qa-radius-small);
    border: 1px solid var(--_qa-border);
    background: var(--_qa-surface-raised);
    font-size: 0.86em;
    color: var(--_qa-text-quiet);
  }
  .notice .glyph {
    font-size: 15px;
    margin-block-start: 1px;
    color: var(--_qa-accent);
  }
  .notice p {
    margin: 0;
    color: var(--_qa-text);
  }
  .notice ul {
    margin: 4px 0 0;
    padding: 0;
    list-style: none;
  }
  .notice li {
    overflow-wrap: anywhere;
    unicode-bidi: isolate;
  }
  .problems {
    display: block;
  }
  .problems summary {
    cursor: pointer;
    color: var(--_qa-text);
    font-weight: 600;
  }
  .problems summary::marker {
    color: var(--_qa-danger);
  }
  .problems ul {
    margin-block-start: 6px;
  }
  .problems li {
    position: relative;
    padding-block: 2px;
    padding-inline-start: 14px;
  }
  .problems li::before {
    content: '';
    position: absolute;
    inset-inline-start: 2px;
    inset-block-start: 0.7em;
    inline-size: 6px;
    block-size: 6px;
    border-radius: 50%;
    background: var(--_qa-danger);
  }
  .problems li.severity-warning::before {
    background: var(--_qa-warning);
  }
  .problems code {
    font-family: var(--_qa-font-mono);
    font-size: 0.95em;
    color: var(--_qa-text);
  }
  @media (forced-colors: active) {
    .show-more,
    .show-less {
      border-color: ButtonText;
    }
  }
`;
