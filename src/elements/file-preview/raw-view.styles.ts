// Text, not a Lit `CSSResult`: the kit's builds minify every `css` literal, and
// a plain string keeps Lit's style module out of the lazy chunk. Each part's
// chunk has this line of its own: shared, it became a chunk of its own.
const css = String.raw;

/**
 * Styles of the raw view's rows (fixed 20px lines, one sticky gutter of line
 * numbers, tinted ranges, selected lines) and of the overview ruler's marks.
 * They travel with the raw view's lazy chunk, which fills its part sheet
 * with them when it arrives (`part-sheets.ts`); the scroller itself is
 * styled with the preview.
 */
export const rawViewCss = css`
  .raw-sizer {
    position: relative;
    --_gutter: calc(var(--qa-raw-digits, 3) * 1ch + 28px);
    min-inline-size: 100%;
    inline-size: calc(var(--_gutter) + var(--qa-raw-columns, 80) * 1ch + 24px);
  }
  /* Wrap lines: rows as tall as their text, no sideways scrolling. */
  .raw[data-wrap='on'] .raw-sizer {
    inline-size: 100%;
  }
  .raw[data-wrap='on'] .ln {
    block-size: auto;
    white-space: pre-wrap;
    word-break: break-all;
  }
  .ch-probe {
    position: absolute;
    visibility: hidden;
    white-space: pre;
  }
  .ln {
    position: absolute;
    inset-inline: 0;
    block-size: 20px;
    line-height: 20px;
    white-space: pre;
    padding-inline: calc(var(--_gutter) + 12px) 16px;
    contain: layout style;
  }
  /* One sticky column for all line numbers (a sticky box per row would be a composited layer per row). */
  .raw-gutter {
    position: sticky;
    inset-inline-start: 0;
    z-index: 1;
    inline-size: var(--_gutter);
    block-size: 100%;
    background: var(--_bg);
    user-select: none;
    -webkit-user-select: none;
  }
  /* The numbers of the rows shown, one per text line (line breaks in the attribute). */
  .nums {
    position: absolute;
    inset-inline: 0;
    line-height: 20px;
    box-sizing: border-box;
    padding-inline-end: 14px;
    border-inline-start: 3px solid transparent;
    text-align: end;
    white-space: pre;
    color: var(--_gutter-color);
    font-variant-numeric: tabular-nums;
  }
  .nums::before {
    content: attr(data-lines) / '';
  }
  .ln.ref {
    background: var(--_raw-tint);
  }
  .nums.ref {
    border-inline-start-color: var(--_raw-edge);
    background: linear-gradient(var(--_raw-tint), var(--_raw-tint)), var(--_bg);
    color: var(--_qa-text-quiet);
  }
  /* The current range: a deeper tint, a solid edge and strong numbers (not only the band). */
  .ln.ref.cur {
    background: var(--_raw-tint-current);
  }
  .nums.ref.cur {
    border-inline-start-width: 4px;
    background: linear-gradient(var(--_raw-tint-current), var(--_raw-tint-current)), var(--_bg);
    color: var(--_qa-text);
    font-weight: 600;
  }
  .ln.ref-start {
    box-shadow: inset 0 1px 0 color-mix(in srgb, var(--_raw-edge) 35%, transparent);
  }
  .ln.ref-end {
    box-shadow: inset 0 -1px 0 color-mix(in srgb, var(--_raw-edge) 35%, transparent);
  }
  .ln.ref-start.ref-end {
    box-shadow:
      inset 0 1px 0 color-mix(in srgb, var(--_raw-edge) 35%, transparent),
      inset 0 -1px 0 color-mix(in srgb, var(--_raw-edge) 35%, transparent);
  }
  /* Lines selected by their numbers: blue, apart from the yellow of cited ranges. */
  .raw-gutter {
    cursor: pointer;
  }
  .ln.sel,
  .ln.ref.sel {
    background: var(--_raw-select);
  }
  .nums.sel {
    border-inline-start: 3px solid var(--_raw-select-edge);
    background: linear-gradient(var(--_raw-select), var(--_raw-select)), var(--_bg);
    color: var(--_raw-select-edge);
    font-weight: 600;
  }
  /* A direction control (Trojan Source) shown as a marker instead of reordering the line. */
  .ln .bidi {
    margin-inline: 1px;
    padding: 0 0.25em;
    font-size: 0.85em;
    font-style: normal;
    font-weight: normal;
    text-decoration: none;
    color: var(--_qa-warning);
    border: 1px solid currentColor;
    border-radius: var(--_qa-radius-small);
    unicode-bidi: isolate;
  }
  .raw ::selection {
    background: color-mix(in srgb, var(--_qa-accent) 28%, transparent);
  }

  /* Go to line: the line flashes once (the keyframes are the preview's). */
  .ln.flash {
    animation: qa-flash 1.2s ease-out 1;
  }
  .raw-ruler .mark {
    position: absolute;
    inset-inline: 0;
    min-block-size: 2px;
  }
  .raw-ruler .mark.range {
    inset-inline-end: 3px;
    background: color-mix(in srgb, var(--_raw-edge) 70%, transparent);
  }
  .raw-ruler .mark.range.cur {
    background: var(--_raw-edge);
  }
  .raw-ruler .mark.match {
    inset-inline-start: 3px;
    block-size: 2px;
    background: var(--_find-edge);
  }
  .raw-ruler .mark.match.cur {
    inset-inline-start: 0;
    block-size: auto;
    background: var(--_qa-text);
  }
  @media (prefers-reduced-motion: reduce) {
    .ln.flash {
      animation: none;
    }
  }
  @media (forced-colors: active) {
    .nums.ref {
      border-inline-start-color: Highlight;
      forced-color-adjust: none;
      background: Canvas;
      color: CanvasText;
    }
    .raw-ruler .mark {
      forced-color-adjust: none;
      background: CanvasText;
    }
  }
`;
