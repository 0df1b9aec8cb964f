import { css } from 'lit';

/** Styles of `<qa-citation>`: a superscript-like chip that never changes the height of its line. */
export const citationStyles = css`
  :host {
    display: inline;
    font-size: inherit;
    line-height: inherit;
  }
  .chip {
    display: inline-block;
    position: relative;
    inset-block-start: -0.45em;
    min-inline-size: 1.45em;
    margin-inline: 0.12em;
    padding: 0.12em 0.36em;
    border-radius: 999px;
    background: var(--qa-citation-background, color-mix(in srgb, var(--_qa-accent) 12%, var(--_qa-surface)));
    color: var(--qa-citation-color, color-mix(in srgb, var(--_qa-accent) 80%, var(--_qa-text)));
    font: 600 0.72em/1 var(--_qa-font-sans);
    font-variant-numeric: tabular-nums;
    text-align: center;
    vertical-align: baseline;
    white-space: nowrap;
    transition: background-color var(--_qa-duration), box-shadow var(--_qa-duration);
  }
  button.chip:hover,
  :host([highlighted]) button.chip,
  button.chip[aria-expanded='true'] {
    background: var(--qa-citation-highlight-background, color-mix(in srgb, var(--_qa-accent) 26%, var(--_qa-surface)));
  }
  :host([highlighted]) button.chip {
    box-shadow: 0 0 0 1.5px var(--_qa-accent);
  }
  .chip.unknown {
    background: var(--_qa-surface-raised);
    color: var(--_qa-text-faint);
    border: 1px dashed var(--_qa-border-strong);
    cursor: default;
  }
  .chip:focus-visible {
    outline-offset: 1px;
  }
  @media (forced-colors: active) {
    .chip {
      border: 1px solid ButtonText;
    }
    :host([highlighted]) button.chip {
      outline: 2px solid Highlight;
    }
  }
`;
