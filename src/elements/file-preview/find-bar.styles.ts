// Text, not a Lit `CSSResult`: the kit's builds minify every `css` literal, and
// a plain string keeps Lit's style module out of the lazy chunk. Each part's
// chunk has this line of its own: shared, it became a chunk of its own.
const css = String.raw;

/**
 * Styles of the find bar's field (query, match count, the case and word
 * toggles). They travel with find's lazy chunk, which fills its part
 * sheet with them when it arrives (`part-sheets.ts`); the bar itself, which
 * also says when find could not be loaded, is styled with the preview.
 */
export const findCss = css`
  .find-field {
    flex: 1 1 12rem;
    min-inline-size: 5rem;
    display: flex;
    align-items: center;
    gap: 6px;
    block-size: 28px;
    box-sizing: border-box;
    padding-inline: 8px;
    margin-inline-end: 4px;
    border: 1px solid var(--_qa-border-control);
    border-radius: var(--_qa-radius-small);
    background: var(--_bg);
    color: var(--_qa-text-quiet);
  }
  .find-field:focus-within {
    outline: 2px solid var(--_qa-focus);
    outline-offset: -1px;
  }
  .find-field[data-none='true'] {
    border-color: var(--_qa-danger);
  }
  .find-input {
    flex: 1;
    min-inline-size: 0;
    padding: 0;
    border: 0;
    outline: 0;
    background: transparent;
    color: var(--_qa-text);
    font: inherit;
  }
  .find-input::placeholder {
    color: var(--_qa-text-faint);
  }
  .toggle-button[aria-pressed='true'] {
    color: var(--_qa-accent);
    background: color-mix(in srgb, var(--_qa-accent) 14%, transparent);
    box-shadow: inset 0 0 0 1px color-mix(in srgb, var(--_qa-accent) 60%, transparent);
  }
  @container (max-width: 400px) {
    .find-field {
      flex-basis: 100%;
      margin-inline-end: 0;
    }
  }
`;
