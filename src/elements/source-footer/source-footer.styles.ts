import { css } from 'lit';

/** Layout of `<qa-source-footer>`: one line of chips that wraps, and the grouped list under it. */
export const footerStyles = css`
  :host {
    display: none;
  }
  :host([data-has-sources]) {
    display: block;
    /* Accent as text: a little toward the text colour, so small text keeps 4.5:1 on any accent. */
    --_qa-accent-ink: color-mix(in srgb, var(--_qa-accent) 80%, var(--_qa-text));
  }
  .base {
    font-size: 0.93em;
    container: qa-footer / inline-size;
  }
  .bar {
    display: flex;
    align-items: baseline;
    gap: 6px var(--qa-footer-gap, 10px);
  }
  .chips {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 6px;
    min-inline-size: 0;
  }
  .label {
    flex: none;
    display: inline-flex;
    align-items: center;
    gap: 6px;
    font-weight: 600;
    color: var(--_qa-text-quiet);
    white-space: nowrap;
  }
  .n {
    font-variant-numeric: tabular-nums;
    color: var(--_qa-text);
  }
  .chip {
    display: inline-flex;
    align-items: baseline;
    gap: 5px;
    max-inline-size: 100%;
    min-block-size: 26px;
    padding: 2px 10px;
    border-radius: var(--qa-footer-chip-radius, 999px);
    border: 1px solid var(--qa-footer-chip-border-color, var(--_qa-border-control));
    background: var(--qa-footer-chip-background, transparent);
    color: var(--_qa-text);
    line-height: 1.5;
    white-space: nowrap;
    transition:
      background-color var(--_qa-duration),
      border-color var(--_qa-duration);
  }
  .chip:hover {
    background: var(--qa-footer-chip-hover-background, var(--_qa-hover));
    border-color: var(--_qa-text-faint);
  }
  .chip-n {
    color: var(--_qa-text-quiet);
    font-variant-numeric: tabular-nums;
  }
  /* The expand control: "All 7" and a chevron, right after the last chip (it wraps with them). */
  .toggle {
    display: inline-flex;
    align-items: center;
    gap: 7px;
    min-block-size: 26px;
    padding: 2px 10px 2px 8px;
    border-radius: var(--qa-footer-chip-radius, 999px);
    color: var(--_qa-accent-ink);
    font-weight: 550;
    line-height: 1.5;
    white-space: nowrap;
  }
  .toggle:hover {
    background: var(--_qa-hover);
  }
  .toggle:hover .toggle-text {
    text-decoration: underline;
    text-underline-offset: 2px;
  }
  .list {
    margin-block-start: 8px;
    padding: 10px 12px 8px;
    border-radius: var(--_qa-radius);
    border: 1px solid var(--_qa-border);
    background: var(--qa-footer-list-background, var(--_qa-surface));
  }
  .lgroup + .lgroup {
    margin-block-start: 8px;
  }
  .lgroup-name {
    margin: 0 0 2px;
    font-size: 0.86em;
    font-weight: 600;
    color: var(--_qa-text-quiet);
  }
  .list ul {
    margin: 0;
    padding: 0;
    list-style: none;
  }
  .list li {
    display: flex;
    align-items: center;
    min-inline-size: 0;
  }
  .entry {
    display: inline-flex;
    align-items: center;
    gap: 8px;
    min-inline-size: 0;
    max-inline-size: calc(100% + 6px);
    min-block-size: 26px;
    padding: 2px 6px;
    margin-inline-start: -6px;
    border-radius: var(--_qa-radius-small);
    color: var(--_qa-text);
    text-decoration: none;
    text-align: start;
  }
  /* The kind of each entry, as on the panel's cards (the focus ring goes round it with room to spare). */
  .entry > .kind {
    font-size: 14px;
    color: var(--_qa-text-quiet);
  }
  .entry:hover .e-title {
    text-decoration: underline;
    text-underline-offset: 2px;
  }
  .e-text {
    min-inline-size: 0;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
    unicode-bidi: isolate;
    color: var(--_qa-text-quiet);
  }
  .entry:focus-visible .e-text {
    white-space: normal;
    overflow-wrap: anywhere;
  }
  .e-title {
    color: var(--_qa-text);
    unicode-bidi: isolate;
  }
  .glyph {
    inline-size: 1em;
    block-size: 1em;
    flex: none;
  }
  .ext {
    font-size: 12px;
    color: var(--_qa-text-faint);
  }
  .more {
    min-block-size: 26px;
    margin-block-start: 2px;
    margin-inline-start: calc(14px + 2px);
    padding: 2px 6px;
    border-radius: var(--_qa-radius-small);
    color: var(--_qa-accent-ink);
    font-size: 0.93em;
  }
  .more:hover {
    text-decoration: underline;
  }
  /* Narrow: the label on the first line, the chips and the toggle under it. */
  @container qa-footer (max-width: 420px) {
    .bar {
      flex-direction: column;
      align-items: stretch;
    }
  }
  @media (forced-colors: active) {
    .chip {
      border-color: ButtonText;
    }
  }
`;
